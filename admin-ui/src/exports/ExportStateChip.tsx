import Box from '@mui/material/Box';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { StackedCell } from '../fields/StackedCell';
import { RunStateChip } from '../fields/RunStateChip';
import { isExportState } from './types';
import type { Export } from '../../../api-types';

/**
 * The export's state chip (grey queued, blue running, green done, red failed); under a failed
 * one, why, on two lines (all of it on hover).
 */
export function ExportStateField(props: FieldProps<Export>) {
  const record = useRecordContext<Export>(props);
  const translate = useTranslate();
  if (record === undefined || !isExportState(record.state)) {
    return null;
  }
  const error = record.state === 'failed' && record.error ? record.error : undefined;
  return (
    <StackedCell
      secondary={
        error === undefined ? undefined : (
          <Box
            component="span"
            title={error}
            sx={{ color: 'error.main', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 220 }}
          >
            {error}
          </Box>
        )
      }
    >
      <RunStateChip state={record.state} label={translate(`resources.exports.states.${record.state}`)} />
    </StackedCell>
  );
}
