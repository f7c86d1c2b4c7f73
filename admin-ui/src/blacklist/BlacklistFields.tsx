import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { MirrorChip, StatusChip, type ChipLook } from '../bans/BanFields';
import { formatCalendarDate } from '../fields/romeDateTime';
import { entryState, type BlacklistEntry, type EntryState } from './types';

const BLACKLIST = 'resources.blacklist';

/** As a ban's: red in force, grey once taken off. */
const stateLook = {
  current: { color: 'error', variant: 'filled' },
  removed: { color: 'default', variant: 'filled' },
} as const satisfies Record<EntryState, ChipLook>;

/** Whether the person is on the blacklist now, or was taken off it. */
export function EntryStateField(props: FieldProps<BlacklistEntry>) {
  const entry = useRecordContext<BlacklistEntry>(props);
  const translate = useTranslate();
  if (entry === undefined) {
    return null;
  }
  const state = entryState(entry);
  return <StatusChip state={state} look={stateLook[state]} label={translate(`${BLACKLIST}.states.${state}`)} testId="blacklist-state" />;
}

/** Whether the ticketing system has the entry's last change (added, removed), as a title ban's. */
export function EntryMirrorField(props: FieldProps<BlacklistEntry>) {
  const entry = useRecordContext<BlacklistEntry>(props);
  return entry === undefined ? null : <MirrorChip state={entry.mirror} words={`${BLACKLIST}.mirror`} testId="blacklist-mirror" />;
}

/** The birth date, day first with the year in full ("01/04/1990"): a calendar day, no time zone. */
export function BirthDateField(props: FieldProps<BlacklistEntry>) {
  const entry = useRecordContext<BlacklistEntry>(props);
  const [locale] = useLocaleState();
  if (entry === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatCalendarDate(entry.birth_date, locale)}
    </Typography>
  );
}

/** The fiscal code in fixed-width characters; a dash when none was given. */
export function FiscalCodeField(props: FieldProps<BlacklistEntry>) {
  const entry = useRecordContext<BlacklistEntry>(props);
  if (entry === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={entry.fiscal_code === '' ? undefined : { fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {entry.fiscal_code === '' ? '—' : entry.fiscal_code}
    </Typography>
  );
}
