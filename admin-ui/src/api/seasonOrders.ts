import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { SeasonOrderRow } from '../../../api-types';

/**
 * `POST /api/admin/season-orders/{id}/retry` (issues what is still missing: a collection goes on
 * from the matches it has) or `.../refund` (pays back, cancels what was issued and frees the seats
 * in every covered match), both 409 `not_failed` when it is no longer failed; or `.../resend` (the
 * purchase e-mail again to the buyer, with every title), 409 `not_issued` while its titles are not
 * all issued. Each answers the row; 404 `not_found` for no such order.
 */
export function seasonOrderAction(action: 'retry' | 'refund' | 'resend') {
  return (id: Identifier): Promise<SeasonOrderRow> =>
    postJson<SeasonOrderRow>(`/api/admin/season-orders/${encodeURIComponent(id)}/${action}`);
}
