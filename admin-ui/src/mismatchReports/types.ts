import type { Identifier } from 'react-admin';
import type { RunState } from '../fields/runState';

/** A report's state: waiting for its job, comparing, finished (its divergences stored), given up. */
export type ReportState = RunState;

/** A tickets mismatch report, as `GET /api/admin/mismatch-reports` gives it. */
export interface MismatchReport {
  id: Identifier;
  fixture_id: Identifier;
  fixture_title: string;
  state: ReportState;
  /** Our titles of the fixture; unknown until the comparison is done. */
  titles_here: number | null;
  /** The ticketing system's titles of the fixture; unknown until the comparison is done. */
  titles_there: number | null;
  divergences: number;
  unresolved: number;
  /** Why it failed. */
  error: string | null;
  /** The staff member's e-mail. */
  requested_by: string;
  created_at: string;
  finished_at: string | null;
}

/** How often a report still in the works is read again, as the exports' "every second". */
export const REPORT_REFRESH_MS = 1_000;

/** Queued or running: the divergences are not known yet. */
export function isReportInProgress(report: Pick<MismatchReport, 'state'>): boolean {
  return report.state === 'queued' || report.state === 'running';
}
