
/** A line's life in its task: queued → issuing → finalized, or unfinalized (with a reason). */
export const LINE_STATES = ['queued', 'issuing', 'finalized', 'unfinalized'] as const;
export type LineState = (typeof LINE_STATES)[number];

export function isLineState(value: unknown): value is LineState {
  return typeof value === 'string' && (LINE_STATES as readonly string[]).includes(value);
}
