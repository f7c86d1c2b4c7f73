import type { Identifier } from 'react-admin';

/** A line's life in its task: queued → issuing → finalized, or unfinalized (with a reason). */
export const LINE_STATES = ['queued', 'issuing', 'finalized', 'unfinalized'] as const;
export type LineState = (typeof LINE_STATES)[number];

/** A line of a mass issuing task, as `GET /api/admin/mass-issue-lines` gives it. */
export interface MassIssueLine {
  id: Identifier;
  task_id: Identifier;
  /** The sheet's row, or the typed line's index + 1. */
  row: number;
  fixture_id: Identifier;
  fixture_title: string;
  label: string;
  sector_name: string | null;
  holder_name: string;
  email: string;
  reduction: string;
  price_cents: number | null;
  state: LineState;
  /** One of the preview's codes, or the ticketing system's refusal or error as it said it. */
  reason: string | null;
  /** The fiscal seal of the issued title. */
  seal: string | null;
  order_id: Identifier | null;
  updated_at: string;
}

export function isLineState(value: unknown): value is LineState {
  return typeof value === 'string' && (LINE_STATES as readonly string[]).includes(value);
}
