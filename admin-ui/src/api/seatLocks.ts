import type { Identifier } from 'react-admin';
import { getJson, postJson } from './http';

export const SEAT_STATES = ['free', 'held', 'sold', 'locked'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** A seat of a block on one fixture, as staff see it. */
export interface StaffSeat {
  id: number;
  row: string;
  number: number;
  label: string;
  state: SeatState;
  /** For held seats: when the hold runs out. */
  held_until?: string | null;
}

/**
 * `GET /api/admin/fixtures/{id}/blocks/{block_id}/seats`: shaped like the fan endpoint
 * (`{block, price_cents, seats}`); a bare list of seats is read too.
 */
export async function fetchBlockSeats(fixtureId: Identifier, blockId: Identifier): Promise<StaffSeat[]> {
  const body = await getJson<{ seats?: StaffSeat[] } | StaffSeat[]>(
    `/api/admin/fixtures/${encodeURIComponent(fixtureId)}/blocks/${encodeURIComponent(blockId)}/seats`,
  );
  return Array.isArray(body) ? body : (body.seats ?? []);
}

/** Which seats to lock or unlock: by id (picked on the map) or by label (pasted). */
export type SeatLockRequest = { seat_ids: number[]; locked: boolean } | { labels: string[]; locked: boolean };

/** What a lock or unlock did: a lock takes free seats only, an unlock frees locked seats only. */
export interface SeatLockResult {
  changed: number[];
  skipped: { id: number; label: string; state: SeatState }[];
  unknown: string[];
}

/** `POST /api/admin/fixtures/{id}/locks`; mirrored to the ticketing system by a job. */
export function setSeatLocks(fixtureId: Identifier, request: SeatLockRequest): Promise<SeatLockResult> {
  return postJson<SeatLockResult>(`/api/admin/fixtures/${encodeURIComponent(fixtureId)}/locks`, request);
}
