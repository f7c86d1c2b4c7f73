import type { BuildState } from '../../../api-types';

/** The states of work a job does for staff and they wait for (an export, a mismatch report). */
export const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const satisfies readonly BuildState[];
export type RunState = (typeof RUN_STATES)[number];

export function isRunState(value: unknown): value is RunState {
  return typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value);
}
