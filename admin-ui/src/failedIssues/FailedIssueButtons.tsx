import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  type Identifier,
} from 'react-admin';
import { refundFailedIssue, retryFailedIssue } from '../api/failedIssues';
import { apiErrorMessageKey } from '../api/errors';
import { formatEuros } from '../fields/money';
import { canRetryOrRefund, offersRetry } from './types';
import type { OrderRow } from '../../../api-types';

type FailedIssueAction = 'retry' | 'refund';

const actions = {
  retry: { run: retryFailedIssue, icon: <ReplayIcon />, confirmColor: 'primary' },
  refund: { run: refundFailedIssue, icon: <CurrencyExchangeIcon />, confirmColor: 'warning' },
} as const satisfies Record<
  FailedIssueAction,
  { run: (id: Identifier) => Promise<OrderRow>; icon: ReactElement; confirmColor: 'primary' | 'warning' }
>;

/**
 * One staff action on a failed issue, after a confirmation: retry (issue what is still missing)
 * or refund (pay back and free the seats). Only while the order is failed; either way the page
 * is read again afterwards, since the order has moved on (or someone else moved it first, which
 * the API answers 409 `not_failed`).
 */
function FailedIssueActionButton({ action, record }: { action: FailedIssueAction; record?: OrderRow }) {
  const issue = useRecordContext<OrderRow>({ record });
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const { run, icon, confirmColor } = actions[action];
  const mutation = useMutation({
    mutationFn: (id: Identifier) => run(id),
    onSuccess: () => notify(`resources.failed-issues.notifications.${action}`, { type: 'success' }),
    onError: (error) =>
      notify(apiErrorMessageKey(error, `resources.failed-issues.errors.${action}_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
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
    <>
      <Button
        label={`resources.failed-issues.action.${action}`}
        disabled={!canRetryOrRefund(issue) || mutation.isPending}
        onClick={(event) => {
          // In a list row: open the dialog, not the row's page.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`resources.failed-issues.confirm.${action}_title`}
        content={`resources.failed-issues.confirm.${action}_content`}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        confirmColor={confirmColor}
        onConfirm={() => mutation.mutate(issue.id)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}

/**
 * Retry and refund, side by side, for the failed issue (or order) in the current record context;
 * refund alone when the API says retrying cannot help (a refusal that cannot change).
 */
export function FailedIssueButtons(props: { record?: OrderRow }) {
  const issue = useRecordContext<OrderRow>(props);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {issue !== undefined && offersRetry(issue) && <FailedIssueActionButton action="retry" record={props.record} />}
      <FailedIssueActionButton action="refund" record={props.record} />
    </Box>
  );
}
