import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EditButton, ListButton, Show, TopToolbar, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatCount } from '../fields/numbers';
import { DateTime, Fact, Facts } from '../layout/Facts';
import { SHRINKABLE } from '../layout/grid';
import { CloseRoomButton, PauseResumeButton } from './RoomButtons';
import { RoomTargetField } from './RoomFields';
import { RoomStateChip } from './RoomStateChip';
import { WaitingRoomTitle } from './WaitingRoomEdit';
import { admittedProgress, isRoomLive, ROOM_REFRESH_MS, roomState, type WaitingRoomView } from './types';
import { waitText } from './wait';

const ROOMS = 'resources.waiting-rooms';

/** Its settings changed, paused or resumed, closed: while it is not closed. */
function RoomActions() {
  const room = useRecordContext<WaitingRoomView>();
  const live = room !== undefined && isRoomLive(room);
  return (
    <TopToolbar>
      <ListButton />
      {live && <EditButton />}
      <PauseResumeButton />
      <CloseRoomButton />
    </TopToolbar>
  );
}

/** One big live number with its name above and, maybe, a line under it. */
function Counter({ name, label, value, under, data }: { name: string; label: string; value: ReactNode; under?: ReactNode; data?: number }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={`waiting-room-counter-${name}`} data-value={data}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" component="h3">
          {translate(label)}
        </Typography>
        <Typography
          variant="h4"
          component="p"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
          data-testid={`waiting-room-counter-${name}-value`}
        >
          {value}
        </Typography>
        {under !== undefined && (
          <Typography variant="caption" color="text.secondary" component="p">
            {under}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A note on what the state means for fans, where it needs one. */
function StateNote({ room }: { room: WaitingRoomView }) {
  const translate = useTranslate();
  const state = roomState(room);
  if (state === 'closed') {
    return <Alert severity="error">{translate(`${ROOMS}.notes.closed`)}</Alert>;
  }
  if (room.paused) {
    return <Alert severity="info">{translate(`${ROOMS}.notes.paused`)}</Alert>;
  }
  if (state === 'prequeue') {
    return <Alert severity="warning">{translate(`${ROOMS}.notes.prequeue`)}</Alert>;
  }
  return null;
}

/**
 * The room's live view: who waits, who was admitted, who shops now, who is done; the admissions
 * of the last minute against the rate set; the wait of someone joining the back of the line now;
 * a bar of the places admitted of those handed out; the times and the settings.
 */
function RoomDashboard() {
  const room = useRecordContext<WaitingRoomView>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (room === undefined) {
    return null;
  }
  const count = (value: number) => formatCount(value, locale);
  const progress = admittedProgress(room);
  const live = isRoomLive(room);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 2, p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          <RoomTargetField source="target_title" />
        </Typography>
        <RoomStateChip state={roomState(room)} size="medium" />
      </Box>
      <StateNote room={room} />
      <Box component="section" aria-label={translate(`${ROOMS}.counters.title`)}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' },
          }}
        >
          <Counter name="waiting" label={`${ROOMS}.counters.waiting`} value={count(room.counts.waiting)} data={room.counts.waiting} />
          <Counter name="admitted" label={`${ROOMS}.counters.admitted`} value={count(room.counts.admitted)} data={room.counts.admitted} />
          <Counter
            name="shopping"
            label={`${ROOMS}.counters.shopping`}
            value={count(room.counts.shopping)}
            under={translate(`${ROOMS}.counters.of_max`, { max: count(room.max_shopping) })}
            data={room.counts.shopping}
          />
          <Counter name="done" label={`${ROOMS}.counters.done`} value={count(room.counts.done)} data={room.counts.done} />
          <Counter
            name="last-minute"
            label={`${ROOMS}.counters.last_minute`}
            value={count(room.counts.admitted_last_minute)}
            under={translate(`${ROOMS}.counters.of_rate`, { rate: count(room.admit_per_minute) })}
            data={room.counts.admitted_last_minute}
          />
          <Counter
            name="wait"
            label={`${ROOMS}.counters.wait`}
            value={waitText(room.counts.wait_at_back_seconds, translate)}
            data={room.counts.wait_at_back_seconds}
          />
        </Box>
        {live && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {translate(`${ROOMS}.counters.refresh`, { seconds: ROOM_REFRESH_MS / 1000 })}
          </Typography>
        )}
      </Box>
      <Box sx={{ maxWidth: 720 }} data-testid="waiting-room-progress" data-admitted={room.admitted} data-placed={room.placed}>
        <Typography variant="body2" color="text.secondary">
          {translate(`${ROOMS}.counters.progress`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            color={roomState(room) === 'closed' ? 'inherit' : 'primary'}
            aria-label={translate(`${ROOMS}.counters.progress`)}
            aria-valuetext={`${progress}%`}
            sx={{ flex: 1, height: 10, borderRadius: 1 }}
          />
          <Typography component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', minWidth: '4ch', textAlign: 'right' }}>
            {`${progress}%`}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {translate(`${ROOMS}.counters.progress_of`, { admitted: count(room.admitted), placed: count(room.placed) })}
        </Typography>
      </Box>
      <Box component="section" aria-label={translate(`${ROOMS}.settings`)}>
        <Facts>
          <Fact label={`${ROOMS}.fields.prequeue_opens_at`}>
            <DateTime value={room.prequeue_opens_at} />
          </Fact>
          <Fact label={`${ROOMS}.fields.opens_at`}>
            <DateTime value={room.opens_at} />
          </Fact>
          <Fact label={`${ROOMS}.fields.shuffled_at`}>
            <DateTime value={room.shuffled_at} />
          </Fact>
          <Fact label={`${ROOMS}.fields.closed_at`}>
            <DateTime value={room.closed_at} />
          </Fact>
          <Fact label={`${ROOMS}.fields.admit_per_minute`}>
            <span data-testid="waiting-room-setting-rate">{translate(`${ROOMS}.per_minute`, { rate: count(room.admit_per_minute) })}</span>
          </Fact>
          <Fact label={`${ROOMS}.fields.max_shopping`}>
            <span data-testid="waiting-room-setting-max-shopping">{count(room.max_shopping)}</span>
          </Fact>
          <Fact label={`${ROOMS}.counters.admission`}>
            <span data-testid="waiting-room-setting-admission">
              {translate(`${ROOMS}.admission_minutes`, { smart_count: Math.round(room.admission_seconds / 60) })}
            </span>
          </Fact>
        </Facts>
      </Box>
    </Box>
  );
}

/**
 * One waiting room, at /admin/waiting-rooms/{id}/show (the spec's /admin/queue view): its live
 * counters, read again every two seconds until it is closed, and what staff do with it: change
 * its settings, pause and resume admissions, close it.
 */
export function WaitingRoomShow() {
  return (
    <Show<WaitingRoomView>
      title={<WaitingRoomTitle />}
      actions={<RoomActions />}
      queryOptions={{
        refetchInterval: (query) => (query.state.data !== undefined && isRoomLive(query.state.data) ? ROOM_REFRESH_MS : false),
      }}
    >
      <RoomDashboard />
    </Show>
  );
}
