import type { SaleDesk } from '../orders/saleDesk';

/** The season ticket desk's own words (what the match's desk says of tickets, said of season tickets). */
export const SEASON_SALE = 'resources.season-orders.sale';

const ERRORS = `${SEASON_SALE}.errors`;

/**
 * The season tickets' box office, at /admin/season-orders/create: the match's sale form for a
 * season ticket, each seat a season title or a collection, sold by `POST /api/admin/season-orders`;
 * once sold, staff land on the new order's page. The refusals that read differently for a season
 * ticket (its limit per buyer, its seats in every covered match, the ticketing system's check of
 * the holders) in its own words.
 */
export const SEASON_DESK: SaleDesk = {
  resource: 'season-orders',
  subject: 'season_ticket_id',
  words: SEASON_SALE,
  collections: true,
  codes: {
    not_found: `${ERRORS}.not_found`,
    seats_unavailable: `${ERRORS}.seats_unavailable`,
    buyer_limit: `${ERRORS}.buyer_limit`,
    holder_has_seat: `${ERRORS}.holder_has_seat`,
    fixture_not_on_sale: `${ERRORS}.fixture_not_on_sale`,
    buyer_banned: `${ERRORS}.buyer_banned`,
    holder_ineligible: `${ERRORS}.holder_ineligible`,
    ticketing_unavailable: `${ERRORS}.ticketing_unavailable`,
  },
  redirect: 'show',
};
