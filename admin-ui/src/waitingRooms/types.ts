import type { Identifier } from 'react-admin';

// These mirror the contract of `/api/admin/waiting-rooms` (the back-end's WaitingRoomView,
// RoomSettings, RoomCounts and RoomState, being written at the same time as this page). Once the
// API's OpenAPI document has them, the generated types in api-types/ replace these.

/** Where a room is in its life: before its pre-queue, pre-queue, open, paused by staff, closed. */
export type RoomState = 'scheduled' | 'prequeue' | 'open' | 'paused' | 'closed';

/** What staff set for a room: the times (RFC 3339, UTC) and the three numbers. */
export interface RoomSettings {
  /** From when fans may join; those who join before `opens_at` are shuffled at the opening. */
  prequeue_opens_at: string;
  /** When admissions start. */
  opens_at: string;
  /** Fans admitted per minute (1 to 1,000,000). */
  admit_per_minute: number;
  /** Fans admitted and shopping at once, at most (1 to 1,000,000). */
  max_shopping: number;
  /** How long an admission lasts, in seconds (60 to 7,200). */
  admission_seconds: number;
}

/** The live counts staff watch. */
export interface RoomCounts {
  /** Joined and not yet admitted. */
  waiting: number;
  /** Admitted so far. */
  admitted: number;
  /** Admitted, not left, admission unexpired. */
  shopping: number;
  /** Admitted and left. */
  done: number;
  /** Admitted in the last minute: the actual rate. */
  admitted_last_minute: number;
  /** The estimated wait at the back of the line, in seconds. */
  wait_at_back_seconds: number;
}

/** A room as `GET /api/admin/waiting-rooms(/{id})` answers it. */
export interface WaitingRoomView extends RoomSettings {
  id: number;
  fixture_id: number | null;
  season_ticket_id: number | null;
  /** The fixture's title or the season ticket's name. */
  target_title: string;
  paused: boolean;
  closed_at: string | null;
  /** The last place admitted. */
  admitted: number;
  /** The places handed out. */
  placed: number;
  /** When the pre-queue was shuffled (at the opening). */
  shuffled_at: string | null;
  state: RoomState;
  counts: RoomCounts;
}

/** `POST /api/admin/waiting-rooms`: the settings and exactly one target. */
export type NewRoomRequest = RoomSettings & ({ fixture_id: number } | { season_ticket_id: number });

export const ROOM_STATES = ['scheduled', 'prequeue', 'open', 'paused', 'closed'] as const satisfies readonly RoomState[];

export function isRoomState(value: unknown): value is RoomState {
  return typeof value === 'string' && (ROOM_STATES as readonly string[]).includes(value);
}

/** A room's state as the chip shows it (one the page does not know is shown as scheduled). */
export function roomState(room: Pick<WaitingRoomView, 'state'>): RoomState {
  return isRoomState(room.state) ? room.state : 'scheduled';
}

/** A room not closed: its counts move, so its pages read it again. */
export function isRoomLive(room: Pick<WaitingRoomView, 'state' | 'closed_at'>): boolean {
  return room.closed_at === null && roomState(room) !== 'closed';
}

/** How often a room's page reads it again while it is not closed. */
export const ROOM_REFRESH_MS = 2_000;

/** How often the rooms' list reads itself again while one is not closed. */
export const ROOMS_REFRESH_MS = 5_000;

/** The bounds the API holds the numbers to. */
export const MAX_RATE = 1_000_000;
export const MIN_ADMISSION_SECONDS = 60;
export const MAX_ADMISSION_SECONDS = 7_200;

/** The on-sale a room is for: a match's or a season ticket's. */
export type RoomTarget = { fixture_id: Identifier } | { season_ticket_id: Identifier };

/** The target a room (or a new room's defaults) names; undefined when none. */
export function roomTargetOf(record: { fixture_id?: Identifier | null; season_ticket_id?: Identifier | null } | undefined): RoomTarget | undefined {
  if (record?.season_ticket_id !== undefined && record.season_ticket_id !== null && record.season_ticket_id !== '') {
    return { season_ticket_id: record.season_ticket_id };
  }
  if (record?.fixture_id !== undefined && record.fixture_id !== null && record.fixture_id !== '') {
    return { fixture_id: record.fixture_id };
  }
  return undefined;
}

/** The target's own page (under the app's basename). */
export function targetPath(target: RoomTarget): string {
  return 'season_ticket_id' in target
    ? `/season-tickets/${encodeURIComponent(target.season_ticket_id)}/show`
    : `/fixtures/${encodeURIComponent(target.fixture_id)}/show`;
}

/** The new room form for `target`: react-admin fills the form from `?source=`. */
export function newRoomPath(target: RoomTarget): string {
  return `/waiting-rooms/create?source=${encodeURIComponent(JSON.stringify(target))}`;
}

export function roomPath(id: Identifier): string {
  return `/waiting-rooms/${encodeURIComponent(id)}/show`;
}

/** Whether `room` is the room of `target`. */
export function isRoomOf(room: Pick<WaitingRoomView, 'fixture_id' | 'season_ticket_id'>, target: RoomTarget): boolean {
  return 'season_ticket_id' in target
    ? room.season_ticket_id !== null && String(room.season_ticket_id) === String(target.season_ticket_id)
    : room.fixture_id !== null && String(room.fixture_id) === String(target.fixture_id);
}

/** How far the line moved, 0 to 100: the places admitted of those handed out. */
export function admittedProgress(room: Pick<WaitingRoomView, 'admitted' | 'placed'>): number {
  if (room.placed <= 0) {
    return 0;
  }
  return Math.min(100, Math.max(0, Math.floor((room.admitted * 100) / room.placed)));
}

/** The react-admin cache key of one room's page, to fill from a list's poll or an action's answer. */
export function roomQueryKey(id: WaitingRoomView['id']) {
  return ['waiting-rooms', 'getOne', { id: String(id), meta: undefined }] as const;
}
