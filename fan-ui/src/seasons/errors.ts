import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { onSaleErrorText } from '../fixtures/errors';

/**
 * The fan's words for a failed season-ticket call: the codes whose match wording would be wrong
 * here (the limit counts season tickets, the sale is the season's), the rest as for a match
 * (`seats_unavailable` names the seats with `seatName`).
 */
export function seasonErrorText(t: TFunction, error: unknown, seatName?: (id: number) => string): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'buyer_limit': {
        const { limit } = error.details;
        return typeof limit === 'number'
          ? t('seasons.errors.buyer_limit', { count: limit })
          : t('seasons.errors.buyer_limit_reached');
      }
      case 'fixture_not_on_sale':
        return t('seasons.errors.not_on_sale');
      case 'season_ticket_not_found':
        return t('seasons.errors.season_ticket_not_found');
      case 'block_not_found':
        return t('seasons.errors.block_not_found');
      default:
        break;
    }
  }
  return onSaleErrorText(t, error, seatName);
}
