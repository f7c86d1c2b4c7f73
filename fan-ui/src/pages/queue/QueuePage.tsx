import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, isApiCode } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { Loading } from '../../components/Loading';
import { QueryFailed } from '../../components/QueryFailed';
import { SignInPrompt } from '../../components/SignInPrompt';
import { fixtureQuery } from '../../fixtures/api';
import { parseId } from '../../fixtures/params';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { QUEUE_NS } from '../../i18n';
import { FROM_PARAM, parseOnSaleType, turnPath } from '../../queue/paths';
import { roomKey, roomQuery, type OnSaleType } from '../../queue/room';
import { useQueueStanding } from '../../queue/useQueueStanding';
import { seasonTicketQuery } from '../../seasons/api';
import NotFoundPage from '../not-found/NotFoundPage';
import { Announcer, NotYetOpen, QueueNotice, StandingView } from './QueueViews';
import type { WaitingRoomInfo } from '../../../../api-types';

/**
 * The waiting room of a big on-sale (`/queue/{type}/{id}`, `type` `fixture` or `season`: the
 * spec's fixtures_queue and season_queue). A signed-in fan joins its line (a visitor is asked to
 * sign in and come back) and follows their standing live: before the opening the pre-queue and
 * its countdown; then their place, how many are ahead, the estimated wait and their progress;
 * paused, that their place is kept. At their turn the admission is kept and they go straight to
 * the seat map (or the on-sale page they came from, `?from=`); once the room is closed (or when
 * there is none), there without one.
 */
export default function QueuePage() {
  const params = useParams();
  const type = parseOnSaleType(params.type);
  const id = parseId(params.id);
  if (type === null || id === null) {
    return <NotFoundPage />;
  }
  return <Queue key={`${type}:${id}`} type={type} id={id} />;
}

function Queue({ type, id }: { type: OnSaleType; id: number }) {
  const { t } = useTranslation(QUEUE_NS);
  useDocumentTitle(t('title'));
  const [searchParams] = useSearchParams();
  const target = turnPath(type, id, searchParams.get(FROM_PARAM));
  const room = useQuery(roomQuery(type, id));
  const { user, isPending: sessionPending } = useSession();

  let body;
  if (room.isPending || sessionPending) {
    body = <Loading />;
  } else if (room.isError) {
    body = <QueryFailed error={room.error} onRetry={() => void room.refetch()} />;
  } else if (room.data.room === null || room.data.room === undefined || room.data.room.state === 'closed') {
    // No room (any more): the seats are for anyone.
    return <Navigate to={target} replace />;
  } else if (user === null) {
    body = <SignInPrompt body={t('signIn')} />;
  } else {
    body = <Room room={room.data.room} type={type} id={id} target={target} />;
  }
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <OnSaleName type={type} id={id} />
      </Box>
      {body}
    </Container>
  );
}

/** The match or season ticket the room is for, under the title (once known; not waited for). */
function OnSaleName({ type, id }: { type: OnSaleType; id: number }) {
  const fixture = useQuery({ ...fixtureQuery(id), enabled: type === 'fixture' });
  const season = useQuery({ ...seasonTicketQuery(id), enabled: type === 'season' });
  const name = type === 'fixture' ? fixture.data?.title : season.data?.name;
  return (
    <Typography variant="subtitle1" color="text.secondary" sx={{ minHeight: '1.75em' }} data-testid="queue-on-sale">
      {name}
    </Typography>
  );
}

interface RoomProps {
  room: WaitingRoomInfo;
  type: OnSaleType;
  id: number;
  target: string;
}

/** A room with a line: not open yet (its opening counted down), or the fan in its line. */
function Room({ room, type, id, target }: RoomProps) {
  const queryClient = useQueryClient();
  if (room.state === 'scheduled') {
    return (
      <NotYetOpen
        at={room.prequeue_opens_at}
        onOpened={() => void queryClient.invalidateQueries({ queryKey: roomKey(type, id) })}
      />
    );
  }
  return <InLine key={room.id} room={room} type={type} id={id} target={target} />;
}

function InLine({ room, type, id, target }: RoomProps) {
  const { t } = useTranslation(QUEUE_NS);
  const queue = useQueueStanding(room.id, type, id);
  const { failure, standing } = queue;

  let body;
  if (failure !== null) {
    if (isApiCode(failure, 'room_closed') || isApiCode(failure, 'room_not_found')) {
      return <RoomGone type={type} id={id} target={target} />;
    }
    if (failure instanceof ApiError && failure.status === 401) {
      body = <SignInPrompt body={t('signIn')} />;
    } else if (isApiCode(failure, 'room_not_open_yet')) {
      // The server's clock says not yet (the phone's is ahead): counted down again, then joined.
      const at = (failure as ApiError).details.prequeue_opens_at;
      body = <NotYetOpen at={typeof at === 'string' ? at : room.prequeue_opens_at} onOpened={queue.retry} />;
    } else if (isApiCode(failure, 'rate_limited')) {
      body = <QueueNotice testId="queue-rate-limited">{t('rateLimited')}</QueueNotice>;
    } else {
      body = <QueryFailed error={failure} onRetry={queue.retry} />;
    }
  } else if (standing === null) {
    body = <Loading />;
  } else if (standing.state === 'closed') {
    return <RoomGone type={type} id={id} target={target} />;
  } else {
    body = <StandingView standing={standing} startAhead={queue.startAhead} live={queue.live} target={target} type={type} />;
  }
  return (
    <>
      {body}
      <Announcer announcement={queue.announcement} />
    </>
  );
}

/**
 * The room closed (or is gone) while the fan was in it: the seats are for anyone now. The page's
 * copy of the room says so first, or the on-sale page would send the fan straight back here.
 */
function RoomGone({ type, id, target }: { type: OnSaleType; id: number; target: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    queryClient.setQueryData(roomKey(type, id), { room: null });
    void navigate(target, { replace: true });
  }, [queryClient, navigate, type, id, target]);
  return null;
}
