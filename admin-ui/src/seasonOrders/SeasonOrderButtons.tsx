import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useLocaleState, useRecordContext, type Identifier } from 'react-admin';
import { seasonOrderAction } from '../api/seasonOrders';
import { IssueActionButtons, OrderActionButton, type IssueAction } from '../failedIssues/IssueActionButton';
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

const SEASON_ORDERS = 'resources.season-orders';

const run = { retry: seasonOrderAction('retry'), refund: seasonOrderAction('refund') } as const;
const resend = seasonOrderAction('resend');

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
  return <IssueActionButtons actions={actions} order={order} run={run} messages={SEASON_ORDERS} about={about} />;
}

/**
 * "Resend e-mail" for an issued season order: after a confirmation naming the buyer's e-mail, the
 * purchase e-mail goes to the buyer again with every title (`POST .../resend`), and a notification
 * says to whom. Nothing while the order is not issued (the API answers 409 `not_issued`, said in
 * words, should it have changed since the page was read).
 */
export function ResendSeasonOrderButton({ order }: { order: SeasonOrderFacts }) {
  if (order.state !== 'issued') {
    return null;
  }
  const about = { buyer: order.buyer_email, season: order.season_name, smart_count: order.titles_issued };
  return (
    <OrderActionButton
      action="resend"
      icon={<ForwardToInboxOutlinedIcon />}
      orderId={order.id}
      run={resend}
      messages={SEASON_ORDERS}
      about={about}
    />
  );
}

/** The two actions for the season order row in the record context (the failed list). */
export function SeasonOrderRowButtons(props: { record?: SeasonOrderRow }) {
  const order = useRecordContext<SeasonOrderRow>(props);
  return order === undefined ? null : <SeasonOrderButtons order={order} />;
}
