import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { confirmFreeOrder, confirmPayment, orderKey, paymentIntentKey, requestPaymentIntent } from './api';
import type { PaymentView } from '../../../api-types';

/** What a confirm answers: the spec's outcome and the order as it now is. */
export interface PaymentOutcome {
  outcome: string;
  order?: unknown;
}

/**
 * One kind of order's way through payment (a match's, a season ticket's): its pages, its cache
 * keys and its payment calls. The payment step, the card form, the confirm and the declined page
 * are the same for every kind: they take the kind's flow.
 */
export interface PaymentFlow {
  checkoutPath: (id: string) => string;
  thankYouPath: (id: string) => string;
  declinedPath: (id: string) => string;
  orderKey: (id: string) => QueryKey;
  intentKey: (id: string) => QueryKey;
  /** `POST .../payment`: the same intent every time it is asked. */
  requestIntent: (id: string) => Promise<PaymentView>;
  /** `POST .../confirm` with the intent's client secret. */
  confirm: (id: string, clientSecret: string) => Promise<PaymentOutcome>;
  /** An order of 0 confirmed without paying; absent where the kind has none. */
  confirmFree?: (id: string) => Promise<PaymentOutcome>;
  /**
   * The API refused the payment because the ticketing system would refuse a holder
   * (`holders_ineligible`): the page's holder check is brought up to date.
   */
  onHoldersIneligible: (client: QueryClient, id: string, error: ApiError) => void;
}

/** A match's order (`/api/orders/...`, `/checkout/...`). */
export const MATCH_FLOW: PaymentFlow = {
  checkoutPath: (id) => `/checkout/${id}`,
  thankYouPath: (id) => `/checkout/thankyou/${id}`,
  declinedPath: (id) => `/checkout/declined/${id}`,
  orderKey,
  intentKey: paymentIntentKey,
  requestIntent: requestPaymentIntent,
  confirm: confirmPayment,
  confirmFree: confirmFreeOrder,
  // The API recorded why on each line: the order is read again and the check shows who and why.
  onHoldersIneligible: (client, id) => void client.invalidateQueries({ queryKey: orderKey(id), exact: true }),
};

/**
 * The payment intent, read as a query: the API answers the same intent every time it is asked
 * (it creates it the first time), so the page can ask for it as soon as the order may be paid,
 * and keep it.
 */
export function usePaymentIntent(flow: PaymentFlow, id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: flow.intentKey(id),
    queryFn: async () => {
      try {
        return await flow.requestIntent(id);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'holders_ineligible') {
          flow.onHoldersIneligible(queryClient, id, error);
        }
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    // Its failures (hold expired, holders missing) are answers for the fan, not hiccups.
    retry: false,
  });
}
