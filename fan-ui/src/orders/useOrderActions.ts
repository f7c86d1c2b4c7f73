import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fixtureKey } from '../fixtures/api';
import { cancelOrder, orderKey, paymentIntentKey, saveHolders, verifyHolders } from './api';
import type { HoldersRequest, Order } from '../../../api-types';

/**
 * `PUT /api/orders/{id}/holders`: the answer is the whole order, put in the cache at once. The
 * payment intent is asked for again: a new reduction changes the total it was made for.
 */
export function useSaveHolders(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HoldersRequest) => saveHolders(id, request),
    onSuccess: (order) => {
      queryClient.setQueryData<Order>(orderKey(id), order);
      void queryClient.resetQueries({ queryKey: paymentIntentKey(id) });
    },
  });
}

/** `POST /api/orders/{id}/verify`: the order comes back with each line's `eligible` set. */
export function useVerifyHolders(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => verifyHolders(id),
    onSuccess: (order) => {
      queryClient.setQueryData<Order>(orderKey(id), order);
    },
  });
}

/** `DELETE /api/orders/{id}`: the order is read again (now cancelled) and its seats are free again. */
export function useCancelOrder(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSettled: () => {
      // After a 409 too: the order is no longer what the page shows.
      void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
      void queryClient.invalidateQueries({ queryKey: fixtureKey(order.fixture.id) });
    },
  });
}
