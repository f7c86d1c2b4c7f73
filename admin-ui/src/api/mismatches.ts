import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { Mismatch, MismatchReport } from '../../../api-types';

/**
 * `POST /api/admin/mismatch-reports`: a job compares the fixture's titles with the ticketing
 * system's (201, the report queued). 422 `errors.fixture_id` `required`; 404 `fixture_not_found`.
 */
export function createMismatchReport(fixtureId: Identifier): Promise<MismatchReport> {
  return postJson<MismatchReport>('/api/admin/mismatch-reports', { fixture_id: fixtureId });
}

/**
 * `POST /api/admin/mismatches/{id}/reconcile`: ours is made to agree with the ticketing system
 * (200, resolved), or for a stray title there a job cancels it there (202, `resolution`
 * `cancel_requested`, not resolved yet). 409 `already_resolved` (or already asked for),
 * `holder_conflict`, `seat_conflict`.
 */
export function reconcileMismatch(id: Identifier): Promise<Mismatch> {
  return postJson<Mismatch>(`/api/admin/mismatches/${encodeURIComponent(id)}/reconcile`);
}
