import Typography from '@mui/material/Typography';
import { useRecordContext, type FieldProps } from 'react-admin';
import type { OrderRow } from '../../../api-types';

/** How far issuing got: titles issued of the order's seats, e.g. "1 / 2". */
export function IssueProgressField(props: FieldProps<OrderRow>) {
  const record = useRecordContext<OrderRow>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {record.issued_lines} / {record.lines}
    </Typography>
  );
}
