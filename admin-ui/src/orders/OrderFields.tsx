import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { PriceField } from '../fields/PriceField';
import { StackedCell } from '../fields/StackedCell';
import { PaymentStatusField } from './PaymentStatusChip';
import { SaleChannelField } from './SaleChannelField';
import type { OrderRow } from '../../../api-types';

/** The buyer's e-mail, and under it the order's id (what staff quote to the club's support). */
export function BuyerField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={String(record.id)} monospace>
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {record.buyer_email}
      </Typography>
    </StackedCell>
  );
}

/** Whether the order is paid, and under it how (marked when staff sold it). */
export function PaymentField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={<SaleChannelField />}>
      <PaymentStatusField source="payment_status" />
    </StackedCell>
  );
}

/** The order's total, and under it how many seats it is for. */
export function TotalField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell align="right" secondary={translate('resources.orders.tickets', { smart_count: record.lines })}>
      <PriceField source="total_cents" />
    </StackedCell>
  );
}
