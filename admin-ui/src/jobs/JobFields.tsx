import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { StackedCell } from '../fields/StackedCell';
import { queueLabel } from './queueLabel';
import type { JobRow, QueueCounts } from '../../../api-types';

/** A queue by our name for it, and under it its own name (as the job board shows it). */
export function QueueName({ queue }: { queue: string }) {
  const translate = useTranslate();
  const label = queueLabel(translate, queue);
  return (
    <StackedCell secondary={label === queue ? undefined : queue} monospace>
      <Typography component="span" variant="body2">
        {label}
      </Typography>
    </StackedCell>
  );
}

/** The queue of the job in the current record context, and under it the job's id. */
export function JobQueueIdField(props: FieldProps<JobRow>) {
  const record = useRecordContext<JobRow>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const label = queueLabel(translate, record.queue);
  return (
    <StackedCell secondary={String(record.id)} monospace>
      <Typography component="span" variant="body2" title={record.queue}>
        {label}
      </Typography>
    </StackedCell>
  );
}

/** The queue of the job (or of the queue row) in the current record context. */
export function QueueField(props: FieldProps<JobRow | QueueCounts> & { source: 'queue' | 'id' }) {
  const record = useRecordContext<JobRow | QueueCounts>(props);
  if (record === undefined) {
    return null;
  }
  const queue = 'queue' in record ? record.queue : String(record.id);
  return <QueueName queue={queue} />;
}

/** Attempts made of those allowed, e.g. "3 / 8"; red once they are all spent. */
export function AttemptsField(props: FieldProps<JobRow>) {
  const record = useRecordContext<JobRow>(props);
  if (record === undefined) {
    return null;
  }
  const spent = record.attempts >= record.max_attempts;
  return (
    <Typography
      component="span"
      variant="body2"
      color={spent ? 'error' : undefined}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {record.attempts} / {record.max_attempts}
    </Typography>
  );
}

/** The job's last error: two lines in a list (all of it on hover and on the job's page). */
export function LastErrorField(props: FieldProps<JobRow> & { full?: boolean }) {
  const record = useRecordContext<JobRow>(props);
  if (record === undefined || !record.last_error) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Typography
      component="span"
      variant="body2"
      title={props.full ? undefined : record.last_error}
      sx={
        props.full
          ? { fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
          : {
              fontFamily: 'monospace',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              maxWidth: 260,
            }
      }
    >
      {record.last_error}
    </Typography>
  );
}

/** The job's payload, as indented JSON. */
export function PayloadField(props: FieldProps<JobRow>) {
  const record = useRecordContext<JobRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Box
      component="pre"
      data-testid="job-payload"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: 13,
        overflowX: 'auto',
        maxWidth: '100%',
      }}
    >
      {JSON.stringify(record.payload ?? null, null, 2)}
    </Box>
  );
}
