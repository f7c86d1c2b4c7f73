import { describe, expect, it } from 'vitest';
import { aBacklogLine, aSeasonOrder } from '../test/fixtures';
import { backlogByOrder, titlesOfOrder } from './types';

describe('the backlog by order', () => {
  it("groups lines by order in the API's order, summing titles and keeping the earliest request", () => {
    const orders = backlogByOrder([
      aBacklogLine({ id: 1, order_id: 'a', seat_label: 'A-1', titles_issued: 5, issue_requested_at: '2026-07-01T09:00:00Z' }),
      aBacklogLine({ id: 2, order_id: 'b', seat_label: 'B-1', titles_issued: 0 }),
      aBacklogLine({ id: 3, order_id: 'a', seat_label: 'A-2', titles_issued: 7, issue_requested_at: '2026-07-01T08:00:00Z' }),
    ]);

    expect(orders.map((order) => [order.id, order.seats, order.titles_issued, order.titles_expected])).toEqual([
      ['a', ['A-1', 'A-2'], 12, 38],
      ['b', ['B-1'], 0, 19],
    ]);
    expect(orders[0]?.order_id).toBe('a');
    expect(orders[0]?.issue_requested_at).toBe('2026-07-01T08:00:00Z');
    expect(backlogByOrder([])).toEqual([]);
  });
});

describe("a season order's titles", () => {
  it('counts a season title per seat and a title per covered match per collection', () => {
    expect(titlesOfOrder(aSeasonOrder())).toEqual({ titles_issued: 2, titles_expected: 3 });
    expect(titlesOfOrder(aSeasonOrder({ lines: [] }))).toEqual({ titles_issued: 0, titles_expected: 0 });
  });
});
