import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, ResourceContextProvider, TextField, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { ImportProgressField, ImportStateField, RejectedCountField } from './ImportFields';
import { HOLDERS_IMPORT_REFRESH_MS, isImportInProgress } from './types';
import type { HoldersImport } from '../../../api-types';

function NoImportYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.holders-imports.empty')}
    </Typography>
  );
}

/**
 * The holders' sheets imported, newest first (the API's one order), under the upload form: which
 * season, which file, how far it got and how many rows were rejected. While one on the page is
 * queued or running the list reads itself again every second.
 */
export function HoldersImportList() {
  const queryClient = useQueryClient();
  return (
    <ResourceContextProvider value="holders-imports">
      <List<HoldersImport>
        title={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        empty={<NoImportYet />}
        queryOptions={{
          refetchInterval: (query) =>
            query.state.data?.data.some(isImportInProgress) ? HOLDERS_IMPORT_REFRESH_MS : false,
          // react-admin fills each row's page cache only the first time it sees the row: keep it in
          // step with the polls, or opening a just-finished import first shows it running.
          onSuccess: ({ data }) => {
            for (const record of data) {
              queryClient.setQueryData(['holders-imports', 'getOne', { id: String(record.id), meta: undefined }], record);
            }
          },
        }}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable<HoldersImport> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at" disableSort field={RomeDateTimeField} />
          <DataTable.Col source="label" disableSort />
          <DataTable.Col source="file_name" disableSort>
            <TextField source="file_name" sx={{ overflowWrap: 'anywhere' }} />
          </DataTable.Col>
          <DataTable.Col source="state" disableSort field={ImportStateField} />
          <DataTable.Col source="written" label="resources.holders-imports.fields.progress" disableSort field={ImportProgressField} />
          <DataTable.Col source="rejected" align="right" disableSort field={RejectedCountField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
