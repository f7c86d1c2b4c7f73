import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { isRunState, type RunState } from '../fields/runState';
import type { RenewalMailing } from '../../../api-types';

/** How often a mailing still in the works is read again: every two seconds, as the e-mails go. */
export const RENEWAL_MAILING_REFRESH_MS = 2_000;

/** A mailing's state, as the shared state chip shows it (an unknown one is shown as queued). */
export function mailingState(record: Pick<RenewalMailing, 'state'>): RunState {
  return isRunState(record.state) ? record.state : 'queued';
}

/** Queued or running: the pages read it again until it is done or failed. */
export function isMailingInProgress(record: Pick<RenewalMailing, 'state'>): boolean {
  const state = mailingState(record);
  return state === 'queued' || state === 'running';
}

/** How far a mailing got, 0 to 100: the e-mails sent of those to send; 100 once done. */
export function mailingProgress(record: Pick<RenewalMailing, 'state' | 'total' | 'sent'>): number {
  if (record.state === 'done') {
    return 100;
  }
  if (record.total <= 0) {
    return 0;
  }
  return Math.min(100, Math.max(0, Math.floor((record.sent * 100) / record.total)));
}

/** The react-admin cache key of one mailing's page, to fill from a list's poll or a POST's answer. */
export function mailingQueryKey(id: RenewalMailing['id']) {
  return ['renewal-mailings', 'getOne', { id: String(id), meta: undefined }] as const;
}

/** What to tell staff when the mailing is refused: a season ticket gone, or our words for the code. */
export function mailingFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) {
    return 'resources.renewal-mailings.errors.target_not_found';
  }
  return apiErrorMessageKey(error, 'resources.renewal-mailings.errors.send_failed');
}
