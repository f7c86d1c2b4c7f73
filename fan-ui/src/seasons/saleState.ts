import type { SeasonTicket } from '../../../api-types';

/**
 * Whether seats of the season ticket can be held now: on sale (status 1) with every covered
 * match's seats loaded, as the API decides a season hold.
 */
export function seasonOnSale(season: Pick<SeasonTicket, 'status' | 'inventory_ready'>): boolean {
  return season.status === 1 && season.inventory_ready;
}
