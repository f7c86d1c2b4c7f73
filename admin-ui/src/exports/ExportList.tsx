import Typography from '@mui/material/Typography';
import { DataTable, List, ResourceContextProvider, SelectInput, useTranslate } from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { ExportCreatedField, ExportKindField, ExportProgressField, ExportSizeField } from './ExportFields';
import { ExportStateField } from './ExportStateChip';
import { EXPORT_KINDS, EXPORT_REFRESH_MS, EXPORT_STATES, isExportInProgress, type ExportKind } from './types';
import type { Export } from '../../../api-types';

const EXPORTS = 'resources.exports';

function useExportFilters(withKind: boolean) {
  return [
    ...(withKind
      ? [
          <SelectInput
            key="kind"
            source="kind"
            alwaysOn
            choices={EXPORT_KINDS.map((kind) => ({ id: kind, name: `${EXPORTS}.kinds.${kind}` }))}
          />,
        ]
      : []),
    <SelectInput
      key="state"
      source="state"
      alwaysOn
      choices={EXPORT_STATES.map((state) => ({ id: state, name: `${EXPORTS}.states.${state}` }))}
    />,
  ];
}

function NoExportYet() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`${EXPORTS}.empty`)}
    </Typography>
  );
}

interface ExportListProps {
  /** Only the exports of this kind (on the page that makes them), without the kind filter. */
  kind?: ExportKind;
}

/**
 * The Excel exports still kept, newest first: what was exported (and for which match), who asked
 * and when, where its job stands, the file's size and until when it can be downloaded. While an
 * export on the page is queued or running the list reads itself again every second, so its bar
 * moves and turns into the download button when the sheet is written.
 *
 * At /admin/exports as the resource's list; with `kind`, inside the page that makes that kind
 * (the latest ten, its state kept apart from the full list's).
 */
export function ExportList({ kind }: ExportListProps) {
  const embedded = kind !== undefined;
  const filters = useExportFilters(!embedded);
  return (
    <ResourceContextProvider value="exports">
      <List<Export>
        title={embedded ? false : undefined}
        storeKey={embedded ? `exports.${kind}` : undefined}
        disableSyncWithLocation={embedded}
        filter={embedded ? { kind } : undefined}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={embedded ? 10 : 25}
        exporter={false}
        actions={false}
        empty={<NoExportYet />}
        queryOptions={{
          refetchInterval: (query) => (query.state.data?.data.some(isExportInProgress) ? EXPORT_REFRESH_MS : false),
        }}
      >
        {/*
          Newest first, the one order the contract names. Six columns, so the table fits a 1366 px
          desktop beside the menu: who asked under when, the match under what.
        */}
        <DataTable<Export> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="created_at" disableSort field={ExportCreatedField} />
          <DataTable.Col source="kind" disableSort field={ExportKindField} />
          <DataTable.Col source="state" disableSort field={ExportStateField} />
          <DataTable.Col source="progress" label={`${EXPORTS}.columns.file`} disableSort field={ExportProgressField} />
          <DataTable.Col source="size_bytes" align="right" disableSort field={ExportSizeField} />
          <DataTable.Col source="expires_at" disableSort field={RomeDateTimeField} />
        </DataTable>
      </List>
    </ResourceContextProvider>
  );
}
