import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { ResaleOffer } from '../../../api-types';

/**
 * `POST /api/admin/resales/{id}/cancel`: takes a listed offer off the match's seat map (a
 * buyer's payment that lands afterwards is paid back); answers it `cancelled`. 409
 * `offer_closed` unless it is listed.
 */
export function cancelResale(id: Identifier): Promise<ResaleOffer> {
  return postJson<ResaleOffer>(`/api/admin/resales/${encodeURIComponent(id)}/cancel`);
}
