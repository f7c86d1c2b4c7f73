import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../api/client';
import type {
  FanNotification,
  HoldersRequest,
  Notifications,
  Order,
  OutcomeView,
  PaymentView,
} from '../../../api-types';

/** Query keys of the checkout data; everything of one order sits under `orderKey(id)`. */
export const orderKey = (id: string) => ['order', id] as const;
export const paymentIntentKey = (id: string) => ['order', id, 'payment'] as const;
export const walletKey = ['wallet'] as const;
export const notificationsKey = ['notifications'] as const;

/** How often the thank-you page reads the order while its tickets are being issued. */
export const ISSUING_POLL_MS = 2000;

/** `GET /api/orders/{id}`. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: () => apiGet<Order>(`/api/orders/${id}`),
    // An order changes under the fan (the hold expires, a webhook pays it): never trust an old copy.
    staleTime: 0,
  });

/** How a page reads an order again until it has settled (the thank-you page). */
export interface OrderPoll<T> {
  everyMs: number;
  until: (order: T) => boolean;
}

/** An order of any kind (its query's options); with `poll`, read again until `until` says it has settled. */
export function useOrder<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, poll?: OrderPoll<T>) {
  return useQuery({
    ...options,
    refetchInterval:
      poll === undefined ? false : (query) => (query.state.data !== undefined && poll.until(query.state.data) ? false : poll.everyMs),
  });
}

/** `POST /api/fixtures/{id}/checkout`: the caller's hold on the fixture becomes a pending order. */
export function startCheckout(fixtureId: number): Promise<Order> {
  return apiSend<Order>('POST', `/api/fixtures/${fixtureId}/checkout`);
}

/** `PUT /api/orders/{id}/holders`: every line's holder and reduction, all at once. */
export function saveHolders(id: string, request: HoldersRequest): Promise<Order> {
  return apiSend<Order>('PUT', `/api/orders/${id}/holders`, request);
}

/** `POST /api/orders/{id}/verify` (the spec's /vrocheck): may each holder receive a title? */
export function verifyHolders(id: string): Promise<Order> {
  return apiSend<Order>('POST', `/api/orders/${id}/verify`);
}

/** `POST /api/orders/{id}/payment`: the same intent every time (created the first time). */
export function requestPaymentIntent(id: string): Promise<PaymentView> {
  return apiSend<PaymentView>('POST', `/api/orders/${id}/payment`);
}

/** `POST /api/orders/{id}/confirm`: the API asks the provider whether the intent succeeded. */
export function confirmPayment(id: string, clientSecret: string): Promise<OutcomeView> {
  return apiSend<OutcomeView>('POST', `/api/orders/${id}/confirm`, { client_secret: clientSecret });
}

/** `POST /api/orders/{id}/confirm-free`: an order whose total is 0 needs no payment. */
export function confirmFreeOrder(id: string): Promise<OutcomeView> {
  return apiSend<OutcomeView>('POST', `/api/orders/${id}/confirm-free`);
}

/** `DELETE /api/orders/{id}`: cancels a pending order and frees its seats. */
export function cancelOrder(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/orders/${id}`);
}

/** `GET /api/notifications`: asked only for a signed-in fan. */
export function useNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => apiGet<Notifications>('/api/notifications'),
    enabled: signedIn,
  });
}

/** `POST /api/notifications/read`: every notification of the fan is read. */
export function markNotificationsRead(): Promise<void> {
  return apiSend<void>('POST', '/api/notifications/read');
}

/** The list as it is once everything in it has been read. */
export function allRead(list: Notifications): Notifications {
  return { unread: 0, items: list.items.map((item): FanNotification => ({ ...item, read: true })) };
}
