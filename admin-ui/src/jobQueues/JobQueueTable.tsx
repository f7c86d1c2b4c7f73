import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  DataTable,
  Link,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type FieldProps,
} from 'react-admin';
import { QueueName } from '../jobs/JobFields';
import type { JobStatus } from '../jobs/types';
import { filteredListPath } from '../layout/paths';
import type { QueueCounts } from '../../../api-types';

/** The jobs list's address for a queue, and a status when given. */
function useJobsPath() {
  const createPath = useCreatePath();
  return (queue: string, status?: JobStatus) => {
    const filter = status === undefined ? { queue } : { queue, status };
    return filteredListPath(createPath({ resource: 'jobs', type: 'list' }), filter);
  };
}

/** The queue's name, linking to its jobs. */
function QueueLinkField(props: FieldProps<QueueCounts>) {
  const record = useRecordContext<QueueCounts>(props);
  const jobsPath = useJobsPath();
  if (record === undefined) {
    return null;
  }
  return (
    <Link to={jobsPath(String(record.id))}>
      <QueueName queue={String(record.id)} />
    </Link>
  );
}

/**
 * How many of the queue's jobs are in one status, linking to them when there are some; the dead
 * ones stand out in red.
 */
function CountField({ status, ...props }: FieldProps<QueueCounts> & { status: JobStatus }) {
  const record = useRecordContext<QueueCounts>(props);
  const jobsPath = useJobsPath();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const count = record[status];
  const alarming = status === 'dead' && count > 0;
  const number = (
    <Typography
      component="span"
      variant="body2"
      color={alarming ? 'error' : count === 0 ? 'text.secondary' : undefined}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: alarming ? 700 : undefined }}
    >
      {new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'it-IT').format(count)}
    </Typography>
  );
  if (count === 0) {
    return number;
  }
  return (
    <Link
      to={jobsPath(String(record.id), status)}
      aria-label={translate('resources.job-queues.see_jobs', {
        smart_count: count,
        status: translate(`resources.jobs.statuses.${status}`),
      })}
    >
      {number}
    </Link>
  );
}

/**
 * The job queues by name, with their jobs by status: each count leads to those jobs in the jobs
 * list (the dead ones in red). In any list context of queues: the Queues page's, or the service
 * status page's.
 */
export function JobQueueTable({ empty }: { empty?: ReactNode }) {
  return (
    <DataTable<QueueCounts> rowClick={false} bulkActionButtons={false} empty={empty}>
      <DataTable.Col source="id" disableSort field={QueueLinkField} />
      <DataTable.Col source="pending" align="right" disableSort>
        <CountField source="pending" status="pending" />
      </DataTable.Col>
      <DataTable.Col source="running" align="right" disableSort>
        <CountField source="running" status="running" />
      </DataTable.Col>
      <DataTable.Col source="retrying" align="right" disableSort>
        <CountField source="retrying" status="retrying" />
      </DataTable.Col>
      <DataTable.Col source="dead" align="right" disableSort>
        <CountField source="dead" status="dead" />
      </DataTable.Col>
      <DataTable.Col source="done" align="right" disableSort>
        <CountField source="done" status="done" />
      </DataTable.Col>
    </DataTable>
  );
}
