import { apiGet, apiSend } from '../api/client';
import type { FanStanding } from '../../../api-types';

/** `POST /api/waiting-rooms/{id}/join`: a place in line (the same one when joined already). */
export function joinRoom(roomId: number): Promise<FanStanding> {
  return apiSend<FanStanding>('POST', `/api/waiting-rooms/${roomId}/join`);
}

/** `GET /api/waiting-rooms/{id}/me`: where the fan stands (404 `not_in_room` when not in line). */
export function readStanding(roomId: number): Promise<FanStanding> {
  return apiGet<FanStanding>(`/api/waiting-rooms/${roomId}/me`);
}

/** `DELETE /api/waiting-rooms/{id}/me`: the fan is done; their admission ends, the next fan's turn comes sooner. */
export function leaveRoom(roomId: number): Promise<void> {
  return apiSend<void>('DELETE', `/api/waiting-rooms/${roomId}/me`);
}

/** `GET /api/waiting-rooms/{id}/events`: `standing` events, a FanStanding each. */
export const standingEventsPath = (roomId: number) => `/api/waiting-rooms/${roomId}/events`;

/** What the screen reader is told, and how urgently. */
export interface Announcement {
  kind: 'placed' | 'progress' | 'paused' | 'resumed' | 'turn';
  /** The turn interrupts (`assertive`); the rest waits for a pause in speech (`polite`). */
  politeness: 'polite' | 'assertive';
  standing: FanStanding;
  /** When it was made, epoch ms. */
  at: number;
}

/** The place is told at most this often while the line moves (each second, in a busy room). */
export const ANNOUNCE_EVERY_MS = 30_000;

/**
 * What a new standing is worth saying aloud after `previous`: the turn at once; entry paused or
 * resumed; a (new) place; fewer people ahead, no more often than `ANNOUNCE_EVERY_MS` after the
 * last announcement. Nothing otherwise (a screen reader reading every tick is unusable).
 */
export function nextAnnouncement(
  previous: FanStanding | null,
  next: FanStanding,
  last: Announcement | null,
  now: number,
): Announcement | null {
  const make = (kind: Announcement['kind']): Announcement => ({
    kind,
    politeness: kind === 'turn' ? 'assertive' : 'polite',
    standing: next,
    at: now,
  });
  if (next.turn) {
    return previous?.turn === true ? null : make('turn');
  }
  if (previous !== null && previous.state !== next.state) {
    if (next.state === 'paused') {
      return make('paused');
    }
    if (previous.state === 'paused' && next.state === 'open') {
      return make('resumed');
    }
  }
  const position = next.position ?? null;
  if (position !== null && (previous?.position ?? null) !== position) {
    return make('placed');
  }
  if (
    (next.ahead ?? null) !== null &&
    (previous?.ahead ?? null) !== next.ahead &&
    (last === null || now - last.at >= ANNOUNCE_EVERY_MS)
  ) {
    return make('progress');
  }
  return null;
}

/**
 * At the turn the page says so (aloud too) for this long before it opens the seat map: long
 * enough for a screen reader to start the announcement, short next to the admission's minutes.
 */
export const TURN_NAVIGATE_MS = 1_200;
