import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SyncIcon from '@mui/icons-material/Sync';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import type { RunState } from './runState';

const chipLook = {
  queued: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  running: { color: 'info', variant: 'filled', icon: <SyncIcon /> },
  done: { color: 'success', variant: 'filled', icon: <CheckCircleOutlinedIcon /> },
  failed: { color: 'error', variant: 'filled', icon: <ErrorOutlinedIcon /> },
} as const satisfies Record<
  RunState,
  { color: 'default' | 'info' | 'success' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * Where a job's work stands, the same look wherever staff wait for one: grey queued, blue
 * running, green done, red failed. `label` is already translated.
 */
export function RunStateChip({ state, label }: { state: RunState; label: string }) {
  const { color, variant, icon } = chipLook[state];
  return <Chip size="small" color={color} variant={variant} icon={icon} label={label} data-state={state} />;
}
