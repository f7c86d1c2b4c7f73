import Box from '@mui/material/Box';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { LazyOrderRefunds } from '../lazyPages';
import { OrderAudit, OrderEmails, OrderLines, OrderPayment, OrderProblem, OrderSummary } from './OrderSections';
import type { OrderDetail } from '../../../api-types';

function OrderShowActions() {
  return (
    <TopToolbar>
      <ListButton />
    </TopToolbar>
  );
}

/** The orders whose tickets staff refund, or have refunded: their "Rimborsi" section shows. */
const REFUNDABLE_STATES: ReadonlySet<string> = new Set(['issued', 'refunding', 'refunded']);

/**
 * The sections of one order's page. The lines, e-mails and audit trail come with newer APIs:
 * each shows only when the API gives it.
 */
function OrderShowLayout() {
  const order = useRecordContext<OrderDetail>();
  if (order === undefined) {
    return null;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
      <OrderSummary order={order} />
      <OrderProblem order={order} />
      <OrderPayment order={order} />
      {order.details !== undefined && <OrderLines lines={order.details} />}
      {REFUNDABLE_STATES.has(order.state) && <LazyOrderRefunds />}
      {order.emails !== undefined && <OrderEmails emails={order.emails} />}
      {order.audit !== undefined && <OrderAudit entries={order.audit} />}
    </Box>
  );
}

/**
 * One order, at /admin/orders/{id}/show, for staff following a customer's case: who bought what
 * for which match (linking to the match and the buyer's account), what went wrong issuing it with
 * the failed issues' retry and refund, the payment, each seat with its holder and title, the
 * e-mails sent about it and its audit trail.
 */
export function OrderShow() {
  return (
    <Show<OrderDetail> actions={<OrderShowActions />} component="div">
      <OrderShowLayout />
    </Show>
  );
}
