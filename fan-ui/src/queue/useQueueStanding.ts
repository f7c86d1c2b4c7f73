import { useEffect, useEffectEvent, useState } from 'react';
import { isApiCode } from '../api/client';
import type { LiveSource, LiveSourceClass, LiveStatus } from '../fixtures/useFixtureLive';
import { storeAdmission } from './admission';
import type { OnSaleType } from './room';
import { joinRoom, nextAnnouncement, readStanding, standingEventsPath, type Announcement } from './standing';
import { progressStart } from './words';
import type { FanStanding } from '../../../api-types';

/** EventSource.CLOSED: the browser gave up and will not reconnect by itself. */
const CLOSED = 2;

/** How long to wait before opening a stream the browser gave up on. */
export const STREAM_RETRY_MS = 5_000;

/**
 * `/me` is read again after a break at most this often: after an api restart every fan of a busy
 * room loses the stream at once, and the browser retries it every few seconds.
 */
export const RESYNC_MIN_MS = 5_000;

/** Joining refused for too many joins from the fan's address: tried again after this long. */
export const RATE_LIMITED_RETRY_MS = 10_000;

/** A browser without EventSource reads `/me` this often instead. */
export const POLL_MS = 5_000;

export interface QueueStanding {
  /** Where the fan stands; null until joined. */
  standing: FanStanding | null;
  /** The places that were ahead of theirs when placed: the progress bar's start. */
  startAhead: number | null;
  /** Joining failed (the page says why, or leads on); null otherwise. */
  failure: unknown;
  live: LiveStatus;
  /** The last thing worth saying to a screen reader. */
  announcement: Announcement | null;
  /** Join again (after a failure). */
  retry: () => void;
}

function browserEventSource(): LiveSourceClass | undefined {
  return typeof EventSource === 'undefined' ? undefined : EventSource;
}

interface View {
  standing: FanStanding | null;
  startAhead: number | null;
  announcement: Announcement | null;
}

/**
 * Joins room `roomId` (for the on-sale `type`/`id`) while mounted, then follows the fan's
 * standing live over `GET /api/waiting-rooms/{id}/events`, the way the seat map follows its
 * fixture (same origin: the session cookie goes along). After a break the standing is read
 * again from `/me` (a fan no longer in line joins again: the same place); a stream the browser
 * gave up on is opened again after `STREAM_RETRY_MS`. When the turn comes with an admission, it
 * is stored for the hold requests before the page hears of it.
 */
export function useQueueStanding(
  roomId: number,
  type: OnSaleType,
  id: number,
  Source: LiveSourceClass | undefined = browserEventSource(),
): QueueStanding {
  const [view, setView] = useState<View>({ standing: null, startAhead: null, announcement: null });
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [joined, setJoined] = useState(false);
  const [live, setLive] = useState<LiveStatus>(Source === undefined ? 'off' : 'connecting');

  const receive = useEffectEvent((next: FanStanding) => {
    if (next.room_id !== roomId) {
      return;
    }
    if (next.turn && next.admission) {
      storeAdmission(roomId, type, id, next.admission);
    }
    const position = next.position ?? null;
    const ahead = next.ahead ?? null;
    const start = position !== null && ahead !== null ? progressStart(roomId, position, ahead) : null;
    const now = Date.now();
    setView((current) => ({
      standing: next,
      startAhead: start ?? current.startAhead,
      announcement: nextAnnouncement(current.standing, next, current.announcement, now) ?? current.announcement,
    }));
  });
  const rejoin = useEffectEvent(() => setAttempt((count) => count + 1));

  useEffect(() => {
    let current = true;
    joinRoom(roomId).then(
      (standing) => {
        if (current) {
          setFailure(null);
          receive(standing);
          setJoined(true);
        }
      },
      (error: unknown) => {
        if (current) {
          setFailure(error);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [roomId, attempt]);

  const rateLimited = isApiCode(failure, 'rate_limited');
  useEffect(() => {
    if (!rateLimited) {
      return undefined;
    }
    const timer = setTimeout(() => {
      setFailure(null);
      setAttempt((count) => count + 1);
    }, RATE_LIMITED_RETRY_MS);
    return () => clearTimeout(timer);
  }, [rateLimited, attempt]);

  useEffect(() => {
    if (!joined) {
      return undefined;
    }
    let stopped = false;
    let lastResync = 0;
    const resync = () => {
      const now = Date.now();
      if (now - lastResync < RESYNC_MIN_MS) {
        return;
      }
      lastResync = now;
      readStanding(roomId).then(
        (standing) => {
          if (!stopped) {
            receive(standing);
          }
        },
        (error: unknown) => {
          // Out of line (the grace period after leaving the page lapsed): the same place again.
          if (!stopped && isApiCode(error, 'not_in_room')) {
            rejoin();
          }
        },
      );
    };

    if (Source === undefined) {
      const timer = setInterval(resync, POLL_MS);
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    }

    let source: LiveSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let broken = false;
    const open = () => {
      const stream = new Source(standingEventsPath(roomId));
      source = stream;
      stream.addEventListener('open', () => {
        setLive('live');
        if (broken) {
          broken = false;
          resync();
        }
      });
      stream.addEventListener('error', () => {
        broken = true;
        setLive('interrupted');
        resync();
        if (stream.readyState === CLOSED) {
          stream.close();
          retry = setTimeout(open, STREAM_RETRY_MS);
        }
      });
      stream.addEventListener('standing', (event) => {
        const data = parse(event.data);
        if (data !== null) {
          setLive('live');
          receive(data);
        }
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [joined, roomId, Source]);

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };
  return { ...view, failure, live, retry };
}

/** An event's standing, or null when it is not one (a bad event is skipped, not fatal). */
function parse(data: string): FanStanding | null {
  try {
    const value: unknown = JSON.parse(data);
    return value !== null && typeof value === 'object' && typeof (value as FanStanding).room_id === 'number'
      ? (value as FanStanding)
      : null;
  } catch {
    return null;
  }
}
