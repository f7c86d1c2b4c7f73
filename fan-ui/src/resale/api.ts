import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type {
  ResaleCheck,
  ResaleOffer,
  ResaleOfferRequest,
  ResalePurchase,
  ResalePurchaseRequest,
  ResalePurchaseView,
} from '../../../api-types';

/**
 * Query keys: a season seat's match's resale check, an offer as a buyer sees it, a buyer's
 * purchase (and its payment). (A match's seats on resale, the seat map's: `./listed`.)
 */
export const resaleCheckKey = (lineId: number, fixtureId: number) => ['resale-check', lineId, fixtureId] as const;
export const resaleOfferKey = (id: string) => ['resale', id] as const;
export const resalePurchaseKey = (id: string) => ['resale-purchase', id] as const;
export const resalePaymentKey = (id: string) => ['resale-purchase', id, 'payment'] as const;

/** How often a paid purchase is read again, until its ticket is issued (or refused). */
export const PURCHASE_POLL_MS = 1500;

/** A season seat's match: `/api/season-seats/{line}/matches/{fixture}/resale`. */
const resalePath = (lineId: number, fixtureId: number) => `/api/season-seats/${lineId}/matches/${fixtureId}/resale`;

/**
 * `GET /api/season-seats/{line}/matches/{fixture}/resale`: the caller's season seat, whether it
 * may be offered for that match now, on what terms, and its offer when there is one.
 */
export const resaleCheckQuery = (lineId: number, fixtureId: number) =>
  queryOptions({
    queryKey: resaleCheckKey(lineId, fixtureId),
    queryFn: () => apiGet<ResaleCheck>(resalePath(lineId, fixtureId)),
    // Whether it may be offered changes under the fan (the deadline passes, a buyer pays).
    staleTime: 0,
  });

/** `POST /api/season-seats/{line}/matches/{fixture}/resale`: the offer, on the seat map (201). */
export function offerForResale(lineId: number, fixtureId: number, request: ResaleOfferRequest): Promise<ResaleOffer> {
  return apiSend<ResaleOffer>('POST', resalePath(lineId, fixtureId), request);
}

/** `POST /api/resales/{id}/withdraw`: the seller takes a listed offer back. */
export function withdrawOffer(id: string): Promise<ResaleOffer> {
  return apiSend<ResaleOffer>('POST', `/api/resales/${encodeURIComponent(id)}/withdraw`);
}

/** `GET /api/resales/{id}`: an offer as a buyer sees it. */
export const resaleOfferQuery = (id: string) =>
  queryOptions({
    queryKey: resaleOfferKey(id),
    queryFn: () => apiGet<ResaleOffer>(`/api/resales/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** `POST /api/resales/{id}/purchase`: the offer reserved for the caller, and the payment to make (201). */
export function purchaseOffer(id: string, request: ResalePurchaseRequest): Promise<ResalePurchaseView> {
  return apiSend<ResalePurchaseView>('POST', `/api/resales/${encodeURIComponent(id)}/purchase`, request);
}

/** `POST /api/resale-purchases/{id}/confirm`: the API asks the provider whether the payment succeeded. */
export function confirmPurchase(id: string, clientSecret: string): Promise<ResalePurchase> {
  return apiSend<ResalePurchase>('POST', `/api/resale-purchases/${encodeURIComponent(id)}/confirm`, { client_secret: clientSecret });
}

/** Whether a purchase has come to its end: its ticket issued or refused, or its money on the way back. */
export function purchaseSettled(purchase: ResalePurchase): boolean {
  return (
    purchase.transfer_state === 'done' ||
    purchase.transfer_state === 'refused' ||
    purchase.state === 'refunding' ||
    purchase.state === 'refunded' ||
    // Never paid, and no longer reserved for the buyer: nothing more will happen to it.
    (purchase.state === 'pending' && !purchase.reserved_until)
  );
}

/**
 * `GET /api/resale-purchases/{id}`, read every `PURCHASE_POLL_MS` until it has settled
 * (`purchaseSettled`).
 */
export function useResalePurchase(id: string) {
  return useQuery({
    queryKey: resalePurchaseKey(id),
    queryFn: () => apiGet<ResalePurchase>(`/api/resale-purchases/${encodeURIComponent(id)}`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data !== undefined && purchaseSettled(query.state.data) ? false : PURCHASE_POLL_MS),
  });
}
