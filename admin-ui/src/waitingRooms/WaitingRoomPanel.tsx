import AddIcon from '@mui/icons-material/Add';
import OpenInNewOutlinedIcon from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Button, LinkBase, useBasename, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { DateTime } from '../layout/Facts';
import { RoomStateChip } from './RoomStateChip';
import { isRoomLive, isRoomOf, newRoomPath, roomPath, ROOMS_REFRESH_MS, roomState, type RoomTarget, type WaitingRoomView } from './types';
import { waitText } from './wait';

const ROOMS = 'resources.waiting-rooms';

/**
 * The "Sala d'attesa" tab of a match or a season ticket: its room at a glance (state, opening,
 * who waits and shops, the wait at the back) with a link to the room's page, or, without one, a
 * link to the new room form with the on-sale chosen.
 */
export function WaitingRoomPanel({ target }: { target: RoomTarget }) {
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  // The API lists every room (one per on-sale, the latest opening first); the filter narrows
  // it where the API reads it, and the room is picked here either way.
  const { data, isPending } = useGetList<WaitingRoomView>(
    'waiting-rooms',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'opens_at', order: 'DESC' }, filter: target },
    { refetchInterval: (query) => (query.state.data?.data.some(isRoomLive) ? ROOMS_REFRESH_MS : false) },
  );
  if (isPending) {
    return <LinearProgress sx={{ width: '100%' }} />;
  }
  const room = data?.find((candidate) => isRoomOf(candidate, target));
  if (room === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }} data-testid="waiting-room-panel">
        <Typography variant="body2" color="text.secondary">
          {translate(`${ROOMS}.panel.none`)}
        </Typography>
        <Button component={LinkBase} to={`${basename}${newRoomPath(target)}`} label={`${ROOMS}.panel.create`} variant="outlined">
          <AddIcon />
        </Button>
      </Box>
    );
  }
  const count = (value: number) => formatCount(value, locale);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }} data-testid="waiting-room-panel">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <RoomStateChip state={roomState(room)} />
        <Typography variant="body2">
          {translate(`${ROOMS}.fields.opens_at`)}: <DateTime value={room.opens_at} />
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {translate(`${ROOMS}.counters.waiting`)}: <strong data-testid="waiting-room-waiting">{count(room.counts.waiting)}</strong>
        {' · '}
        {translate(`${ROOMS}.counters.shopping`)}: <strong data-testid="waiting-room-shopping">{count(room.counts.shopping)}</strong>
        {' · '}
        {translate(`${ROOMS}.counters.wait`)}: <strong>{waitText(room.counts.wait_at_back_seconds, translate)}</strong>
      </Typography>
      <Button component={LinkBase} to={`${basename}${roomPath(room.id)}`} label={`${ROOMS}.action.open`} variant="outlined">
        <OpenInNewOutlinedIcon />
      </Button>
    </Box>
  );
}
