import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { JobBoardButton } from './JobBoardButton';
import { JobButtons } from './JobButtons';
import { AttemptsField, JobQueueIdField, LastErrorField } from './JobFields';
import { JobStatusField } from './JobStatusChip';
import { queueLabel } from './queueLabel';
import { QueueFilterInput } from './QueueFilterInput';
import { JOB_STATUSES } from './types';
import type { JobRow } from '../../../api-types';

const filters = [
  <QueueFilterInput key="queue" source="queue" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={JOB_STATUSES.map((status) => ({ id: status, name: `resources.jobs.statuses.${status}` }))}
  />,
];

function JobListActions() {
  return (
    <TopToolbar>
      <JobBoardButton />
    </TopToolbar>
  );
}

/**
 * Every background job, newest run first, by queue and status: staff find what is stuck or dead
 * and retry or discard it (after a confirmation). The live job board opens in a new tab.
 */
export function JobList() {
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<JobRow>
      filters={filters}
      sort={{ field: 'run_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<JobListActions />}
    >
      {isSmall ? <JobSimpleList /> : <JobTable />}
    </List>
  );
}

/**
 * Sorted by run time, attempts or completion: the orders the contract names. Seven columns, so
 * the table fits a 1366 px desktop beside the menu: the job's id under its queue, the last error
 * on two lines (all of it on the job's page), the actions as icons.
 */
function JobTable() {
  return (
    <DataTable<JobRow> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="queue" label="resources.jobs.columns.job" disableSort field={JobQueueIdField} />
      <DataTable.Col source="status" disableSort field={JobStatusField} />
      <DataTable.Col source="attempts" align="right" field={AttemptsField} />
      <DataTable.Col source="last_error" disableSort field={LastErrorField} />
      <DataTable.Col source="run_at" field={RomeDateTimeField} />
      <DataTable.Col source="done_at">
        <RomeDateTimeField source="done_at" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col label="resources.jobs.fields.actions" disableSort>
        <JobButtons compact />
      </DataTable.Col>
    </DataTable>
  );
}

/** On a narrow screen: one line per job, queue first. */
function JobSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<JobRow>
      linkType="show"
      primaryText={(job) => queueLabel(translate, job.queue)}
      secondaryText={(job) => `${formatRomeDateTime(job.run_at, locale)} · ${job.attempts} / ${job.max_attempts}`}
      tertiaryText={(job) => translate(`resources.jobs.statuses.${job.status}`, { _: job.status })}
    />
  );
}
