import type { Identifier } from 'react-admin';

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

/** A title as one side knows it. */
export interface MismatchSide {
  /** The seat's label; the ticketing system's side may have none. */
  label: string | null;
  holder: string;
  /** valid, used or cancelled. */
  state: string;
}

/** One divergence of a report, as `GET /api/admin/mismatches` gives it. */
export interface Mismatch {
  id: Identifier;
  report_id: Identifier;
  kind: MismatchKind;
  title_id: number;
  seal: string | null;
  /** Our title; null for `unknown_here`. */
  here: MismatchSide | null;
  /** The ticketing system's title; null for `missing_there`. */
  there: MismatchSide | null;
  resolved_at: string | null;
  /** What was done, in the API's words; `cancel_requested` while a job cancels a stray title. */
  resolution: string | null;
}

/** The API's resolution while the ticketing system is asked to cancel a stray title (202). */
export const CANCEL_REQUESTED = 'cancel_requested';

/** Where a divergence stands: to reconcile, being cancelled there by a job, or reconciled. */
export type MismatchStatus = 'unresolved' | 'cancel_requested' | 'resolved';

export function mismatchStatus(mismatch: Pick<Mismatch, 'resolved_at' | 'resolution'>): MismatchStatus {
  if (mismatch.resolved_at !== null) {
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
