/**
 * The checkout API's shapes (docs/api/checkout.md, fan side). Money in cents, times ISO 8601 UTC
 * (shown in Europe/Rome).
 */

/** The match an order or a ticket is for. */
export interface OrderFixture {
  id: number;
  title: string;
  competition: string;
  starts_at: string;
}

/** `pending` waits for holders and payment; then `paid`, `issuing`, `issued`, or one of the others. */
export type OrderState = 'pending' | 'paid' | 'issuing' | 'issued' | 'failed' | 'refunding' | 'refunded' | 'cancelled';

export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A holder's sex as the ticketing system records it; optional, but the women's fare needs `F`. */
export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/** The person a ticket is for (the law wants every ticket named). */
export interface Holder {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  birth_place: string;
  document_type: DocumentType;
  document_number: string;
  /** Null when not given. */
  sex: Sex | null;
}

/** Why the ticketing system refuses a holder a title. */
/** Why the ticketing system would refuse a holder's ticket (the API's `ineligible_reason`). */
export type IneligibleReason =
  | 'banned'
  | 'has_title'
  | 'card_required'
  | 'buyer_limit'
  | 'reduction_not_allowed'
  | 'not_on_sale';

/** The title the ticketing system issued for a line. */
export interface IssuedTitle {
  seal: string;
  barcode: string;
  state: TicketState;
  issued_at: string;
}

export interface OrderLine {
  id: number;
  seat_id: number;
  label: string;
  sector_code: string;
  sector_name: string;
  block_code: string;
  row: string;
  number: number;
  gate: string;
  reduction_id: number;
  reduction_code: string;
  reduction_name: string;
  price_cents: number;
  /** Null until named. */
  holder: Holder | null;
  /** Null until checked (`POST /api/orders/{id}/verify`). */
  eligible: boolean | null;
  /** Set by verify when `eligible` is false. */
  ineligible_reason?: IneligibleReason | null;
  /** Null until issued. */
  title: IssuedTitle | null;
  /** A standing place (a no-map block), when the API says so; else row "P" tells (see isStanding). */
  no_map?: boolean;
}

/** `GET /api/orders/{id}` (the spec's fixtures_seats_reserved). */
export interface Order {
  id: string;
  fixture: OrderFixture;
  /** The spec's 0 pending, 1 paid, -1 another state. */
  payment_status: 0 | 1 | -1;
  state: OrderState;
  total_cents: number;
  buyer_email: string;
  /** When the seats' hold ends; null once the order is no longer pending. */
  expires_at: string | null;
  created_at: string;
  holders_complete: boolean;
  lines: OrderLine[];
}

/** `PUT /api/orders/{id}/holders`: every line of the order, in its order. */
export interface HoldersRequest {
  lines: { id: number; reduction_id: number; holder: Holder }[];
}

/** `POST /api/orders/{id}/payment`: the order's payment intent (the same one every time). */
export interface PaymentIntent {
  payment_intent_id: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  publishable_key: string;
  provider: 'simulator' | 'stripe';
  simulator_url: string | null;
}

/** `POST /api/orders/{id}/confirm` and `/confirm-free`. */
export interface ConfirmResult {
  outcome: 'paymentProcessedSuccess' | 'paymentAlreadyProcessed' | 'unknownOrNoDocument';
  order: Order | null;
}

export type TicketState = 'valid' | 'used' | 'cancelled';

/** One issued title in `GET /api/wallet`. */
export interface Ticket {
  id: number;
  order_id: string;
  fixture: OrderFixture;
  label: string;
  sector_code: string;
  sector_name: string;
  block_code: string;
  row: string;
  number: number;
  gate: string;
  holder_name: string;
  price_cents: number;
  /** When the API sends it: the fare's code, by which its name is translated. */
  reduction_code?: string;
  reduction_name: string;
  /** A standing place, when the API says so; else row "P" tells (see isStanding). */
  no_map?: boolean;
  seal: string;
  barcode: string;
  state: TicketState;
  issued_at: string;
}

export type NotificationKind = 'tickets_issued' | 'order_refunded' | 'issue_failed';

/** One entry of `GET /api/notifications`. */
export interface FanNotification {
  id: string;
  kind: NotificationKind;
  params: { fixture?: string; count?: number };
  order_id: string | null;
  created_at: string;
  read: boolean;
}

export interface NotificationList {
  items: FanNotification[];
  unread: number;
}
