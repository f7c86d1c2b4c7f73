import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { isOrderState } from './types';
import type { OrderState } from '../../../api-types';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error';

const chipLook = {
  pending: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  paid: { color: 'info', variant: 'outlined', icon: <PaidOutlinedIcon /> },
  issuing: { color: 'info', variant: 'filled', icon: <HourglassEmptyOutlinedIcon /> },
  issued: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  failed: { color: 'error', variant: 'filled', icon: <ErrorOutlinedIcon /> },
  refunding: { color: 'warning', variant: 'outlined', icon: <CurrencyExchangeIcon /> },
  refunded: { color: 'warning', variant: 'filled', icon: <MoneyOffOutlinedIcon /> },
  cancelled: { color: 'default', variant: 'filled', icon: <BlockIcon /> },
} as const satisfies Record<
  OrderState,
  { color: ChipColor; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * An order's state: grey while pending or cancelled, blue paid and issuing, green issued, red
 * failed, amber refunding and refunded. Failed issues show the same states (they are orders).
 */
export function OrderStateChip({ state }: { state: OrderState }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[state];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.orders.states.${state}`)}
      data-state={state}
    />
  );
}

/**
 * The state chip of the order (or failed issue) in the current record context: its `source`
 * field, `state` by default (a season backlog line names its order's `order_state`).
 */
export function OrderStateField(props: FieldProps<RaRecord & { state?: unknown }>) {
  const record = useRecordContext(props);
  const state: unknown = record?.[props.source ?? 'state'];
  if (!isOrderState(state)) {
    return null;
  }
  return <OrderStateChip state={state} />;
}
