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

/** A title's state in the ticketing system, null while the line has none. */
export type LineTitleState = 'valid' | 'used' | 'cancelled';

/** One seat of an order, with its holder and its title, as the order's page reads it. */
export interface OrderLine {
  /** The order line's id, which is also its issued ticket's. */
  id: Identifier;
  label: string;
  sector_code: string;
  sector_name: string | null;
  block_code: string | null;
  row: string | null;
  number: number | null;
  gate: string | null;
  reduction_code: string | null;
  reduction_name: string | null;
  price_cents: number;
  holder_name: string | null;
  /** `yyyy-mm-dd`. */
  holder_birth_date: string | null;
  /** The fiscal seal of the title, once issued. */
  seal: string | null;
  title_state: LineTitleState | null;
  issued_at: string | null;
}

/** An e-mail sent to the buyer about the order (its page is the emails resource's). */
export interface OrderEmail {
  id: Identifier;
  template: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
}

/** One entry of the order's audit trail: who did what, when. */
export interface OrderAuditEntry {
  id: Identifier;
  at: string;
  /** Null for what the system did by itself. */
  actor_email: string | null;
  /** E.g. `order.issue_retried`, `order.refunded`. */
  action: string;
  details: unknown;
}

/**
 * An order as `GET /api/admin/orders/{id}` returns it: the list's row, plus (as the API grows)
 * its account, payment, lines, e-mails and audit trail. Each addition is optional, so the page
 * shows what the API gives and leaves out what it does not give yet.
 */
export interface OrderDetail extends Order {
  issued_lines?: number;
  /** The last error of the issuing job. */
  error?: string | null;
  attempts?: number;
  failed_at?: string | null;
  user_id?: Identifier | null;
  language?: 'it' | 'en' | null;
  paid_at?: string | null;
  refunded_at?: string | null;
  refund_id?: string | null;
  payment_intent_id?: string | null;
  /** `issue_failed`, `refused:CODE`... */
  refund_reason?: string | null;
  /** The ticketing system's refusal code (TESSERA_RICHIESTA...), when it refused. */
  error_code?: string | null;
  /** False when the failure is a refusal that cannot change: retrying would fail the same way. */
  retryable?: boolean;
  details?: OrderLine[];
  emails?: OrderEmail[];
  audit?: OrderAuditEntry[];
}

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'number' && (PAYMENT_STATUSES as readonly number[]).includes(value);
}

/** How staff may take the money at the box office (complimentary: a free ticket). */
export const BOX_OFFICE_PAYMENT_METHODS = ['cash', 'pos', 'bank_transfer', 'complimentary'] as const;
export type BoxOfficePaymentMethod = (typeof BOX_OFFICE_PAYMENT_METHODS)[number];

/** The languages of the buyer's e-mail and PDF tickets. */
export const SALE_LANGUAGES = ['it', 'en'] as const;
export type SaleLanguage = (typeof SALE_LANGUAGES)[number];

/** The identity documents a ticket holder may show. */
export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A holder's sex, as the ticketing system records people (the women's reduction needs F). */
export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

export function isSex(value: unknown): value is Sex {
  return typeof value === 'string' && (SEXES as readonly string[]).includes(value);
}

/** The person a ticket is in the name of, as the API reads and checks them. */
export interface Holder {
  first_name: string;
  last_name: string;
  /** `yyyy-mm-dd`. */
  birth_date: string;
  birth_place: string;
  document_type: DocumentType;
  document_number: string;
  /** Optional: null when not given. */
  sex: Sex | null;
}

/** The holder's fields, in the order the form shows them. */
export const HOLDER_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'birth_place',
  'document_type',
  'document_number',
] as const satisfies readonly (keyof Holder)[];

/** `POST /api/admin/orders`: a box-office sale, seats named by their labels (`TC-TC1-1-1`). */
export interface SaleRequest {
  fixture_id: Identifier;
  buyer_email: string;
  payment_method: BoxOfficePaymentMethod;
  language: SaleLanguage;
  lines: { label: string; reduction_id: number; holder: Holder }[];
}

/** A line of the sale form: a seat, its reduction and its holder, as typed so far. */
export interface SaleLineValues {
  label?: string | null;
  reduction_id?: number | null;
  holder?: Partial<Record<keyof Holder, string | null>> | null;
}

/** The sale form's values (the request's shape, with fields still empty). */
export interface SaleFormValues {
  fixture_id?: Identifier | '' | null;
  buyer_email?: string | null;
  payment_method?: BoxOfficePaymentMethod | '' | null;
  language?: SaleLanguage | null;
  lines?: SaleLineValues[] | null;
}
