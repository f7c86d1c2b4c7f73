import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SyncIcon from '@mui/icons-material/Sync';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isJobStatus, type JobStatus } from './types';
import type { JobRow } from '../../../api-types';

const chipLook = {
  pending: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  running: { color: 'info', variant: 'filled', icon: <SyncIcon /> },
  retrying: { color: 'warning', variant: 'outlined', icon: <ReplayIcon /> },
  dead: { color: 'error', variant: 'filled', icon: <BlockIcon /> },
  done: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
} as const satisfies Record<
  JobStatus,
  { color: 'default' | 'info' | 'warning' | 'error' | 'success'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/** A job's status: grey pending, blue running, amber retrying, red dead, green done. */
export function JobStatusChip({ status }: { status: JobStatus }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[status];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.jobs.statuses.${status}`)}
      data-status={status}
    />
  );
}

/** The status chip of the job in the current record context. */
export function JobStatusField(props: FieldProps<JobRow>) {
  const record = useRecordContext<JobRow>(props);
  if (record === undefined || !isJobStatus(record.status)) {
    return null;
  }
  return <JobStatusChip status={record.status} />;
}
