import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { onSaleErrorText } from '../fixtures/errors';

/**
 * This app's code for a confirm that answered `unknownOrNoDocument`: the API knows no payment
 * for that secret.
 */
export const PAYMENT_UNKNOWN = 'payment_unknown';

/**
 * The fan's words for a failed checkout call (orders, holders, payment, wallet), chosen by the
 * API's `code`; the on-sale codes and every other one are left to `onSaleErrorText`.
 */
export function checkoutErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) {
    return onSaleErrorText(t, error);
  }
  switch (error.code) {
    case 'nothing_held':
      return t('errors.nothing_held');
    case 'order_not_found':
      return t('errors.order_not_found');
    case 'holder_has_seat':
      return t('errors.holder_has_seat');
    case 'order_not_pending':
      return t('errors.order_not_pending');
    case 'holders_missing':
      return t('errors.holders_missing');
    case 'holders_ineligible':
      return t('errors.holders_ineligible');
    case 'ticketing_unavailable':
      return t('errors.ticketing_unavailable');
    case 'hold_expired':
      return t('errors.hold_expired');
    case 'free_order':
      return t('errors.free_order');
    case 'payments_unavailable':
      return t('errors.payments_unavailable');
    case 'payment_declined':
      return t('errors.payment_declined');
    case 'payment_pending':
      return t('errors.payment_pending');
    case 'not_free':
      return t('errors.not_free');
    case 'ticket_not_found':
      return t('errors.ticket_not_found');
    case PAYMENT_UNKNOWN:
      return t('checkout.payment.unknown');
    // Holders are the only thing checked here: not the on-sale "check the seats you chose".
    case 'validation':
    case 'validation_failed':
      return t('errors.validation_failed');
    default:
      return onSaleErrorText(t, error);
  }
}

/**
 * The lines a 409 `holder_has_seat` names (`errors.line_ids`; a season order's
 * `holder_has_season_ticket` too); empty for anything else.
 */
export function lineIdsWithSeat(error: unknown): number[] {
  if (!(error instanceof ApiError) || (error.code !== 'holder_has_seat' && error.code !== 'holder_has_season_ticket')) {
    return [];
  }
  const ids = error.details.line_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}
