import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { RomeDateTimeField } from '../fields/RomeDateTimeField';
import { isRunState } from '../fields/runState';
import { RunStateChip } from '../fields/RunStateChip';
import { StackedCell } from '../fields/StackedCell';
import type { MismatchReport } from '../../../api-types';

const REPORTS = 'resources.mismatch-reports';

/**
 * The report's state chip (grey queued, blue running, green done, red failed); under a failed
 * one, why, on two lines (all of it on hover and on the report's page).
 */
export function ReportStateField({ full = false, ...props }: FieldProps<MismatchReport> & { full?: boolean }) {
  const record = useRecordContext<MismatchReport>(props);
  const translate = useTranslate();
  if (record === undefined || !isRunState(record.state)) {
    return null;
  }
  const error = record.state === 'failed' && record.error ? record.error : undefined;
  return (
    <StackedCell
      secondary={
        error === undefined ? undefined : (
          <Box
            component="span"
            title={full ? undefined : error}
            sx={
              full
                ? { color: 'error.main', fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }
                : { color: 'error.main', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 220 }
            }
          >
            {error}
          </Box>
        )
      }
    >
      <RunStateChip state={record.state} label={translate(`${REPORTS}.states.${record.state}`)} />
    </StackedCell>
  );
}

/** When the report was asked for, and under it by whom. */
export function ReportCreatedField(props: FieldProps<MismatchReport>) {
  const record = useRecordContext<MismatchReport>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={record.requested_by}>
      <RomeDateTimeField source="created_at" record={record} />
    </StackedCell>
  );
}

/** Our titles of the fixture / the ticketing system's, e.g. "40 / 41"; dashes until compared. */
export function ReportTitlesField(props: FieldProps<MismatchReport>) {
  const record = useRecordContext<MismatchReport>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const count = (value: number | null | undefined) => (typeof value === 'number' ? formatCount(value, locale) : '—');
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {count(record.titles_here)} / {count(record.titles_there)}
    </Typography>
  );
}

/** A count of divergences (`source`), red and bold when some are left to reconcile. */
export function ReportCountField({ source, ...props }: FieldProps<MismatchReport> & { source: 'divergences' | 'unresolved' }) {
  const record = useRecordContext<MismatchReport>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const done = record.state === 'done';
  const value = record[source];
  const alarming = done && source === 'unresolved' && value > 0;
  return (
    <Typography
      component="span"
      variant="body2"
      color={alarming ? 'error' : undefined}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: alarming ? 700 : undefined }}
      data-testid={`report-${source}`}
    >
      {done ? formatCount(value, locale) : '—'}
    </Typography>
  );
}
