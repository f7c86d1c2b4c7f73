import type { OnSaleType } from './room';
import type { Admission } from '../../../api-types';

/**
 * The admissions the fan's turns gave them, in this tab's session storage, one per room
 * (`lario.admission.{room id}`), with the on-sale each is for: the hold requests find the
 * admission by on-sale (they do not know the room), the pages by room. Session storage: the tab
 * the turn came in keeps it while the fan goes on to pay and back, and it is gone with the tab
 * (another tab that joins the room is given the same admission by the server).
 */
const PREFIX = 'lario.admission.';

/** The header the hold paths read the admission from. */
export const ADMISSION_HEADER = 'X-Admission';

interface Stored {
  token: string;
  expires_at: string;
  type: OnSaleType;
  id: number;
}

/** A stored admission that has not expired. */
export interface HeldAdmission {
  roomId: number;
  token: string;
  /** Epoch ms, on the phone's clock. */
  expiresAt: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked: no admission is kept, the server refuses the hold, the queue gives it again.
    return null;
  }
}

function read(key: string): Stored | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    if (value === null || typeof value !== 'object') {
      return null;
    }
    const stored = value as Partial<Stored>;
    return typeof stored.token === 'string' && typeof stored.expires_at === 'string' && typeof stored.id === 'number'
      ? (stored as Stored)
      : null;
  } catch {
    return null;
  }
}

function unexpired(roomId: number, stored: Stored | null, now: number): HeldAdmission | null {
  const expiresAt = stored === null ? Number.NaN : Date.parse(stored.expires_at);
  return stored !== null && expiresAt > now ? { roomId, token: stored.token, expiresAt } : null;
}

/** Keeps the admission `roomId` gave for the on-sale (the last one given replaces any earlier). */
export function storeAdmission(roomId: number, type: OnSaleType, id: number, admission: Admission): void {
  const stored: Stored = { token: admission.token, expires_at: admission.expires_at, type, id };
  try {
    storage()?.setItem(`${PREFIX}${roomId}`, JSON.stringify(stored));
  } catch {
    // Full or blocked: the hold is refused and the queue gives the admission again.
  }
}

/** The unexpired admission of room `roomId`, if this tab has one. */
export function roomAdmission(roomId: number, now = Date.now()): HeldAdmission | null {
  return unexpired(roomId, read(`${PREFIX}${roomId}`), now);
}

/** The unexpired admission for an on-sale, whatever its room. */
export function onSaleAdmission(type: OnSaleType, id: number, now = Date.now()): HeldAdmission | null {
  const store = storage();
  if (store === null) {
    return null;
  }
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX) !== true) {
      continue;
    }
    const stored = read(key);
    const held = stored !== null && stored.type === type && stored.id === id ? unexpired(Number(key.slice(PREFIX.length)), stored, now) : null;
    if (held !== null) {
      return held;
    }
  }
  return null;
}

/** The room refused it, or the fan is done: it is not sent again. */
export function forgetAdmission(roomId: number): void {
  try {
    storage()?.removeItem(`${PREFIX}${roomId}`);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** `X-Admission` for a hold on the on-sale, when an unexpired admission for it is kept. */
export function admissionHeaders(type: OnSaleType, id: number): Record<string, string> | undefined {
  const held = onSaleAdmission(type, id);
  return held === null ? undefined : { [ADMISSION_HEADER]: held.token };
}
