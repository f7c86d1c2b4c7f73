import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { isBanState, isMirrorState, type Ban, type BanState, type MirrorState, type TitleBan } from './types';

const BANS = 'resources.bans';

type ChipColor = 'error' | 'warning' | 'success' | 'default';
/** A chip's colour and fill. */
export type ChipLook = { color: ChipColor; variant: 'filled' | 'outlined' };

const stateLook = {
  active: { color: 'error', variant: 'filled' },
  scheduled: { color: 'warning', variant: 'outlined' },
  expired: { color: 'default', variant: 'outlined' },
  lifted: { color: 'default', variant: 'filled' },
} as const satisfies Record<BanState, ChipLook>;

const mirrorLook = {
  pending: { color: 'warning', variant: 'outlined' },
  done: { color: 'success', variant: 'outlined' },
  failed: { color: 'error', variant: 'filled' },
} as const satisfies Record<MirrorState, ChipLook>;

const unknownLook: ChipLook = { color: 'default', variant: 'outlined' };

/** A state as a chip: its colour and fill (`look`), its words, and what it means on hover. */
export function StatusChip({ state, look, label, hint, testId }: { state: string; look: ChipLook; label: string; hint?: string; testId: string }) {
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      label={label}
      title={hint}
      data-state={state}
      data-testid={testId}
    />
  );
}

/** Where a ban is, in our words: red in force, amber to come, grey expired or lifted. */
export function BanStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  const known = isBanState(state);
  return (
    <StatusChip
      state={state}
      look={known ? stateLook[state] : unknownLook}
      label={known ? translate(`${BANS}.states.${state}`) : state}
      testId="ban-state"
    />
  );
}

/** The ban's state, as a chip. */
export function BanStateField(props: FieldProps<Ban>) {
  const ban = useRecordContext<Ban>(props);
  return ban === undefined ? null : <BanStateChip state={ban.state} />;
}

/**
 * Whether the ticketing system has a change (a title's ban, a blacklist entry): amber being sent,
 * green recorded, red given up. `words`: where its states' words and its hint are (`{words}.done`,
 * `{words}.hint`).
 */
export function MirrorChip({ state, words = `${BANS}.mirror`, testId = 'ban-mirror' }: { state: string; words?: string; testId?: string }) {
  const translate = useTranslate();
  const known = isMirrorState(state);
  return (
    <StatusChip
      state={state}
      look={known ? mirrorLook[state] : unknownLook}
      label={known ? translate(`${words}.${state}`) : state}
      hint={translate(`${words}.hint`)}
      testId={testId}
    />
  );
}

/** Whether the ticketing system has a title's ban, as a chip. */
export function MirrorField(props: FieldProps<TitleBan>) {
  const ban = useRecordContext<TitleBan>(props);
  return ban === undefined ? null : <MirrorChip state={ban.mirror} />;
}

/** A record made by staff (a ban, a blacklist entry): `created_by` is their e-mail, none once their account is gone. */
type MadeByStaff = RaRecord & { created_by?: string | null };

/**
 * Who made the ban (or the blacklist entry): their e-mail, or that their account is gone
 * (`emptyText`, a translation key; the bans' words unless given).
 */
export function CreatedByField(props: FieldProps<MadeByStaff>) {
  const record = useRecordContext<MadeByStaff>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const gone = record.created_by === null || record.created_by === undefined;
  return (
    <Typography component="span" variant="body2" color={gone ? 'text.secondary' : undefined} sx={{ overflowWrap: 'anywhere' }}>
      {record.created_by ?? translate(props.emptyText ?? `${BANS}.deleted_account`)}
    </Typography>
  );
}

/** A record with a reason (a ban, a blacklist entry). */
type WithReason = RaRecord & { reason: string };

/** The reason, cut to a line or two in a table (the whole of it on hover and on the record's page). */
export function ReasonField(props: FieldProps<WithReason>) {
  const record = useRecordContext<WithReason>(props);
  if (record === undefined) {
    return null;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      title={record.reason}
      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 320, overflowWrap: 'anywhere' }}
    >
      {record.reason}
    </Typography>
  );
}
