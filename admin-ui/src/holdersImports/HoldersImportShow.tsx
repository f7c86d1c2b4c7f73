import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { Mono } from '../layout/Facts';
import { DownloadRejectionsButton } from './DownloadRejectionsButton';
import { ImportProgressField, ImportStateField, RejectedCountField } from './ImportFields';
import { HOLDERS_IMPORT_REFRESH_MS, isImportInProgress, REJECTION_REASONS } from './types';
import type { HoldersImport } from '../../../api-types';

const IMPORTS = 'resources.holders-imports';

function HoldersImportShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <DownloadRejectionsButton />
    </TopToolbar>
  );
}

/** The page's title: the season and the file. */
function HoldersImportTitle() {
  const record = useRecordContext<HoldersImport>();
  const translate = useTranslate();
  return <>{record === undefined ? '' : translate(`${IMPORTS}.show_title`, { label: record.label, file: record.file_name })}</>;
}

/**
 * What the codes in the rejected rows' sheet mean, once some row was rejected: the sheet gives
 * each rejected row its number, its code and its fiscal seal.
 */
function RejectionReasons() {
  const record = useRecordContext<HoldersImport>();
  const translate = useTranslate();
  if (record === undefined || record.rejected <= 0) {
    return null;
  }
  return (
    <Labeled label={`${IMPORTS}.reasons.title`} fullWidth>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
        {REJECTION_REASONS.map((reason) => (
          <Box key={reason} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              <Mono>{reason}</Mono>
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {translate(`${IMPORTS}.reasons.${reason}`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Labeled>
  );
}

/**
 * One import of holders, at /admin/holders-imports/{id}/show: its season and file, a progress bar
 * of the rows written that moves every second until it is done or failed, the rows rejected with
 * their sheet to download and what each reason code means.
 */
export function HoldersImportShow() {
  return (
    <Show<HoldersImport>
      title={<HoldersImportTitle />}
      actions={<HoldersImportShowActions />}
      queryOptions={{
        refetchInterval: (query) =>
          query.state.data !== undefined && isImportInProgress(query.state.data) ? HOLDERS_IMPORT_REFRESH_MS : false,
      }}
    >
      <SimpleShowLayout>
        <TextField source="label" />
        <TextField source="file_name" />
        <RomeDateTimeField source="created_at" />
        <ImportStateField source="state" label={`${IMPORTS}.fields.state`} />
        <ImportProgressField source="written" label={`${IMPORTS}.fields.progress`} detailed />
        <RejectedCountField source="rejected" label={`${IMPORTS}.fields.rejected`} />
        <RomeDateTimeField source="finished_at" emptyText="—" />
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
        <RejectionReasons />
      </SimpleShowLayout>
    </Show>
  );
}
