import { ApiError } from '../api/client';
import { PAYMENT_UNKNOWN } from '../orders/errors';
import type { PaymentFlow } from '../orders/flow';
import { confirmPurchase, resalePaymentKey, resalePurchaseKey } from './api';


/**
 * The buyer's page of an offer: `/resale/{id}` (the seat map has its own copy, `./listed`: a
 * module shared by its chunk and the resale pages' would be one more file the first page's code
 * lists).
 */
export const resalePath = (resaleId: string) => `/resale/${encodeURIComponent(resaleId)}`;

/** That page following one purchase of the offer: paid, its ticket issued (or refunded). */
export const resalePurchasePath = (resaleId: string, purchaseId: string) => `${resalePath(resaleId)}?purchase=${encodeURIComponent(purchaseId)}`;

/**
 * An offer's purchase paid as a match's order is (the checkout's payment step, card form and
 * confirm), its "order" the purchase: the card form's 3-D Secure comes back to, and a confirmed
 * payment goes on to, the offer's page following the purchase (`?purchase=`); a declined one
 * goes back to the offer's form (`?declined=1`), to try again. The payment comes with the
 * purchase (`POST /api/resales/{id}/purchase`): it is put in the cache under `intentKey` before
 * the payment step is shown, and never asked for on its own.
 */
export function resaleFlow(resaleId: string): PaymentFlow {
  const following = (purchaseId: string) => resalePurchasePath(resaleId, purchaseId);
  return {
    checkoutPath: following,
    thankYouPath: following,
    declinedPath: () => `${resalePath(resaleId)}?declined=1`,
    orderKey: resalePurchaseKey,
    intentKey: resalePaymentKey,
    requestIntent: () => Promise.reject(new ApiError(200, PAYMENT_UNKNOWN, 'A purchase has no payment but the one it came with')),
    confirm: async (purchaseId, clientSecret) => ({
      outcome: 'paymentProcessedSuccess',
      order: await confirmPurchase(purchaseId, clientSecret),
    }),
    // A purchase names one holder, checked when it is made.
    onHoldersIneligible: () => undefined,
  };
}
