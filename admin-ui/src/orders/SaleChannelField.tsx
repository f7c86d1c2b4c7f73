import Box from '@mui/material/Box';
import type { FieldProps } from 'react-admin';
import { ByStaffField } from './ByStaffField';
import { PaymentMethodField } from './PaymentMethodField';

/**
 * How an order (or a ticket's order) was paid, with the staff mark beside it when staff sold it:
 * one cell for what were two columns. Reads `payment_method` and `is_order_by_admin`.
 */
export function SaleChannelField(props: Omit<FieldProps, 'source'>) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <PaymentMethodField {...props} source="payment_method" />
      <ByStaffField {...props} source="is_order_by_admin" />
    </Box>
  );
}
