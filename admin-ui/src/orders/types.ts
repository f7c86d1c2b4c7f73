import type { Identifier } from 'react-admin';

/**
 * An order's life: pending (holders and payment) → paid → issuing → issued; or failed (issuing
 * gave up: staff retry or refund), refunding → refunded, cancelled.
 */
export const ORDER_STATES = [
  'pending',
  'paid',
  'issuing',
  'issued',
  'failed',
  'refunding',
  'refunded',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The club's payment status of an order: 0 pending, 1 paid, -1 anything else (cancelled, refunded). */
export const PAYMENT_STATUSES = [0, 1, -1] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Translation key suffix of each payment status. */
export const PAYMENT_STATUS_KEYS = {
  0: 'pending',
  1: 'paid',
  [-1]: 'other',
} as const satisfies Record<PaymentStatus, string>;

/** An order as `GET /api/admin/orders` lists it. */
export interface Order {
  id: Identifier;
  fixture_id: Identifier;
  fixture_title: string;
  buyer_email: string;
  payment_status: number;
  state: OrderState;
  total_cents: number;
  /** How many seats (order lines) it has. */
  lines: number;
  is_order_by_admin: boolean;
  payment_method: string | null;
  created_at: string;
}

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'number' && (PAYMENT_STATUSES as readonly number[]).includes(value);
}
