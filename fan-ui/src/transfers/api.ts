import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { ShareRequest, TransferCheck, TransferRequest, TransferView, Transfers } from '../../../api-types';

/** Query keys: the caller's changes of holder (the wallet's list), one of them, a title's check. */
export const transfersKey = ['transfers'] as const;
export const transferKey = (id: string) => ['transfers', id] as const;
export const transferCheckKey = (seal: string) => ['transfer-check', seal] as const;

/** How often a change of holder under way is read again, until the ticketing system has answered. */
export const TRANSFER_POLL_MS = 1000;

/** `GET /api/titles/{seal}/transfer`: the caller's ticket, and whether it may change holder now. */
export const transferCheckQuery = (seal: string) =>
  queryOptions({
    queryKey: transferCheckKey(seal),
    queryFn: () => apiGet<TransferCheck>(`/api/titles/${encodeURIComponent(seal)}/transfer`),
    // Whether it may be passed on changes under the fan (the window closes, a change starts).
    staleTime: 0,
  });

/** `POST /api/titles/{seal}/transfer`: the change of holder, under way (202). */
export function requestTransfer(seal: string, request: TransferRequest): Promise<TransferView> {
  return apiSend<TransferView>('POST', `/api/titles/${encodeURIComponent(seal)}/transfer`, request);
}

/**
 * `GET /api/transfers/{id}`, read every `TRANSFER_POLL_MS` while it is `requested`; `started` is
 * the POST's answer, shown until the first read.
 */
export function useTransfer(started: TransferView) {
  return useQuery({
    queryKey: transferKey(started.id),
    queryFn: () => apiGet<TransferView>(`/api/transfers/${started.id}`),
    initialData: started,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'requested' ? TRANSFER_POLL_MS : false),
  });
}

/** `GET /api/transfers`: the changes of holder the caller asked for, newest first. */
export function useTransfers() {
  return useQuery({
    queryKey: transfersKey,
    queryFn: async () => (await apiGet<Transfers>('/api/transfers')).items,
    staleTime: 0,
    // One under way is followed until it has settled.
    refetchInterval: (query) => (query.state.data?.some((item) => item.state === 'requested') ? 5 * TRANSFER_POLL_MS : false),
  });
}

/** `POST /api/wallet/{id}/share`: a copy of the ticket, as a PDF, e-mailed to `email` (202, no body). */
export function shareTicket(id: number, request: ShareRequest): Promise<void> {
  return apiSend<void>('POST', `/api/wallet/${id}/share`, request);
}
