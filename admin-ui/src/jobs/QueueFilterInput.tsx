import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { queueLabel } from './queueLabel';
import { KNOWN_QUEUES } from './types';
import type { QueueCounts } from '../../../api-types';

interface QueueFilterInputProps {
  source: string;
  /** Read by react-admin's filter form: the filter is shown without adding it first. */
  alwaysOn?: boolean;
}

/**
 * A list filter on a job's queue: the platform's queues and any other queue that has jobs, each
 * by our name for it and its own.
 */
export function QueueFilterInput({ source }: QueueFilterInputProps) {
  const translate = useTranslate();
  const { data = [] } = useGetList<QueueCounts>('job-queues', {
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const names = [...new Set([...KNOWN_QUEUES, ...data.map((queue) => String(queue.id))])];
  const choices = names.map((name) => {
    const label = queueLabel(translate, name);
    return { id: name, name: label === name ? name : `${label} (${name})` };
  });
  return (
    <SelectInput
      source={source}
      label="resources.jobs.fields.queue"
      choices={choices}
      translateChoice={false}
      sx={{ minWidth: 280 }}
    />
  );
}
