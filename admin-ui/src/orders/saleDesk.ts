/** The shared words of the box-office sale forms (fields, documents, sexes, most errors). */
export const SALE = 'resources.orders.sale';

/**
 * What tells the box office's sale forms apart: a match's seats (`POST /api/admin/orders`) or a
 * season ticket's (`POST /api/admin/season-orders`). Both ask the same buyer, payment, language
 * and lines, with the same inputs and checks.
 */
export interface SaleDesk {
  /** The resource a sale creates. */
  resource: 'orders' | 'season-orders';
  /** The form's input naming what is sold: the match, the season ticket. */
  subject: 'fixture_id' | 'season_ticket_id';
  /**
   * Where this desk's own words are, those that name what is sold: `${words}.title`, `.intro`,
   * `.sold`, `.line`, `.add_line`, `.remove_line`, `.errors.no_lines`, `.errors.one_label`,
   * `.errors.duplicate_label`, `.errors.holder_women`, `.errors.holder_under_14`,
   * `.errors.holder_over_65`, `.errors.holder_not_eligible`; for a desk whose holders the
   * ticketing system checks first, `.refusals.{reason}` too.
   */
  words: string;
  /** Whether a line may be a collection (one ticket per covered match): season tickets. */
  collections: boolean;
  /**
   * Our words for the refusal codes that read differently at this desk (a season ticket's
   * `buyer_limit`...); any other code keeps the words the data provider gave it.
   */
  codes: Readonly<Record<string, string>>;
  /** Where staff go once sold: the orders' list, or the new order's page. */
  redirect: 'list' | 'show';
}

/** The match's box office, at /admin/orders/create. */
export const MATCH_DESK: SaleDesk = {
  resource: 'orders',
  subject: 'fixture_id',
  words: SALE,
  collections: false,
  codes: {},
  redirect: 'list',
};
