import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { isLineState, type LineState } from './types';
import type { MassIssueLine } from '../../../api-types';

const chipLook = {
  queued: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  issuing: { color: 'info', variant: 'filled', icon: <HourglassEmptyOutlinedIcon /> },
  finalized: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  unfinalized: { color: 'error', variant: 'filled', icon: <ErrorOutlinedIcon /> },
} as const satisfies Record<
  LineState,
  { color: 'default' | 'info' | 'success' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * A mass issuing line's state: grey queued, blue issuing, green issued, red not issued; a season
 * ticket's line not issued (`unfinalizedSeason`, the API's `unfinalized_season`) says so.
 */
export function LineStateChip({ state, unfinalizedSeason = false }: { state: LineState; unfinalizedSeason?: boolean }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[state];
  const key = state === 'unfinalized' && unfinalizedSeason ? 'unfinalized_season' : state;
  return (
    <Chip
      size="small"
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.mass-issue-lines.states.${key}`)}
      data-state={state}
    />
  );
}

/** The state chip of the line in the current record context. */
export function LineStateField(props: FieldProps<MassIssueLine>) {
  const record = useRecordContext<MassIssueLine>(props);
  if (record === undefined || !isLineState(record.state)) {
    return null;
  }
  return <LineStateChip state={record.state} unfinalizedSeason={record.unfinalized_season} />;
}
