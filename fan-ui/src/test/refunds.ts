import type { MyRefundRequests, RefundRequestView, RefundableOrder } from '../../../api-types';

/** The order most refund tests use. */
export const REFUND_ORDER_ID = '0193c4d5-e6f7-7a80-9b1c-2d3e4f5a6b7c';

/** Como - Lazio, cancelled: two tickets of the fan's, 50 € in all, no request yet. */
export function aRefundableOrder(overrides: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    order_id: REFUND_ORDER_ID,
    fixture: { id: 7, title: 'Como - Lazio', competition: 'Serie A', starts_at: '2026-12-06T19:45:00Z' },
    why: 'cancelled',
    tickets: 2,
    amount_cents: 5000,
    pending: false,
    ...overrides,
  };
}

/** A request for that order, waiting for staff. */
export function aRefundRequest(overrides: Partial<RefundRequestView> = {}): RefundRequestView {
  return {
    id: '0193c4d5-e6f7-7a80-9b1c-000000000001',
    order_id: REFUND_ORDER_ID,
    fixture: { id: 7, title: 'Como - Lazio', competition: 'Serie A', starts_at: '2026-12-06T19:45:00Z' },
    state: 'pending',
    reason: '',
    staff_note: null,
    buyer_email: 'luca.neri@example.it',
    tickets: 2,
    amount_cents: 5000,
    created_at: '2026-11-26T10:00:00Z',
    decided_at: null,
    ...overrides,
  };
}

/** `GET /api/refund-requests`. */
export function myRefundRequests(overrides: Partial<MyRefundRequests> = {}): MyRefundRequests {
  return { refundable: [aRefundableOrder()], items: [], ...overrides };
}
