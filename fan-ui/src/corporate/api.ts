import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { CorporateRequest, RequestForm } from '../../../api-types';

export const corporateRequestsKey = ['corporate-requests'] as const;

/** `GET /api/me/corporate-requests`: one's own requests, newest first. */
export function useCorporateRequests() {
  return useQuery({
    queryKey: corporateRequestsKey,
    queryFn: () => apiGet<CorporateRequest[]>('/api/me/corporate-requests'),
  });
}

/** `POST /api/corporate-requests`: the signed-in user asks for a corporate account. */
export function submitCorporateRequest(form: RequestForm): Promise<CorporateRequest> {
  return apiSend<CorporateRequest>('POST', '/api/corporate-requests', form);
}
