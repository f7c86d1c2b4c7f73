import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isPaymentStatus, PAYMENT_STATUS_KEYS } from './types';
import type { PaymentStatus } from '../../../api-types';
import type { OrderRow } from '../../../api-types';

const chipLook = {
  0: { color: 'default', variant: 'outlined' },
  1: { color: 'success', variant: 'filled' },
  [-1]: { color: 'default', variant: 'filled' },
} as const satisfies Record<PaymentStatus, { color: 'default' | 'success'; variant: 'filled' | 'outlined' }>;

/** Whether the order is paid: green paid, grey pending or another state (cancelled, refunded). */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const translate = useTranslate();
  const { color, variant } = chipLook[status];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      label={translate(`resources.orders.payment_statuses.${PAYMENT_STATUS_KEYS[status]}`)}
      data-payment-status={status}
    />
  );
}

/** The payment status chip of the order in the current record context. */
export function PaymentStatusField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  if (record === undefined || !isPaymentStatus(record.payment_status)) {
    return null;
  }
  return <PaymentStatusChip status={record.payment_status} />;
}
