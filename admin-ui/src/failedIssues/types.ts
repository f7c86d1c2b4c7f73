import type { OrderState } from '../../../api-types';

/** What became of an order whose issuing gave up: still failed, or retried, or refunded. */
export const FAILED_ISSUE_STATES = ['failed', 'issuing', 'issued', 'refunding', 'refunded'] as const satisfies readonly OrderState[];
export type FailedIssueState = (typeof FAILED_ISSUE_STATES)[number];

/** Retry and refund are for orders still failed; the API answers 409 `not_failed` otherwise. */
export function canRetryOrRefund(issue: { state: string }): boolean {
  return issue.state === 'failed';
}

/**
 * Retrying is offered unless the API says the failure cannot change (a refusal the ticketing
 * system would give again): then only the refund is.
 */
export function offersRetry(issue: { retryable?: boolean }): boolean {
  return issue.retryable !== false;
}

/**
 * How a list of failed issues opens (a match's or a season's): the ones still failed, latest
 * failure first, 25 a page, no export nor toolbar actions.
 */
export const FAILED_LIST_PROPS = {
  filterDefaultValues: { state: 'failed' },
  sort: { field: 'failed_at', order: 'DESC' },
  perPage: 25,
  exporter: false,
  actions: false,
} as const;
