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

/**
 * `POST /api/admin/resales/{id}/payout`: records that staff paid the seller of a completed offer
 * back by hand (their season ticket was not paid by card); answers it with `paid_out_at` set.
 * 409 `no_manual_payout` when it owes no payout by hand (not completed, paid back by card, or
 * recorded before).
 */
export function recordResalePayout(id: Identifier): Promise<ResaleOffer> {
  return postJson<ResaleOffer>(`/api/admin/resales/${encodeURIComponent(id)}/payout`);
}
