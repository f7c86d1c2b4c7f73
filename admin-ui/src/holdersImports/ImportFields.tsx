import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { RunStateChip } from '../fields/RunStateChip';
import { StackedCell } from '../fields/StackedCell';
import { importFailure, importProgress, importState } from './types';
import type { HoldersImport } from '../../../api-types';

const IMPORTS = 'resources.holders-imports';

/** The import's state chip (grey queued, blue running, green done, red failed); under a failed one, why. */
export function ImportStateField(props: FieldProps<HoldersImport>) {
  const record = useRecordContext<HoldersImport>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const state = importState(record);
  const failure = state === 'failed' ? importFailure(record.error) : undefined;
  return (
    <StackedCell
      secondary={
        failure === undefined ? undefined : (
          <Box component="span" sx={{ color: 'error.main' }} data-testid="holders-import-error">
            {translate(failure.key, failure.args)}
          </Box>
        )
      }
    >
      <RunStateChip state={state} label={translate(`${IMPORTS}.states.${state}`)} />
    </StackedCell>
  );
}

interface ImportProgressFieldProps extends FieldProps<HoldersImport> {
  /** The import's page: a taller bar and the percentage beside it. */
  detailed?: boolean;
}

/**
 * How far an import got: a bar of the sheet's rows settled (written, or rejected), and under it
 * the rows written of the rows in the sheet and the rows rejected (in red when some were).
 */
export function ImportProgressField({ detailed = false, ...props }: ImportProgressFieldProps) {
  const record = useRecordContext<HoldersImport>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const progress = importProgress(record);
  const percent = translate(`${IMPORTS}.progress.percent`, { progress });
  const state = importState(record);
  const color = state === 'failed' ? 'error' : record.rejected > 0 ? 'warning' : state === 'done' ? 'success' : 'primary';
  const counted = record.total > 0 || state === 'done';
  return (
    <Box
      sx={{ minWidth: detailed ? 280 : 180, maxWidth: detailed ? 560 : 260 }}
      data-testid="holders-import-progress"
      data-written={record.written}
      data-total={record.total}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant={counted || state === 'failed' ? 'determinate' : 'indeterminate'}
          value={counted || state === 'failed' ? progress : undefined}
          color={color}
          aria-label={translate(`${IMPORTS}.progress.label`)}
          aria-valuetext={percent}
          sx={{ flex: 1, height: detailed ? 10 : 6, borderRadius: 1 }}
        />
        <Typography
          component="span"
          variant={detailed ? 'body1' : 'caption'}
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '4ch', textAlign: 'right', fontWeight: detailed ? 600 : 400 }}
        >
          {percent}
        </Typography>
      </Box>
      <Typography
        component="p"
        variant="caption"
        color="text.secondary"
        sx={{ mt: 0.25, fontVariantNumeric: 'tabular-nums', display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }}
      >
        <span>
          {counted
            ? translate(`${IMPORTS}.progress.written_of`, {
                written: formatCount(record.written, locale),
                total: formatCount(record.total, locale),
                smart_count: record.total,
              })
            : translate(`${IMPORTS}.progress.waiting`)}
        </span>
        <Box component="span" aria-hidden="true">
          ·
        </Box>
        <Box component="span" sx={record.rejected > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
          {translate(`${IMPORTS}.progress.rejected`, { smart_count: record.rejected, count: formatCount(record.rejected, locale) })}
        </Box>
      </Typography>
    </Box>
  );
}

/** The rows rejected, as a count (red when some were), marked for the pages' tests. */
export function RejectedCountField(props: FieldProps<HoldersImport>) {
  const record = useRecordContext<HoldersImport>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="holders-import-rejected"
      sx={{ fontVariantNumeric: 'tabular-nums', ...(record.rejected > 0 ? { color: 'error.main', fontWeight: 600 } : {}) }}
    >
      {formatCount(record.rejected, locale)}
    </Typography>
  );
}
