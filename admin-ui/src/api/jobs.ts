import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { JobRow } from '../../../api-types';

function actionPath(id: Identifier, action: 'retry' | 'discard'): string {
  return `/api/admin/jobs/${encodeURIComponent(id)}/${action}`;
}

/**
 * `POST /api/admin/jobs/{id}/retry`: runs the job again now with its attempts reset; answers it
 * `pending`. 409 `job_not_retryable` unless it is dead or retrying.
 */
export function retryJob(id: Identifier): Promise<JobRow> {
  return postJson<JobRow>(actionPath(id, 'retry'));
}

/**
 * `POST /api/admin/jobs/{id}/discard`: the job will not run again; answers it `dead`. 409
 * `job_not_discardable` unless it is pending or retrying.
 */
export function discardJob(id: Identifier): Promise<JobRow> {
  return postJson<JobRow>(actionPath(id, 'discard'));
}
