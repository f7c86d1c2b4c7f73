import type { Identifier } from 'react-admin';
import type { OrderState } from '../orders/types';

/** What became of an order whose issuing gave up: still failed, or retried, or refunded. */
export const FAILED_ISSUE_STATES = ['failed', 'issuing', 'issued', 'refunding', 'refunded'] as const satisfies readonly OrderState[];
export type FailedIssueState = (typeof FAILED_ISSUE_STATES)[number];

/** An order whose issuing gave up, as `GET /api/admin/failed-issues` returns it; its id is the order's. */
export interface FailedIssue {
  id: Identifier;
  fixture_id: Identifier;
  fixture_title: string;
  buyer_email: string;
  total_cents: number;
  /** Seats in the order. */
  lines: number;
  /** Of which already issued: a retry issues only the rest. */
  issued_lines: number;
  /** The last error of the issuing job. */
  error: string;
  attempts: number;
  failed_at: string;
  state: FailedIssueState;
  /** The ticketing system's refusal code (TESSERA_RICHIESTA...), when it refused: newer APIs only. */
  error_code?: string | null;
  /** False when the failure is a refusal that cannot change: newer APIs only (offered when absent). */
  retryable?: boolean;
}

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
