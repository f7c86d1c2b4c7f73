import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import {
  DIFFERING_FIELD,
  isMismatchKind,
  mismatchSide,
  mismatchStatus,
  type MismatchSide,
  type MismatchStatus,
} from './types';
import type { Mismatch } from '../../../api-types';

const MISMATCHES = 'resources.mismatches';

/** What the divergence is, in our words, and under it what that means in one line. */
export function MismatchKindField(props: FieldProps<Mismatch>) {
  const record = useRecordContext<Mismatch>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  const known = isMismatchKind(record.kind);
  return (
    <Box sx={{ maxWidth: 260 }}>
      <StackedCell secondary={known ? translate(`${MISMATCHES}.explanations.${record.kind}`) : undefined}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-kind={record.kind}>
          {known ? translate(`${MISMATCHES}.kinds.${record.kind}`) : record.kind}
        </Typography>
      </StackedCell>
    </Box>
  );
}

/** The title's fiscal seal (on one line), and under it its number in the ticketing system. */
export function MismatchTitleField(props: FieldProps<Mismatch>) {
  const record = useRecordContext<Mismatch>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <StackedCell secondary={translate(`${MISMATCHES}.title_number`, { id: record.title_id })}>
      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {record.seal ?? '—'}
      </Typography>
    </StackedCell>
  );
}

interface SideProps {
  side: MismatchSide | null;
  /** Said when the side does not know the title (already translated). */
  none: string;
  /** The fact the two sides disagree on, shown stronger. */
  differing?: keyof MismatchSide;
}

/** One side's title: its seat, holder and state; or that it does not know the title. */
function Side({ side, none, differing }: SideProps) {
  const translate = useTranslate();
  if (side === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {none}
      </Typography>
    );
  }
  const strong = (field: keyof MismatchSide) =>
    differing === field ? { color: 'warning.dark', fontWeight: 700 } : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 140 }}>
      {side.label === null ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', ...strong('label') }}>
          {translate(`${MISMATCHES}.side.no_label`)}
        </Typography>
      ) : (
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', ...strong('label') }}>
          {side.label}
        </Typography>
      )}
      <Typography component="span" variant="body2" sx={strong('holder')}>
        {side.holder || '—'}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={strong('state')}>
        {translate(`resources.issued-tickets.states.${side.state}`, { _: side.state })}
      </Typography>
    </Box>
  );
}

/**
 * One side of the divergence, here (ours) or there (the ticketing system's): seat, holder and
 * state, the fact they disagree on in bold amber.
 */
export function MismatchSideField({ which, ...props }: FieldProps<Mismatch> & { which: 'here' | 'there' }) {
  const record = useRecordContext<Mismatch>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Side
      side={mismatchSide(record[which])}
      none={translate(which === 'here' ? `${MISMATCHES}.side.none_here` : `${MISMATCHES}.side.none_there`)}
      differing={isMismatchKind(record.kind) ? DIFFERING_FIELD[record.kind] : undefined}
    />
  );
}

const statusLook = {
  unresolved: { color: 'warning', variant: 'outlined', icon: <WarningAmberOutlinedIcon /> },
  cancel_requested: { color: 'info', variant: 'outlined', icon: <HourglassEmptyOutlinedIcon /> },
  resolved: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
} as const satisfies Record<
  MismatchStatus,
  { color: 'warning' | 'info' | 'success'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * Where the divergence stands: amber to reconcile, blue while a job cancels the stray title in
 * the ticketing system, green reconciled, with what was done (in our words for its kind; the
 * API's on hover) and when.
 */
export function MismatchOutcomeField(props: FieldProps<Mismatch>) {
  const record = useRecordContext<Mismatch>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record === undefined) {
    return null;
  }
  const status = mismatchStatus(record);
  const { color, variant, icon } = statusLook[status];
  let detail: string | undefined;
  if (status === 'cancel_requested') {
    detail = translate(`${MISMATCHES}.cancel_pending`);
  } else if (status === 'resolved') {
    const done = isMismatchKind(record.kind) ? translate(`${MISMATCHES}.resolutions.${record.kind}`) : (record.resolution ?? '');
    detail = record.resolved_at ? `${done} ${formatRomeDateTime(record.resolved_at, locale)}` : done;
  }
  return (
    <Box sx={{ maxWidth: 240 }} title={record.resolution ?? undefined}>
      <StackedCell secondary={detail}>
        <Chip
          size="small"
          color={color}
          variant={variant}
          icon={icon}
          label={translate(`${MISMATCHES}.status.${status}`)}
          data-status={status}
        />
      </StackedCell>
    </Box>
  );
}
