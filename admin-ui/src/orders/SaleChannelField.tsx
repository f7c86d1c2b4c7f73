import Box from '@mui/material/Box';
import type { FieldProps } from 'react-admin';
import { ByStaffField } from './ByStaffField';
import { PaymentMethodField } from './PaymentMethodField';

interface SaleChannelFieldProps extends Omit<FieldProps, 'source'> {
  /** Where the record says staff sold it: a match order's `is_order_by_admin`, a season order's `sold_by`. */
  staffSource?: 'is_order_by_admin' | 'sold_by';
}

/**
 * How an order (or a ticket's order) was paid, with the staff mark beside it when staff sold it:
 * one cell for what were two columns. Reads `payment_method` and `is_order_by_admin` (a season
 * order's `sold_by`).
 */
export function SaleChannelField({ staffSource = 'is_order_by_admin', ...props }: SaleChannelFieldProps) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <PaymentMethodField {...props} source="payment_method" />
      <ByStaffField {...props} source={staffSource} />
    </Box>
  );
}
