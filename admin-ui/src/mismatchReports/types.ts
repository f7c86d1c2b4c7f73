import type { RunState } from '../fields/runState';
import type { MismatchReport } from '../../../api-types';

/** A report's state: waiting for its job, comparing, finished (its divergences stored), given up. */
export type ReportState = RunState;

/** How often a report still in the works is read again, as the exports' "every second". */
export const REPORT_REFRESH_MS = 1_000;

/** Queued or running: the divergences are not known yet. */
export function isReportInProgress(report: Pick<MismatchReport, 'state'>): boolean {
  return report.state === 'queued' || report.state === 'running';
}
