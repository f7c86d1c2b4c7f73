import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type { SeasonTransferCheck, ShareRequest, TransferCheck, TransferRequest, TransferView, Transfers } from '../../../api-types';

/**
 * Query keys: the caller's changes of holder (the wallet's list), one of them, a title's check, a
 * season seat's match's check.
 */
export const transfersKey = ['transfers'] as const;
export const transferKey = (id: string) => ['transfers', id] as const;
export const transferCheckKey = (seal: string) => ['transfer-check', seal] as const;
export const seasonTransferCheckKey = (lineId: number, fixtureId: number) => ['transfer-check', 'season', lineId, fixtureId] as const;

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

/** A season seat's match: `/api/season-seats/{line}/matches/{fixture}/transfer`. */
const seasonTransferPath = (lineId: number, fixtureId: number) => `/api/season-seats/${lineId}/matches/${fixtureId}/transfer`;

/**
 * `GET /api/season-seats/{line}/matches/{fixture}/transfer`: the caller's season seat, and
 * whether it may change holder for that match now (and how many of its matches it has passed on).
 */
export const seasonTransferCheckQuery = (lineId: number, fixtureId: number) =>
  queryOptions({
    queryKey: seasonTransferCheckKey(lineId, fixtureId),
    queryFn: () => apiGet<SeasonTransferCheck>(seasonTransferPath(lineId, fixtureId)),
    staleTime: 0,
  });

/** `POST /api/season-seats/{line}/matches/{fixture}/transfer`: that match's change of holder, under way (202). */
export function requestSeasonTransfer(lineId: number, fixtureId: number, request: TransferRequest): Promise<TransferView> {
  return apiSend<TransferView>('POST', seasonTransferPath(lineId, fixtureId), request);
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
