import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { checkoutErrorText } from '../orders/errors';
import { ineligibleText } from '../pages/checkout/eligibility';
import type { FareOption } from '../pages/checkout/fares';
import { sectorPrices } from '../pages/selected-season-ticket/seasonPrices';
import type { SeasonDetail } from './api';

/** The season namespace's `t` (`useTranslation(SEASON_ORDER_NS)`). */
export type SeasonT = TFunction<'seasonOrder'>;

/**
 * The fan's words for a failed season-order call: the codes a season order has of its own, or
 * whose match wording would be wrong here; every other one as at a match's checkout.
 */
export function seasonOrderErrorText(t: TFunction, ts: SeasonT, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'nothing_held':
        return ts('errors.nothing_held');
      case 'holder_has_season_ticket':
        return ts('errors.holder_has_season_ticket');
      case 'payment_started':
        return ts('errors.payment_started');
      case 'order_not_pending':
        return ts('errors.order_not_pending');
      case 'hold_expired':
        return ts('errors.hold_expired');
      // A renewal's holder is last season's: naming anyone else is refused.
      case 'renewal_holder':
        return ts('errors.renewal_holder');
      default:
        break;
    }
  }
  return checkoutErrorText(t, error);
}

/**
 * Why the ticketing system would refuse a season's holder: the season or (a collection) a match
 * not on public sale yet, `banned`, `has_season_ticket`, `card_required`.
 */
export function seasonReasonText(t: TFunction, ts: SeasonT, reason: string | null | undefined): string {
  switch (reason) {
    case 'season_not_on_sale':
      return ts('checkout.reasons.season_not_on_sale');
    case 'match_not_on_sale':
      return ts('checkout.reasons.match_not_on_sale');
    case 'has_season_ticket':
      return ts('checkout.reasons.has_season_ticket');
    case 'card_required':
      return ts('checkout.reasons.card_required');
    default:
      return ineligibleText(t, { ineligible_reason: reason });
  }
}

/** The season's fares for a sector, full price first; undefined until the season is read. */
export function seasonFares(season: SeasonDetail | undefined, sectorCode: string): FareOption[] | undefined {
  if (season === undefined) {
    return undefined;
  }
  const { full, reductions } = sectorPrices(season, sectorCode);
  return [...(full === null ? [] : [full]), ...reductions].map((price) => ({
    id: price.reduction_id,
    code: price.reduction_code,
    name: price.reduction_name,
    rule: price.rule,
    price_cents: price.price_cents,
  }));
}
