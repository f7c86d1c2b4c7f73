import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { roomState, type RoomState, type WaitingRoomView } from './types';

const chipLook = {
  scheduled: { color: 'default', variant: 'outlined', icon: <ScheduleIcon /> },
  prequeue: { color: 'warning', variant: 'filled', icon: <HourglassTopOutlinedIcon /> },
  open: { color: 'success', variant: 'filled', icon: <PlayCircleOutlinedIcon /> },
  paused: { color: 'info', variant: 'filled', icon: <PauseCircleOutlinedIcon /> },
  closed: { color: 'error', variant: 'filled', icon: <BlockOutlinedIcon /> },
} as const satisfies Record<
  RoomState,
  { color: 'default' | 'warning' | 'success' | 'info' | 'error'; variant: 'filled' | 'outlined'; icon: ReactElement }
>;

/**
 * Where a room stands, as RunStateChip for a job: grey scheduled, amber pre-queue, green open,
 * blue paused, red closed.
 */
export function RoomStateChip({ state, size = 'small' }: { state: RoomState; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const { color, variant, icon } = chipLook[state];
  return (
    <Chip
      size={size}
      color={color}
      variant={variant}
      icon={icon}
      label={translate(`resources.waiting-rooms.states.${state}`)}
      data-state={state}
      data-testid="waiting-room-state"
    />
  );
}

/** The room's state chip, as a field. */
export function RoomStateField(props: FieldProps<WaitingRoomView>) {
  const room = useRecordContext<WaitingRoomView>(props);
  return room === undefined ? null : <RoomStateChip state={roomState(room)} />;
}
