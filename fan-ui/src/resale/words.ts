import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { apiErrorText } from '../auth/errors';

/** The resale namespace's `t` (`useTranslation(RESALE_NS)`). */
export type ResaleT = TFunction<'resale'>;

/**
 * Why a season seat's match may not be offered for resale: the check's `refusal_code`, or a 409
 * of the offer (each said in `refusals.*`).
 */
const REFUSALS = [
  'transfers_closed',
  'transfer_window_closed',
  'match_started',
  'title_used',
  'title_cancelled',
  'already_passed_on',
  'in_resale',
  'title_banned',
  'transfer_in_progress',
  'no_face_value',
] as const;

/** A refusal's code in the fan's words; one the app does not know as a plain "not possible". */
export function resaleRefusalText(t: ResaleT, code: string | null | undefined): string {
  const known = REFUSALS.find((refusal) => refusal === code);
  return t(`refusals.${known ?? 'other'}`);
}

/** The fan's words for a failed call of the seller's page: its refusals and codes, else the app's. */
export function offerErrorText(t: ResaleT, app: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return resaleRefusalText(t, error.code);
  }
  if (error instanceof ApiError && (error.code === 'title_not_found' || error.code === 'rate_limited')) {
    return t(`errors.${error.code}`);
  }
  return apiErrorText(app, error);
}

/** The refusals of `POST /api/resales/{id}/purchase` said in the buyer's words (`buy.errors.*`). */
const PURCHASE_ERRORS = [
  'offer_reserved',
  'offer_closed',
  'own_offer',
  'holder_has_title',
  'reduction_not_fitting',
  'holder_banned',
  'buyer_banned',
  'rate_limited',
] as const;

/** The buyer's words for a failed purchase: its own codes, else the checkout's (`payments_unavailable`...). */
export function purchaseErrorText(t: ResaleT, checkout: (error: unknown) => string, error: unknown): string {
  const own = error instanceof ApiError ? PURCHASE_ERRORS.find((code) => code === error.code) : undefined;
  return own === undefined ? checkout(error) : t(`buy.errors.${own}`);
}

/** Why a price typed in euros is refused, each a message under `offer.errors`. */
export type PriceProblem = 'price_required' | 'price_format' | 'price_above_face_value' | 'price_below_fee';

/**
 * A price as the fan types it in euros ("45", "45,5", "45,50", "45.50", "€ 45") in cents; null
 * when it is not one.
 */
export function parseEuros(text: string): number | null {
  const value = text.replace(/[€\s]/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) {
    return null;
  }
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the price field shows them ("45,00" in Italian, "45.00" in English): no symbol, no grouping. */
export function eurosInput(cents: number, language: string): string {
  const text = (cents / 100).toFixed(2);
  return language === 'it' ? text.replace('.', ',') : text;
}

/**
 * The asking price read against the terms: more than the club's fee (the seller gets something
 * back), at most the face value. The price in cents, or why not.
 */
export function parsePrice(
  text: string,
  terms: { face_value_cents: number; fee_cents: number },
): { ok: true; cents: number } | { ok: false; problem: PriceProblem } {
  if (text.trim() === '') {
    return { ok: false, problem: 'price_required' };
  }
  const cents = parseEuros(text);
  if (cents === null) {
    return { ok: false, problem: 'price_format' };
  }
  if (cents > terms.face_value_cents) {
    return { ok: false, problem: 'price_above_face_value' };
  }
  if (cents <= terms.fee_cents) {
    return { ok: false, problem: 'price_below_fee' };
  }
  return { ok: true, cents };
}
