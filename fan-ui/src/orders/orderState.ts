import type { Order, OrderState } from '../../../api-types';

/** Whether the order may be paid: every holder named and allowed a title by the check. */
export function readyToPay(order: Order): boolean {
  return order.holders_complete && order.lines.every((line) => line.eligible === true);
}

/**
 * States after which nothing more happens by itself: the thank-you page stops reading the order.
 * `pending` is not one there (a payment in flight is confirmed by the webhook), nor `paid` and
 * `issuing` (the worker is issuing), nor `refunding`.
 */
const SETTLED: readonly OrderState[] = ['issued', 'failed', 'refunded', 'cancelled'];

export function isSettled(order: Pick<Order, 'state'>): boolean {
  return SETTLED.includes(order.state);
}

/**
 * Whether the order's money has been taken, or the order has gone on from there (issued, or
 * failed and refunded): anything but a pending, unpaid order or a cancelled one.
 */
export function paymentWentThrough(order: Pick<Order, 'payment_status' | 'state'>): boolean {
  return order.payment_status === 1 || (order.state !== 'pending' && order.state !== 'cancelled');
}
