import { List, TopToolbar } from 'react-admin';
import { JobBoardButton } from '../jobs/JobBoardButton';
import { JobQueueTable } from './JobQueueTable';
import type { QueueCounts } from '../../../api-types';

function JobQueueListActions() {
  return (
    <TopToolbar>
      <JobBoardButton />
    </TopToolbar>
  );
}

/**
 * The job queues, by name, with their jobs by status: each count leads to those jobs (the dead
 * ones first of all). The live job board opens in a new tab.
 */
export function JobQueueList() {
  return (
    <List<QueueCounts>
      sort={{ field: 'id', order: 'ASC' }}
      perPage={100}
      pagination={false}
      exporter={false}
      actions={<JobQueueListActions />}
    >
      <JobQueueTable />
    </List>
  );
}
