import type { Identifier } from 'react-admin';
import { postJson } from './http';
import type { OrderRow } from '../../../api-types';

function actionPath(id: Identifier, action: 'retry' | 'refund'): string {
  return `/api/admin/failed-issues/${encodeURIComponent(id)}/${action}`;
}

/**
 * `POST /api/admin/failed-issues/{id}/retry`: issues what the order still lacks (never a title
 * twice) and answers the row, `state: "issuing"`. 409 `not_failed` when it is no longer failed.
 */
export function retryFailedIssue(id: Identifier): Promise<OrderRow> {
  return postJson<OrderRow>(actionPath(id, 'retry'));
}

/**
 * `POST /api/admin/failed-issues/{id}/refund`: refunds the payment, frees the seats and cancels
 * the titles already issued; answers the row, `state: "refunding"`. 409 `not_failed` as retry.
 */
export function refundFailedIssue(id: Identifier): Promise<OrderRow> {
  return postJson<OrderRow>(actionPath(id, 'refund'));
}
