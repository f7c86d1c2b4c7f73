import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isBanState, isMirrorState, type Ban, type BanState, type MirrorState, type TitleBan } from './types';

const BANS = 'resources.bans';

type ChipColor = 'error' | 'warning' | 'success' | 'default';
type ChipLook = { color: ChipColor; variant: 'filled' | 'outlined' };

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

/** Where a ban is, in our words: red in force, amber to come, grey expired or lifted. */
export function BanStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  const known = isBanState(state);
  const { color, variant } = known ? stateLook[state] : unknownLook;
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      label={known ? translate(`${BANS}.states.${state}`) : state}
      data-state={state}
      data-testid="ban-state"
    />
  );
}

/** The ban's state, as a chip. */
export function BanStateField(props: FieldProps<Ban>) {
  const ban = useRecordContext<Ban>(props);
  return ban === undefined ? null : <BanStateChip state={ban.state} />;
}

/** Whether the ticketing system has a title's ban: amber being sent, green recorded, red given up. */
export function MirrorField(props: FieldProps<TitleBan>) {
  const ban = useRecordContext<TitleBan>(props);
  const translate = useTranslate();
  if (ban === undefined) {
    return null;
  }
  const known = isMirrorState(ban.mirror);
  const { color, variant } = known ? mirrorLook[ban.mirror] : unknownLook;
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      label={known ? translate(`${BANS}.mirror.${ban.mirror}`) : ban.mirror}
      title={translate(`${BANS}.mirror.hint`)}
      data-state={ban.mirror}
      data-testid="ban-mirror"
    />
  );
}

/** Who made the ban: their e-mail, or that their account is gone. */
export function CreatedByField(props: FieldProps<Ban>) {
  const ban = useRecordContext<Ban>(props);
  const translate = useTranslate();
  if (ban === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2" color={ban.created_by === null ? 'text.secondary' : undefined} sx={{ overflowWrap: 'anywhere' }}>
      {ban.created_by ?? translate(`${BANS}.deleted_account`)}
    </Typography>
  );
}

/** The reason, cut to a line or two in a table (the whole of it on hover and on the ban's page). */
export function ReasonField(props: FieldProps<Ban>) {
  const ban = useRecordContext<Ban>(props);
  if (ban === undefined) {
    return null;
  }
  return (
    <Typography
      component="span"
      variant="body2"
      title={ban.reason}
      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 320, overflowWrap: 'anywhere' }}
    >
      {ban.reason}
    </Typography>
  );
}
