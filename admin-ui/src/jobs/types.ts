import type { JobRow } from '../../../api-types';

/**
 * A durable job's status: pending (waiting to run), running, done, retrying (failed, runs again
 * after its backoff), dead (gave up, was refused for good, or discarded by staff).
 */
export const JOB_STATUSES = ['pending', 'running', 'retrying', 'dead', 'done'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The queues the platform runs, which staff read by a name of ours. */
export const KNOWN_QUEUES = [
  'checkout::issue_order',
  'checkout::refund_order',
  'mail',
  'onsale::load_inventory',
  'onsale::mirror_locks',
  'mass::start',
  'mass::issue_order',
  'exports::build',
  'issuance::mismatch_report',
  'issuance::cancel_stray_title',
] as const;

/** Retry runs a job again now: only one that gave up or is waiting out a backoff. */
export function canRetryJob(job: Pick<JobRow, 'status'>): boolean {
  return job.status === 'dead' || job.status === 'retrying';
}

/** Discard stops a job for good: only one that has yet to run (again). */
export function canDiscardJob(job: Pick<JobRow, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'retrying';
}

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}
