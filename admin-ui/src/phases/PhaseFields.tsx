import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import PlayCircleOutlineOutlinedIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { StackedCell } from '../fields/StackedCell';
import { isPhaseKind, phaseState, type PhaseState } from './types';
import type { Phase, PhaseCounts } from '../../../api-types';

const PHASES = 'resources.phases';

/**
 * A phase's kind in words ("Rinnovo", "Gruppo"...; the API's code for one we do not know), with
 * its name under it when it has one (a group's).
 */
export function PhaseKindText({ phase }: { phase: Pick<Phase, 'kind' | 'name'> }) {
  const translate = useTranslate();
  const name = phase.name.trim();
  return (
    <StackedCell secondary={name === '' ? undefined : name}>
      <Typography component="span" variant="body2" data-kind={phase.kind} sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
        {isPhaseKind(phase.kind) ? translate(`${PHASES}.kinds.${phase.kind}`) : phase.kind}
      </Typography>
    </StackedCell>
  );
}

/** The sectors a phase opens, as their codes; "every sector" when it names none. */
export function PhaseSectorsText({ phase }: { phase: Pick<Phase, 'sectors'> }) {
  const translate = useTranslate();
  const codes = phase.sectors
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  if (codes.length === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate(`${PHASES}.all_sectors`)}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {codes.join(', ')}
    </Typography>
  );
}

/** Who set the phase: staff (grey) or the ticketing system's renewal window (blue, a cloud). */
export function PhaseSourceChip({ phase }: { phase: Pick<Phase, 'source'> }) {
  const translate = useTranslate();
  const ticketing = phase.source === 'ticketing';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ticketing ? 'info' : 'default'}
      icon={ticketing ? <CloudSyncOutlinedIcon /> : <PersonOutlineOutlinedIcon />}
      label={translate(`${PHASES}.sources.${ticketing ? 'ticketing' : 'staff'}`)}
      data-source={phase.source}
    />
  );
}

const stateLook = {
  coming: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  open: { color: 'success', variant: 'filled', icon: <PlayCircleOutlineOutlinedIcon /> },
  ended: { color: 'default', variant: 'filled', icon: <EventBusyOutlinedIcon /> },
  released: { color: 'default', variant: 'filled', icon: <LockOpenOutlinedIcon /> },
} as const satisfies Record<
  PhaseState,
  { color: 'default' | 'success'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * Where the phase is at `now`: not started (outlined), on now (green), over, or over with a
 * renewal's kept seats released to the next phase.
 */
export function PhaseStateChip({ phase, now }: { phase: Pick<Phase, 'starts_at' | 'ends_at' | 'released_at'>; now: number }) {
  const translate = useTranslate();
  const state = phaseState(phase, now);
  const { color, variant, icon } = stateLook[state];
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`${PHASES}.states.${state}`)}
      data-state={state}
    />
  );
}

/** One of a phase's live counts, as staff write numbers, marked for the pages' tests. */
export function PhaseCount({ counts, name }: { counts: PhaseCounts; name: keyof PhaseCounts }) {
  const [locale] = useLocaleState();
  return (
    <Box
      component="span"
      data-testid={`phase-${name}`}
      sx={{ fontVariantNumeric: 'tabular-nums', display: 'block', textAlign: 'right' }}
    >
      {formatCount(counts[name], locale)}
    </Box>
  );
}
