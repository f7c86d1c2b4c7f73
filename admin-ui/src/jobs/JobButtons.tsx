import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useState, type MouseEvent, type ReactElement } from 'react';
import {
  Button,
  Confirm,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { discardJob, retryJob } from '../api/jobs';
import { queueLabel } from './queueLabel';
import { canDiscardJob, canRetryJob } from './types';
import type { JobRow } from '../../../api-types';

type JobAction = 'retry' | 'discard';

const actions = {
  retry: { run: retryJob, allowed: canRetryJob, icon: <ReplayIcon />, confirmColor: 'primary' },
  discard: { run: discardJob, allowed: canDiscardJob, icon: <DeleteSweepOutlinedIcon />, confirmColor: 'warning' },
} as const satisfies Record<
  JobAction,
  {
    run: (id: Identifier) => Promise<JobRow>;
    allowed: (job: Pick<JobRow, 'status'>) => boolean;
    icon: ReactElement;
    confirmColor: 'primary' | 'warning';
  }
>;

interface JobActionButtonProps {
  action: JobAction;
  record?: JobRow;
  /** In a list's row: an icon with its name as a tooltip, to keep the table narrow. */
  compact?: boolean;
}

/**
 * One staff action on a job, after a confirmation: retry (run it again now, attempts reset) or
 * discard (never run it again). Only in the statuses the API allows (retry: dead or retrying;
 * discard: pending or retrying); the page is read again afterwards either way, since the job has
 * moved on (or moved first, which the API answers 409 and we say in our words).
 */
function JobActionButton({ action, record, compact = false }: JobActionButtonProps) {
  const job = useRecordContext<JobRow>({ record });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { run, allowed, icon, confirmColor } = actions[action];
  const mutation = useMutation({
    mutationFn: (id: Identifier) => run(id),
    onSuccess: () => notify(`resources.jobs.notifications.${action}`, { type: 'success' }),
    onError: (error) => notify(apiErrorMessageKey(error, `resources.jobs.errors.${action}_failed`), { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  if (job === undefined) {
    return null;
  }
  const disabled = !allowed(job) || mutation.isPending;
  const openDialog = (event: MouseEvent) => {
    // In a list row: open the dialog, not the row's page.
    event.stopPropagation();
    setOpen(true);
  };
  const label = `resources.jobs.action.${action}`;
  const about = { queue: queueLabel(translate, job.queue), id: String(job.id) };
  return (
    <>
      {compact ? (
        <Tooltip title={translate(label)}>
          {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
          <span>
            <IconButton
              aria-label={translate(label)}
              size="small"
              color={action === 'discard' ? 'warning' : 'primary'}
              disabled={disabled}
              onClick={openDialog}
            >
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button label={label} disabled={disabled} onClick={openDialog}>
          {icon}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`resources.jobs.confirm.${action}_title`}
        content={`resources.jobs.confirm.${action}_content`}
        titleTranslateOptions={about}
        contentTranslateOptions={about}
        confirmColor={confirmColor}
        onConfirm={() => mutation.mutate(job.id)}
        onClose={() => {
          if (!mutation.isPending) {
            setOpen(false);
          }
        }}
      />
    </>
  );
}

/** Retry and discard, side by side, for the job in the current record context. */
export function JobButtons(props: { record?: JobRow; compact?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: props.compact ? 0 : 1, flexWrap: 'nowrap' }}>
      <JobActionButton action="retry" record={props.record} compact={props.compact} />
      <JobActionButton action="discard" record={props.record} compact={props.compact} />
    </Box>
  );
}
