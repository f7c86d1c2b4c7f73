import type { Identifier } from 'react-admin';
import { getJson, postJson } from './http';
import type { LockOutcome, LockRequest, SeatView } from '../../../api-types';

/** The seat states the staff map draws (the API sends a plain string). */
export const SEAT_STATES = ['free', 'held', 'sold', 'locked'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** A seat's state as the map draws it: one it does not know is not for sale (drawn locked). */
export function seatState(state: string): SeatState {
  return SEAT_STATES.find((known) => known === state) ?? 'locked';
}

/** `GET /api/admin/fixtures/{id}/blocks/{block_id}/seats`: the block's seats on that fixture. */
export function fetchBlockSeats(fixtureId: Identifier, blockId: Identifier): Promise<SeatView[]> {
  return getJson<SeatView[]>(
    `/api/admin/fixtures/${encodeURIComponent(fixtureId)}/blocks/${encodeURIComponent(blockId)}/seats`,
  );
}

/**
 * `POST /api/admin/fixtures/{id}/locks` (seats by id, picked on the map, or by label, pasted);
 * a lock takes free seats only, an unlock frees locked seats only; mirrored to the ticketing
 * system by a job.
 */
export function setSeatLocks(fixtureId: Identifier, request: LockRequest): Promise<LockOutcome> {
  return postJson<LockOutcome>(`/api/admin/fixtures/${encodeURIComponent(fixtureId)}/locks`, request);
}
