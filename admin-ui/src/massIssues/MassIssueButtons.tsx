import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { downloadMassIssueResults, retryMassIssue } from '../api/massIssues';
import { canRetryTask } from './types';
import type { MassIssueTask } from '../../../api-types';

const MASS = 'resources.mass-issues';

/**
 * Sends the task's unfinalized lines again, after a confirmation: each goes back to the queue
 * (never a title twice). Only while some line was not issued; the page is read again afterwards
 * either way (someone may have retried it first: 409 `nothing_to_retry`), and its progress bar
 * moves again as the lines are issued.
 */
export function RetryTaskButton(props: { record?: MassIssueTask }) {
  const task = useRecordContext<MassIssueTask>(props);
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (id: Identifier) => retryMassIssue(id),
    onSuccess: () => notify(`${MASS}.notifications.retry`, { type: 'success' }),
    onError: (error) => notify(apiErrorMessageKey(error, `${MASS}.errors.retry_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['mass-issue-lines'] });
      refresh();
    },
  });
  if (task === undefined) {
    return null;
  }
  const about = {
    smart_count: task.unfinalized,
    match: task.title,
  };
  return (
    <>
      <Button
        label={`${MASS}.action.retry`}
        disabled={!canRetryTask(task) || mutation.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`${MASS}.confirm.retry_title`}
        content={`${MASS}.confirm.retry_content`}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        onConfirm={() => mutation.mutate(task.id)}
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
 * Downloads the task's lines and what became of each as an Excel sheet: fetched with the session
 * (a failure is said in our words rather than opening the API's error as a page).
 */
export function DownloadResultsButton(props: { record?: MassIssueTask }) {
  const task = useRecordContext<MassIssueTask>(props);
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: (id: Identifier) => downloadMassIssueResults(id),
    onError: (error) => notify(apiErrorMessageKey(error, `${MASS}.errors.download_failed`), { type: 'error' }),
  });
  if (task === undefined) {
    return null;
  }
  return (
    <Button
      label={`${MASS}.action.download_results`}
      disabled={mutation.isPending}
      onClick={(event) => {
        event.stopPropagation();
        mutation.mutate(task.id);
      }}
    >
      <FileDownloadOutlinedIcon />
    </Button>
  );
}
