import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { cardPhotoUrl } from '../api/cardApplications';
import { formatCalendarDate } from '../fields/romeDateTime';
import {
  holderListName,
  holderName,
  isRelationship,
  isState,
  type CardApplication,
  type CardApplicationState,
} from './types';

const APPLICATIONS = 'resources.supporter-card-applications';

type ChipLook = {
  color: 'default' | 'info' | 'warning' | 'success' | 'error';
  variant: 'filled' | 'outlined';
};

/**
 * Amber waiting for staff, blue while the ticketing system works on it, green a valid card, red
 * refused or rejected, grey over (revoked, expired).
 */
const stateLook = {
  submitted: { color: 'info', variant: 'outlined' },
  registered: { color: 'warning', variant: 'filled' },
  issuing: { color: 'info', variant: 'filled' },
  issued: { color: 'success', variant: 'filled' },
  refused: { color: 'error', variant: 'filled' },
  rejected: { color: 'error', variant: 'outlined' },
  revoking: { color: 'warning', variant: 'outlined' },
  revoked: { color: 'default', variant: 'filled' },
  expired: { color: 'default', variant: 'outlined' },
} as const satisfies Record<CardApplicationState, ChipLook>;

/** Where an application stands, in our words, as a coloured chip (what it means on hover). */
export function ApplicationStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  const known = isState(state);
  const look: ChipLook = known ? stateLook[state] : { color: 'default', variant: 'outlined' };
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      label={known ? translate(`${APPLICATIONS}.states.${state}`) : state}
      title={known ? translate(`${APPLICATIONS}.state_hints.${state}`) : undefined}
      data-state={state}
      data-testid="card-application-state"
    />
  );
}

export function ApplicationStateField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  return application === undefined ? null : <ApplicationStateChip state={application.state} />;
}

/** The holder, surname first in capitals ("ROSSI Mario"), as staff search them. */
export function HolderField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  if (application === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {holderListName(application)}
    </Typography>
  );
}

/** A code (a fiscal code, a card number) in fixed-width characters; a dash for none. */
function Code({ value }: { value: string | null | undefined }) {
  const none = value === null || value === undefined || value === '';
  return (
    <Typography component="span" variant="body2" sx={none ? undefined : { fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {none ? '—' : value}
    </Typography>
  );
}

export function FiscalCodeField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  return application === undefined ? null : <Code value={application.fiscal_code} />;
}

/** The card's number once the ticketing system registered it; a dash before. */
export function CardNumberField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  return application === undefined ? null : <Code value={application.card_number} />;
}

/** A calendar day, day first with the year in full ("24/11/2031"); a dash for none. */
export function CalendarDate({ value }: { value: string | null | undefined }) {
  const [locale] = useLocaleState();
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {value === null || value === undefined || value === '' ? '—' : formatCalendarDate(value, locale)}
    </Typography>
  );
}

/** Until when the card is valid (the ticketing system's expiry); a dash before it is issued. */
export function ExpiresOnField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  return application === undefined ? null : <CalendarDate value={application.expires_on} />;
}

/** Whose card it is, for the applicant ("Figlio o figlia"). */
export function RelationshipField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  const translate = useTranslate();
  if (application === undefined) {
    return null;
  }
  const { relationship } = application;
  return (
    <Typography component="span" variant="body2">
      {isRelationship(relationship) ? translate(`${APPLICATIONS}.relationships.${relationship}`) : String(relationship)}
    </Typography>
  );
}

/**
 * The card's photo, read from the API with the session (same origin). `size`: its width in
 * pixels (the height follows, as an ID photo's 35 × 45 mm); a placeholder when it cannot load.
 */
export function CardPhoto({ application, size }: { application: CardApplication; size: number }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const height = Math.round((size * 45) / 35);
  const name = holderName(application);
  const frame = { width: size, height, borderRadius: 1, border: 1, borderColor: 'divider', flex: 'none' } as const;
  if (failed) {
    return (
      <Box
        role="img"
        aria-label={translate(`${APPLICATIONS}.no_photo`)}
        title={translate(`${APPLICATIONS}.no_photo`)}
        sx={{ ...frame, display: 'grid', placeItems: 'center', color: 'text.disabled', bgcolor: 'action.hover' }}
      >
        <ImageNotSupportedOutlinedIcon fontSize={size > 80 ? 'large' : 'small'} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={cardPhotoUrl(application.id)}
      alt={translate(`${APPLICATIONS}.photo_of`, { name })}
      loading="lazy"
      onError={() => setFailed(true)}
      data-testid="card-application-photo"
      sx={{ ...frame, objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
    />
  );
}

/** The photo as a thumbnail in the list. */
export function PhotoField(props: FieldProps<CardApplication>) {
  const application = useRecordContext<CardApplication>(props);
  return application === undefined ? null : <CardPhoto key={application.id} application={application} size={36} />;
}
