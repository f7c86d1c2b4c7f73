import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { MyRefundRequests, NewRefundRequest, RefundRequestView } from '../../../api-types';

/** Query key of the fan's refundable orders and refund requests. */
export const refundRequestsKey = ['refund-requests'] as const;

/** The longest reason the API takes (`NewRefundRequest.reason`). */
export const REASON_MAX = 1000;

/** `GET /api/refund-requests`: the orders the fan may ask a refund for, and the requests sent. */
export const refundRequestsQuery = () =>
  queryOptions({
    queryKey: refundRequestsKey,
    queryFn: () => apiGet<MyRefundRequests>('/api/refund-requests'),
    // Staff decide under the fan: read again on each visit.
    staleTime: 0,
  });

/** `POST /api/refund-requests`: the request, waiting for staff (201). */
export function requestRefund(request: NewRefundRequest): Promise<RefundRequestView> {
  return apiSend<RefundRequestView>('POST', '/api/refund-requests', request);
}
