import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, isApiCode } from '../../api/client';
import type { PaymentFlow } from '../../orders/flow';
import { PAYMENT_UNKNOWN } from '../../orders/errors';

/**
 * The flow's confirm with the intent's client secret (or its free confirm with none), then on to
 * the thank-you page, or to the declined page when the provider says the card was refused. A
 * payment still processing (or waiting for 3-D Secure) goes to the thank-you page too: it waits
 * there until the webhook settles the order. Anything else stays here to be shown.
 *
 * `replace` leaves the page it is called from out of the history (the return from 3-D Secure,
 * whose address carries the secret).
 */
export function useConfirmPayment(flow: PaymentFlow, orderId: string, { replace = false }: { replace?: boolean } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientSecret: string | null) => {
      const result =
        clientSecret !== null
          ? await flow.confirm(orderId, clientSecret)
          : flow.confirmFree !== undefined
            ? await flow.confirmFree(orderId)
            : { outcome: 'unknownOrNoDocument' };
      if (result.outcome === 'unknownOrNoDocument') {
        throw new ApiError(200, PAYMENT_UNKNOWN, 'The API knows no payment for this order');
      }
      return result.order ?? null;
    },
    onSuccess: (order) => {
      if (order !== null) {
        queryClient.setQueryData(flow.orderKey(orderId), order);
      }
      void navigate(flow.thankYouPath(orderId), { replace });
    },
    onError: (error) => {
      if (isApiCode(error, 'payment_declined')) {
        void navigate(flow.declinedPath(orderId), { replace });
      } else if (isApiCode(error, 'payment_pending')) {
        void navigate(flow.thankYouPath(orderId), { replace });
      }
    },
  });
}
