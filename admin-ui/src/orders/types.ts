import type { Identifier } from 'react-admin';
import type { HolderDetails, OrderState, PaymentStatus } from '../../../api-types';

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
] as const satisfies readonly OrderState[];

/** The club's payment status of an order: 0 pending, 1 paid, -1 anything else (cancelled, refunded). */
export const PAYMENT_STATUSES = [0, 1, -1] as const satisfies readonly PaymentStatus[];

/** Translation key suffix of each payment status. */
export const PAYMENT_STATUS_KEYS = {
  0: 'pending',
  1: 'paid',
  [-1]: 'other',
} as const satisfies Record<PaymentStatus, string>;

/** A title's state in the ticketing system, null while the line has none. */
export type LineTitleState = 'valid' | 'used' | 'cancelled';

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

/** The holder's fields, in the order the form shows them. */
export const HOLDER_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'birth_place',
  'document_type',
  'document_number',
] as const satisfies readonly (keyof HolderDetails)[];

/** A line of a sale form: a seat, its reduction and its holder, as typed so far. */
export interface SaleLineValues {
  label?: string | null;
  reduction_id?: number | null;
  holder?: Partial<Record<keyof HolderDetails, string | null>> | null;
  /** Season tickets only: one ticket per covered match instead of a season title. */
  collection?: boolean | null;
}

/** What every box-office sale form asks, whatever it sells: the buyer, the payment, the e-mail's language, the lines. */
export interface SaleDeskValues {
  buyer_email?: string | null;
  payment_method?: BoxOfficePaymentMethod | '' | null;
  language?: SaleLanguage | null;
  lines?: SaleLineValues[] | null;
}

/** The match sale form's values (the request's shape, with fields still empty). */
export interface SaleFormValues extends SaleDeskValues {
  fixture_id?: Identifier | '' | null;
}

/** The season ticket sale form's values (the request's shape, with fields still empty). */
export interface SeasonSaleFormValues extends SaleDeskValues {
  season_ticket_id?: Identifier | '' | null;
}
