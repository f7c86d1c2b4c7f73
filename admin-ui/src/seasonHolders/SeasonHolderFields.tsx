import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCalendarDate } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { present } from '../fields/present';
import type { SeasonHolder } from '../../../api-types';

const HOLDERS = 'resources.season-holders';

/** The holder's name, surname first as staff search it, with the sex under it. */
export function HolderNameField(props: FieldProps<SeasonHolder>) {
  const holder = useRecordContext<SeasonHolder>(props);
  const translate = useTranslate();
  if (holder === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={present(holder.sex) ? translate(`${HOLDERS}.sex`, { sex: holder.sex }) : undefined}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {`${holder.last_name} ${holder.first_name}`}
      </Typography>
    </StackedCell>
  );
}

/** Born when (day first, the year in full) and where ("Como (CO)", a country for EE). */
export function HolderBirthField(props: FieldProps<SeasonHolder>) {
  const holder = useRecordContext<SeasonHolder>(props);
  const [locale] = useLocaleState();
  if (holder === undefined) {
    return null;
  }
  const place = [holder.birth_place, present(holder.birth_province) ? `(${holder.birth_province})` : '']
    .filter((part) => part !== '')
    .join(' ');
  return (
    <StackedCell secondary={place === '' ? undefined : place}>
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatCalendarDate(holder.birth_date, locale)}
      </Typography>
    </StackedCell>
  );
}

/** The renewal code and the seat it keeps (area-block-row-number); a dash for a holder without one. */
export function HolderSeatField(props: FieldProps<SeasonHolder>) {
  const holder = useRecordContext<SeasonHolder>(props);
  if (holder === undefined) {
    return null;
  }
  if (!present(holder.renewal_code)) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <StackedCell monospace secondary={holder.seat_label ?? undefined}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {holder.renewal_code}
      </Typography>
    </StackedCell>
  );
}

/** The matches the holder's right was used for (Promozioni1), by fixture id; a dash for none. */
export function HolderUsedForField(props: FieldProps<SeasonHolder>) {
  const holder = useRecordContext<SeasonHolder>(props);
  const translate = useTranslate();
  if (holder === undefined) {
    return null;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      color={holder.used_for.length === 0 ? 'text.secondary' : undefined}
      title={holder.used_for.length === 0 ? undefined : translate(`${HOLDERS}.used_for_title`, { ids: holder.used_for.join(', ') })}
    >
      {holder.used_for.length === 0 ? '—' : holder.used_for.join(', ')}
    </Typography>
  );
}
