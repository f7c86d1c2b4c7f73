import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { apiErrorText } from '../auth/errors';

/** The refund namespace's `t` (`useTranslation(REFUND_NS)`). */
export type RefundT = TFunction<'refund'>;

/** The refusals of `POST /api/refund-requests` the page says in its own words (`errors.*`). */
const OWN_ERRORS = ['order_not_found', 'refunds_not_open', 'request_pending', 'nothing_to_refund', 'validation_failed'] as const;

/** The fan's words for a failed refund call: its own codes, else the app's. */
export function refundErrorText(t: RefundT, app: TFunction, error: unknown): string {
  const own = error instanceof ApiError ? OWN_ERRORS.find((code) => code === error.code) : undefined;
  return own === undefined ? apiErrorText(app, error) : t(`errors.${own}`);
}

/** A request's state as the page knows it (`pending`, `approved`, `declined`); another as pending. */
export function requestState(state: string): 'pending' | 'approved' | 'declined' {
  return state === 'approved' || state === 'declined' ? state : 'pending';
}
