import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  Labeled,
  Link,
  ListButton,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useBasename,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { filteredListPath, PAGE_PATHS } from '../layout/paths';
import { MassIssueLineTable } from '../massIssueLines/MassIssueLineTable';
import { DownloadResultsButton, RetryTaskButton } from './MassIssueButtons';
import { RUNNING_REFRESH_MS } from './MassIssueList';
import { TaskFileField } from './TaskFields';
import { TaskTitleField } from './TaskKindChip';
import { TaskProgressField } from './TaskProgressField';
import { TaskStateField } from './TaskStateChip';
import type { MassIssueTask } from '../../../api-types';

function MassIssueShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <RetryTaskButton />
      <DownloadResultsButton />
    </TopToolbar>
  );
}

/**
 * One mass issuing task: its match or season ticket (marked as such), file and author, a progress bar that moves every second while
 * it runs, the retry of the lines not issued and the results sheet, then every line with what
 * became of it.
 */
export function MassIssueShow() {
  return (
    <Show<MassIssueTask>
      actions={<MassIssueShowActions />}
      queryOptions={{
        refetchInterval: (query) => (query.state.data?.state === 'running' ? RUNNING_REFRESH_MS : false),
      }}
    >
      <SimpleShowLayout>
        <TaskTitleField source="title" label="resources.mass-issues.fields.title" />
        <TaskFileField source="file_name" label="resources.mass-issues.fields.file_name" />
        <TextField source="created_by" />
        <RomeDateTimeField source="created_at" />
        <TaskStateField source="state" label="resources.mass-issues.fields.state" />
        <TaskProgressField source="progress" label="resources.mass-issues.fields.progress" detailed />
        <RomeDateTimeField source="finished_at" emptyText="—" />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
        <TaskLines />
      </SimpleShowLayout>
    </Show>
  );
}

/**
 * The task's lines, by row, read again with the task while it runs, and once more when it has
 * just finished (the last lines may have settled after the previous read).
 */
function TaskLines() {
  const task = useRecordContext<MassIssueTask>();
  const translate = useTranslate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const running = task?.state === 'running';
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: ['mass-issue-lines'] });
    }
    wasRunning.current = running;
  }, [running, queryClient]);
  if (task === undefined) {
    return null;
  }
  const allLines = filteredListPath(`${basename}${PAGE_PATHS.massIssueLines}`, { task_id: task.id });
  return (
    <Labeled label="resources.mass-issues.fields.lines" fullWidth>
      <Box sx={{ minWidth: 0 }}>
        <ReferenceManyField<MassIssueTask>
          reference="mass-issue-lines"
          target="task_id"
          sort={{ field: 'row', order: 'ASC' }}
          perPage={25}
          pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
          queryOptions={{ refetchInterval: running ? RUNNING_REFRESH_MS : false }}
        >
          <MassIssueLineTable />
        </ReferenceManyField>
        <Box sx={{ mt: 1 }}>
          <Link to={allLines}>{translate('resources.mass-issues.all_lines')}</Link>
        </Box>
      </Box>
    </Labeled>
  );
}
