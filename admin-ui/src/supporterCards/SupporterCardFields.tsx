import Typography from '@mui/material/Typography';
import { Link, useCreatePath, useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatCalendarDate } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { holderName, isCardState } from './types';
import type { SupporterCard } from '../../../api-types';

const CARDS = 'resources.supporter-cards';

/** The holder's name, and under it their birth date (the year in full). */
export function HolderField(props: FieldProps<SupporterCard>) {
  const record = useRecordContext<SupporterCard>(props);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell
      secondary={translate(`${CARDS}.born_on`, { date: formatCalendarDate(record.holder_birth_date, locale) })}
    >
      <Typography component="span" variant="body2">
        {holderName(record)}
      </Typography>
    </StackedCell>
  );
}

/** The card's state in the ticketing system, and under it until when it is valid. */
export function CardStateField(props: FieldProps<SupporterCard>) {
  const record = useRecordContext<SupporterCard>(props);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const state = isCardState(record.card_state)
    ? translate(`${CARDS}.states.${record.card_state}`)
    : String(record.card_state);
  return (
    <StackedCell
      secondary={
        record.expires_on
          ? translate(`${CARDS}.expires_on`, { date: formatCalendarDate(record.expires_on, locale) })
          : undefined
      }
    >
      <Typography component="span" variant="body2" data-card-state={record.card_state}>
        {state}
      </Typography>
    </StackedCell>
  );
}

/** The e-mail of the account that holds the card, linking to that user's page. */
export function CardAccountField(props: FieldProps<SupporterCard>) {
  const record = useRecordContext<SupporterCard>(props);
  const createPath = useCreatePath();
  if (record === undefined) {
    return null;
  }
  return (
    <Link
      to={createPath({ resource: 'users', type: 'show', id: record.user_id })}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {record.user_email}
    </Link>
  );
}
