import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, type FieldProps } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';
import type { IssuedTicket } from '../../../api-types';

/** The match a ticket is for, with its kick-off in Como time underneath. */
export function MatchField(props: FieldProps<IssuedTicket>) {
  const record = useRecordContext<IssuedTicket>(props);
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{record.fixture_title}</span>
      <Typography component="time" variant="caption" color="text.secondary" dateTime={record.starts_at}>
        {formatRomeDateTime(record.starts_at, locale)}
      </Typography>
    </Typography>
  );
}
