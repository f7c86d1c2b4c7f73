import { useLocaleState, useRecordContext, type Identifier } from 'react-admin';
import { seasonOrderAction } from '../api/seasonOrders';
import { IssueActionButtons, type IssueAction } from '../failedIssues/IssueActionButton';
import { formatEuros } from '../fields/money';
import type { TitleCount } from './types';
import type { SeasonOrderRow } from '../../../api-types';

/** What the confirmations name of a season order. */
export interface SeasonOrderFacts extends TitleCount {
  id: Identifier;
  state: string;
  season_name: string;
  buyer_email: string;
  /** Named by the refund's confirmation; the backlog, which only retries, has none. */
  total_cents?: number;
}

const run = { retry: seasonOrderAction('retry'), refund: seasonOrderAction('refund') } as const;

interface SeasonOrderButtonsProps {
  order: SeasonOrderFacts;
  /** Which of the two: both on the failed list and the order's page, retry alone in the backlog. */
  actions?: readonly IssueAction[];
}

/**
 * Retry and refund of a failed season order, each after a confirmation naming the season ticket,
 * the buyer, the total and the titles issued; only while the order is failed (409 `not_failed`
 * otherwise, said in words).
 */
export function SeasonOrderButtons({ order, actions = ['retry', 'refund'] }: SeasonOrderButtonsProps) {
  const [locale] = useLocaleState();
  const about = {
    season: order.season_name,
    buyer: order.buyer_email,
    total: order.total_cents === undefined ? '' : formatEuros(order.total_cents, locale),
    issued: order.titles_issued,
    expected: order.titles_expected,
  };
  return <IssueActionButtons actions={actions} order={order} run={run} messages="resources.season-orders" about={about} />;
}

/** The two actions for the season order row in the record context (the failed list). */
export function SeasonOrderRowButtons(props: { record?: SeasonOrderRow }) {
  const order = useRecordContext<SeasonOrderRow>(props);
  return order === undefined ? null : <SeasonOrderButtons order={order} />;
}
