import Box from '@mui/material/Box';
import { useLocaleState, useRecordContext } from 'react-admin';
import { refundFailedIssue, retryFailedIssue } from '../api/failedIssues';
import { formatEuros } from '../fields/money';
import { IssueActionButton, type IssueAction } from './IssueActionButton';
import { canRetryOrRefund, offersRetry } from './types';
import type { OrderRow } from '../../../api-types';

const run = { retry: retryFailedIssue, refund: refundFailedIssue } as const;

/**
 * One staff action on a failed issue (retry or refund), after a confirmation naming the match,
 * the buyer, the total and the tickets issued. Only while the order is failed.
 */
function FailedIssueActionButton({ action, issue }: { action: IssueAction; issue: OrderRow }) {
  const [locale] = useLocaleState();
  const about = {
    match: issue.fixture_title,
    buyer: issue.buyer_email,
    total: formatEuros(issue.total_cents, locale),
    issued: issue.issued_lines,
    lines: issue.lines,
  };
  return (
    <IssueActionButton
      action={action}
      orderId={issue.id}
      run={run[action]}
      messages="resources.failed-issues"
      about={about}
      disabled={!canRetryOrRefund(issue)}
    />
  );
}

/**
 * Retry and refund, side by side, for the failed issue (or order) in the current record context;
 * refund alone when the API says retrying cannot help (a refusal that cannot change).
 */
export function FailedIssueButtons(props: { record?: OrderRow }) {
  const issue = useRecordContext<OrderRow>(props);
  if (issue === undefined) {
    return null;
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {offersRetry(issue) && <FailedIssueActionButton action="retry" issue={issue} />}
      <FailedIssueActionButton action="refund" issue={issue} />
    </Box>
  );
}
