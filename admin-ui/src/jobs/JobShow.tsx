import { ListButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { JobButtons } from './JobButtons';
import { AttemptsField, LastErrorField, PayloadField, QueueField } from './JobFields';
import { JobStatusField } from './JobStatusChip';
import type { JobRow } from '../../../api-types';

function JobShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <JobButtons />
    </TopToolbar>
  );
}

/** One job: its queue and status, the attempts, the whole last error, and its payload as JSON. */
export function JobShow() {
  return (
    <Show<JobRow> actions={<JobShowActions />}>
      <SimpleShowLayout>
        <QueueField source="queue" />
        <JobStatusField source="status" label="resources.jobs.fields.status" />
        <AttemptsField source="attempts" label="resources.jobs.fields.attempts" />
        <LastErrorField source="last_error" label="resources.jobs.fields.last_error" full />
        <RomeDateTimeField source="run_at" />
        <RomeDateTimeField source="done_at" emptyText="—" />
        <TextField source="lock_by" emptyText="—" sx={{ fontFamily: 'monospace' }} />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
        <PayloadField source="payload" label="resources.jobs.fields.payload" />
      </SimpleShowLayout>
    </Show>
  );
}
