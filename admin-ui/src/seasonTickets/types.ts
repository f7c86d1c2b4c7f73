import type { SeasonTicket } from '../../../api-types';

/** A season ticket's sale status: 0 scheduled, 1 on sale, 2 off sale. */
export const SEASON_TICKET_STATUSES = [0, 1, 2] as const;
export type SeasonTicketStatus = (typeof SEASON_TICKET_STATUSES)[number];

export const SEASON_TICKET_STATUS = {
  scheduled: 0,
  onSale: 1,
  offSale: 2,
} as const satisfies Record<string, SeasonTicketStatus>;

export function isSeasonTicketStatus(value: unknown): value is SeasonTicketStatus {
  return typeof value === 'number' && (SEASON_TICKET_STATUSES as readonly number[]).includes(value);
}

/** Scheduled and off-sale season tickets can be put on sale. */
export function canPutSeasonOnSale(season: Pick<SeasonTicket, 'status'>): boolean {
  return season.status === SEASON_TICKET_STATUS.scheduled || season.status === SEASON_TICKET_STATUS.offSale;
}

/** Only a season ticket on sale can be taken off sale. */
export function canTakeSeasonOffSale(season: Pick<SeasonTicket, 'status'>): boolean {
  return season.status === SEASON_TICKET_STATUS.onSale;
}

/** On sale while its matches' seats are still being copied: the page asks again until they are. */
export function isSeasonCopying(season: Pick<SeasonTicket, 'status' | 'inventory_ready'>): boolean {
  return season.status === SEASON_TICKET_STATUS.onSale && !season.inventory_ready;
}

/** How often the season tickets' pages ask again while seats are being copied. */
export const SEASON_INVENTORY_REFRESH_MS = 3_000;
