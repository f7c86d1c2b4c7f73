import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import type { MassIssueTask } from '../../../api-types';

interface TaskProgressFieldProps extends FieldProps<MassIssueTask> {
  /** The task's page: a taller bar, the percentage beside it and every count. */
  detailed?: boolean;
}

/**
 * How far a task got: a bar of the settled lines (issued or not) with the percentage, and the
 * issued, not issued and total lines under it (the not issued ones in red). On the task's page
 * the lines still queued or issuing are counted too.
 */
export function TaskProgressField({ detailed = false, ...props }: TaskProgressFieldProps) {
  const record = useRecordContext<MassIssueTask>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const progress = Math.min(100, Math.max(0, record.progress));
  const percent = translate('resources.mass-issues.progress.percent', { progress });
  const counts: [string, number][] = [
    ['finalized', record.finalized],
    ['unfinalized', record.unfinalized],
    ['total', record.total],
    ...(detailed
      ? ([
          ['queued', record.queued],
          ['issuing', record.issuing],
        ] as [string, number][])
      : []),
  ];
  const color = record.unfinalized > 0 ? 'warning' : record.state === 'done' ? 'success' : 'primary';
  return (
    <Box sx={{ minWidth: detailed ? 280 : 180, maxWidth: detailed ? 560 : 240 }} data-testid="task-progress">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          color={color}
          aria-label={translate('resources.mass-issues.progress.label')}
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
        {counts.map(([key, count], index) => (
          <Box
            component="span"
            key={key}
            sx={key === 'unfinalized' && count > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}
          >
            {index > 0 && (
              <Box component="span" aria-hidden="true" sx={{ mr: 0.75, color: 'text.secondary', fontWeight: 400 }}>
                ·
              </Box>
            )}
            <span>{translate(`resources.mass-issues.progress.${key}`, { smart_count: count })}</span>
          </Box>
        ))}
      </Typography>
    </Box>
  );
}
