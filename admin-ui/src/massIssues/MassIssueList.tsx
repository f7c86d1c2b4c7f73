import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, ResourceContextProvider, SelectInput, TextField, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { SeasonFilterInput } from '../seasonOrders/SeasonFilterInput';
import { TaskTitleField } from './TaskKindChip';
import { TaskFileField } from './TaskFields';
import { TaskProgressField } from './TaskProgressField';
import { TaskStateField } from './TaskStateChip';
import { TASK_STATES } from './types';
import type { MassIssueTask } from '../../../api-types';

/** How often a running task is read again: the contract's "poll every second". */
export const RUNNING_REFRESH_MS = 1_000;

const filters = [
  <FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />,
  <SeasonFilterInput key="season_ticket_id" source="season_ticket_id" alwaysOn />,
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={TASK_STATES.map((state) => ({ id: state, name: `resources.mass-issues.states.${state}` }))}
  />,
];

function NoTaskYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.mass-issues.empty')}
    </Typography>
  );
}

/**
 * The mass issuing tasks, newest first, under the mass issuing form: who sent which file for
 * which match or season ticket (a season ticket's marked as such), and how far it got. While a task on the page is running the list reads itself
 * again every second, so its progress bar moves without reloading.
 */
export function MassIssueList() {
  const queryClient = useQueryClient();
  return (
    <ResourceContextProvider value="mass-issues">
      <List<MassIssueTask>
        title={false}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        empty={<NoTaskYet />}
        queryOptions={{
          refetchInterval: (query) =>
            query.state.data?.data.some((task) => task.state === 'running') ? RUNNING_REFRESH_MS : false,
          // react-admin fills each row's page cache only the first time it sees the row: keep it in
          // step with the polls, or opening a just-finished task first shows it running.
          onSuccess: ({ data }) => {
            for (const task of data) {
              queryClient.setQueryData(['mass-issues', 'getOne', { id: String(task.id), meta: undefined }], task);
            }
          },
        }}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        {/* Sorted by creation time only: the one order the contract names. */}
        <DataTable<MassIssueTask> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at" field={RomeDateTimeField} />
          <DataTable.Col source="title" disableSort field={TaskTitleField} />
          <DataTable.Col source="file_name" disableSort field={TaskFileField} />
          <DataTable.Col source="created_by" disableSort>
            <TextField source="created_by" sx={{ overflowWrap: 'anywhere' }} />
          </DataTable.Col>
          <DataTable.Col source="progress" disableSort field={TaskProgressField} />
          <DataTable.Col source="state" disableSort field={TaskStateField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
