import { useLocaleState, useRecordContext } from 'react-admin';
import { refundFailedIssue, retryFailedIssue } from '../api/failedIssues';
import { formatEuros } from '../fields/money';
import { IssueActionButtons } from './IssueActionButton';
import { offersRetry } from './types';
import type { OrderRow } from '../../../api-types';

const run = { retry: retryFailedIssue, refund: refundFailedIssue } as const;

/**
 * Retry and refund, side by side, for the failed issue (or order) in the current record context,
 * each after a confirmation naming the match, the buyer, the total and the tickets issued;
 * refund alone when the API says retrying cannot help (a refusal that cannot change).
 */
export function FailedIssueButtons(props: { record?: OrderRow }) {
  const issue = useRecordContext<OrderRow>(props);
  const [locale] = useLocaleState();
  if (issue === undefined) {
    return null;
  }
  const about = {
    match: issue.fixture_title,
    buyer: issue.buyer_email,
    total: formatEuros(issue.total_cents, locale),
    issued: issue.issued_lines,
    lines: issue.lines,
  };
  return (
    <IssueActionButtons
      actions={offersRetry(issue) ? ['retry', 'refund'] : ['refund']}
      order={issue}
      run={run}
      messages="resources.failed-issues"
      about={about}
    />
  );
}
