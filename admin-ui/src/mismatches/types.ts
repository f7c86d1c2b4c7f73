import type { Mismatch } from '../../../api-types';

/**
 * What a divergence is: issued there with no title of ours (a stray issue), cancelled there and
 * valid here, ours and unknown there, or known to both on different seats or holders.
 */
export const MISMATCH_KINDS = [
  'unknown_here',
  'cancelled_there',
  'missing_there',
  'different_seat',
  'different_holder',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/**
 * A title as one side knows it. The OpenAPI document leaves a mismatch's `here` and `there`
 * untyped (any JSON), so this is what the app reads from them, checked by `mismatchSide`.
 */
export interface MismatchSide {
  /** The seat's label; the ticketing system's side may have none. */
  label: string | null;
  holder: string;
  /** valid, used or cancelled. */
  state: string;
}

/** A side of a mismatch as the app reads it, or null when the side does not know the title (or says nothing readable). */
export function mismatchSide(value: unknown): MismatchSide | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const label = 'label' in value && typeof value.label === 'string' ? value.label : null;
  const holder = 'holder' in value && typeof value.holder === 'string' ? value.holder : '';
  const state = 'state' in value && typeof value.state === 'string' ? value.state : '';
  return { label, holder, state };
}

/** The API's resolution while the ticketing system is asked to cancel a stray title (202). */
export const CANCEL_REQUESTED = 'cancel_requested';

/** Where a divergence stands: to reconcile, being cancelled there by a job, or reconciled. */
export type MismatchStatus = 'unresolved' | 'cancel_requested' | 'resolved';

export function mismatchStatus(mismatch: Pick<Mismatch, 'resolved_at' | 'resolution'>): MismatchStatus {
  if (mismatch.resolved_at) {
    return 'resolved';
  }
  return mismatch.resolution === CANCEL_REQUESTED ? 'cancel_requested' : 'unresolved';
}

/** Only a divergence nobody reconciled (or asked to) yet; else 409 `already_resolved`. */
export function canReconcile(mismatch: Pick<Mismatch, 'resolved_at' | 'resolution'>): boolean {
  return mismatchStatus(mismatch) === 'unresolved';
}

/** How often the divergences are read again while a stray title is being cancelled there. */
export const CANCEL_REFRESH_MS = 1_000;

/** Which side's fact the two disagree on, to show it: the seat, the holder or the state. */
export const DIFFERING_FIELD: Readonly<Partial<Record<MismatchKind, keyof MismatchSide>>> = {
  different_seat: 'label',
  different_holder: 'holder',
  cancelled_there: 'state',
};

export function isMismatchKind(value: unknown): value is MismatchKind {
  return typeof value === 'string' && (MISMATCH_KINDS as readonly string[]).includes(value);
}
