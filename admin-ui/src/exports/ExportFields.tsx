import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatBytes, formatCount } from '../fields/numbers';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { StackedCell } from '../fields/StackedCell';
import { DownloadExportButton } from './DownloadExportButton';
import { isExportInProgress } from './types';
import type { Export } from '../../../api-types';

const EXPORTS = 'resources.exports';

/**
 * What was exported, in our words, and under it for which match: the fixture's title, "every
 * match" for the tickets of all fixtures, nothing for the customers' consents.
 */
export function ExportKindField(props: FieldProps<Export>) {
  const record = useRecordContext<Export>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const about =
    record.fixture_title ??
    (record.kind === 'tickets' && typeof record.fixture_id !== 'number' ? translate(`${EXPORTS}.all_fixtures`) : undefined);
  return (
    <StackedCell secondary={about}>
      <Typography component="span" variant="body2">
        {translate(`${EXPORTS}.kinds.${record.kind}`, { _: record.kind })}
      </Typography>
    </StackedCell>
  );
}

/** When the export was asked for, and under it by whom. */
export function ExportCreatedField(props: FieldProps<Export>) {
  const record = useRecordContext<Export>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.requested_by}>
      <RomeDateTimeField source="created_at" record={record} />
    </StackedCell>
  );
}

/**
 * How far the sheet got while its job works (queued or running): a bar of the rows written with
 * the percentage, and the rows written of the total under it (a moving bar while the total is not
 * known yet). Once done, the download button and how many rows the sheet has; nothing for a
 * failed export (its chip says why).
 */
export function ExportProgressField(props: FieldProps<Export>) {
  const record = useRecordContext<Export>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const rowsTotal = record.rows_total ?? null;
  if (record.state === 'done') {
    return (
      <StackedCell
        secondary={
          rowsTotal === null
            ? undefined
            : translate(`${EXPORTS}.progress.rows`, {
                smart_count: rowsTotal,
                count: formatCount(rowsTotal, locale),
              })
        }
      >
        <DownloadExportButton />
      </StackedCell>
    );
  }
  if (!isExportInProgress(record)) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const known = rowsTotal !== null;
  const progress = Math.min(100, Math.max(0, record.progress));
  const percent = translate(`${EXPORTS}.progress.percent`, { progress });
  const rows =
    rowsTotal === null
      ? translate(
          record.state === 'queued' ? `${EXPORTS}.progress.waiting` : `${EXPORTS}.progress.counting`,
          { smart_count: record.rows_done, count: formatCount(record.rows_done, locale) },
        )
      : translate(`${EXPORTS}.progress.rows_of`, {
          done: formatCount(record.rows_done, locale),
          total: formatCount(rowsTotal, locale),
          smart_count: rowsTotal,
        });
  return (
    <Box sx={{ minWidth: 170, maxWidth: 240 }} data-testid="export-progress">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant={known ? 'determinate' : 'indeterminate'}
          value={known ? progress : undefined}
          aria-label={translate(`${EXPORTS}.progress.label`)}
          aria-valuetext={known ? percent : rows}
          sx={{ flex: 1, height: 6, borderRadius: 1 }}
        />
        {known && (
          <Typography
            component="span"
            variant="caption"
            sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '4ch', textAlign: 'right' }}
          >
            {percent}
          </Typography>
        )}
      </Box>
      <Typography component="p" variant="caption" color="text.secondary" sx={{ mt: 0.25, fontVariantNumeric: 'tabular-nums' }}>
        {rows}
      </Typography>
    </Box>
  );
}

/** The sheet's size once written. */
export function ExportSizeField(props: FieldProps<Export>) {
  const record = useRecordContext<Export>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {typeof record.size_bytes === 'number' ? formatBytes(record.size_bytes, locale) : '—'}
    </Typography>
  );
}
