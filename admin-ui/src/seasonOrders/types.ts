import type { BacklogLine, SeasonOrder } from '../../../api-types';

/** The staff pages of season orders, under /admin, with the previous tool's paths. */
export const SEASON_ORDER_STORE = {
  issued: 'season-orders.issued',
  failed: 'season-orders.failed',
} as const;

/** The backlog pages read themselves again this often while shown. */
export const BACKLOG_REFRESH_MS = 5_000;

/** The most backlog lines the by-reservation page reads at once (the API's largest page). */
export const BACKLOG_PAGE = 500;

/** The titles a season order has and needs: a season title per seat, a title per covered match per collection. */
export interface TitleCount {
  titles_issued: number;
  titles_expected: number;
}

/** How many titles the order's seats have, and need, from the order's own lines. */
export function titlesOfOrder(order: Pick<SeasonOrder, 'lines' | 'season'>): TitleCount {
  const matches = order.season.matches.length;
  return order.lines.reduce<TitleCount>(
    (count, line) =>
      line.collection
        ? { titles_issued: count.titles_issued + line.match_titles.length, titles_expected: count.titles_expected + matches }
        : {
            titles_issued: count.titles_issued + (line.title ? 1 : 0),
            titles_expected: count.titles_expected + 1,
          },
    { titles_issued: 0, titles_expected: 0 },
  );
}

/** A reservation's collections still waiting for match titles: the backlog by order. */
export interface BacklogOrder extends TitleCount {
  /** The order's id, as `id` (the row's) and `order_id` (as a backlog line names it). */
  id: string;
  order_id: string;
  season_name: string;
  buyer_email: string;
  order_state: BacklogLine['order_state'];
  /** The seats still waiting, by label. */
  seats: string[];
  paid_at: string | null;
  /** The oldest request to issue among its seats. */
  issue_requested_at: string | null;
}

const earliest = (a: string | null | undefined, b: string | null | undefined): string | null => {
  if (!a) {
    return b ?? null;
  }
  if (!b) {
    return a;
  }
  return new Date(b).getTime() < new Date(a).getTime() ? b : a;
};

/**
 * The backlog's lines grouped by their order, in the order the API gives them (oldest payment
 * first): each order's seats waiting, and its titles issued and expected summed over them.
 */
export function backlogByOrder(lines: readonly BacklogLine[]): BacklogOrder[] {
  const orders = new Map<string, BacklogOrder>();
  for (const line of lines) {
    const order = orders.get(line.order_id);
    if (order === undefined) {
      orders.set(line.order_id, {
        id: line.order_id,
        order_id: line.order_id,
        season_name: line.season_name,
        buyer_email: line.buyer_email,
        order_state: line.order_state,
        seats: [line.seat_label],
        titles_issued: line.titles_issued,
        titles_expected: line.titles_expected,
        paid_at: line.paid_at ?? null,
        issue_requested_at: line.issue_requested_at ?? null,
      });
    } else {
      order.seats.push(line.seat_label);
      order.titles_issued += line.titles_issued;
      order.titles_expected += line.titles_expected;
      order.issue_requested_at = earliest(order.issue_requested_at, line.issue_requested_at);
    }
  }
  return [...orders.values()];
}
