import Typography from '@mui/material/Typography';
import { useRecordContext, type FieldProps } from 'react-admin';
import type { FailedIssue } from './types';

/** How far issuing got: titles issued of the order's seats, e.g. "1 / 2". */
export function IssueProgressField(props: FieldProps<FailedIssue>) {
  const record = useRecordContext<FailedIssue>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {record.issued_lines} / {record.lines}
    </Typography>
  );
}
