import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { SeasonOrderRow } from '../../../api-types';

/**
 * `POST /api/admin/season-orders/{id}/retry` (issues what is still missing: a collection goes on
 * from the matches it has) or `.../refund` (pays back, cancels what was issued and frees the seats
 * in every covered match); either answers the row. 409 `not_failed` when it is no longer failed.
 */
export function seasonOrderAction(action: 'retry' | 'refund') {
  return (id: Identifier): Promise<SeasonOrderRow> =>
    postJson<SeasonOrderRow>(`/api/admin/season-orders/${encodeURIComponent(id)}/${action}`);
}
