import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, ResourceContextProvider, useTranslate } from 'react-admin';
import { FixtureFilterInput } from '../fixtures/FixtureFilterInput';
import { ReportCountField, ReportCreatedField, ReportStateField, ReportTitlesField } from './ReportFields';
import { isReportInProgress, REPORT_REFRESH_MS } from './types';
import type { MismatchReport } from '../../../api-types';

const filters = [<FixtureFilterInput key="fixture_id" source="fixture_id" alwaysOn />];

function NoReportYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.mismatch-reports.empty')}
    </Typography>
  );
}

/**
 * The mismatch reports, newest first, under the form that starts one: for which match, who asked
 * and when, where it stands, the titles counted on each side and the divergences found (those
 * left to reconcile in red). While a report on the page is queued or running the list reads
 * itself again every second.
 */
export function MismatchReportList() {
  const queryClient = useQueryClient();
  return (
    <ResourceContextProvider value="mismatch-reports">
      <List<MismatchReport>
        title={false}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        empty={<NoReportYet />}
        queryOptions={{
          refetchInterval: (query) => (query.state.data?.data.some(isReportInProgress) ? REPORT_REFRESH_MS : false),
          // react-admin fills each row's page cache only the first time it sees the row: keep it in
          // step with the polls, or opening a just-finished report first shows it running.
          onSuccess: ({ data }) => {
            for (const report of data) {
              queryClient.setQueryData(['mismatch-reports', 'getOne', { id: String(report.id), meta: undefined }], report);
            }
          },
        }}
      >
        {/* Newest first: the one order the contract names. */}
        <DataTable<MismatchReport> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at" disableSort field={ReportCreatedField} />
          <DataTable.Col source="fixture_title" disableSort />
          <DataTable.Col source="state" disableSort field={ReportStateField} />
          <DataTable.Col
            source="titles_here"
            label="resources.mismatch-reports.columns.titles"
            align="right"
            disableSort
            field={ReportTitlesField}
          />
          <DataTable.Col source="divergences" align="right" disableSort>
            <ReportCountField source="divergences" />
          </DataTable.Col>
          <DataTable.Col source="unresolved" align="right" disableSort>
            <ReportCountField source="unresolved" />
          </DataTable.Col>
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
