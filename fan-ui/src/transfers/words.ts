import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { apiErrorText } from '../auth/errors';
import { HOLDER_FIELDS, type HolderField } from '../orders/holderRules';

/** The transfer namespace's `t` (`useTranslation(TRANSFER_NS)`). */
export type TransferT = TFunction<'transfer'>;

/**
 * What is passed on: a match ticket, or a season seat for one match (`season`: the words that
 * differ are the keys' `_season` variants, i18next's context; the others are said alike).
 */
export type TransferKind = 'ticket' | 'season';

/** i18next's context for `kind`: none for a ticket. */
export const kindContext = (kind: TransferKind) => (kind === 'season' ? 'season' : undefined);

/**
 * Why a ticket (or a season seat's match) may not change holder, or why a change was refused:
 * the check's `refusal_code`, a 409's `code`, a refused change's `refusal_code` (each said in
 * `refusals.*`).
 */
const REFUSALS = [
  'transfers_closed',
  'transfer_window_closed',
  'match_started',
  'title_used',
  'title_cancelled',
  'title_not_transferable',
  'transfer_in_progress',
  'holder_has_title',
  'reduction_not_fitting',
  'recipient_banned',
  'holder_banned',
  'supporter_card_required',
  'already_passed_on',
  'season_transfer_limit',
  'in_resale',
  'title_banned',
] as const;

/** The other failures the transfer page says in its own words (`errors.*`). */
const PAGE_ERRORS = ['title_not_found', 'transfer_not_found', 'ticketing_unavailable', 'rate_limited'] as const;

/** A refusal's code in the fan's words; one the app does not know as the ticketing system's no. */
export function refusalText(t: TransferT, code: string | null | undefined, kind: TransferKind = 'ticket'): string {
  const known = REFUSALS.find((refusal) => refusal === code);
  return t(`refusals.${known ?? 'other'}`, { context: kindContext(kind) });
}

/** Whether a failed call is a refusal `refusalText` words (a 409 of the change of holder). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** The fan's words for a failed call of a transfer page: its own codes, else the app's. */
export function transferErrorText(t: TransferT, app: TFunction, error: unknown, kind: TransferKind = 'ticket'): string {
  if (isRefusal(error)) {
    return refusalText(t, error.code, kind);
  }
  const own = error instanceof ApiError ? PAGE_ERRORS.find((code) => code === error.code) : undefined;
  return own === undefined ? apiErrorText(app, error) : t(`errors.${own}`, { context: kindContext(kind) });
}

/** The fields a 422 of `POST .../transfer` names: the holder's (`holder.{field}`) and the e-mail. */
export function transferFieldErrors(error: unknown): { holder: HolderField[]; email: boolean } {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return { holder: [], email: false };
  }
  const keys = Object.keys(error.fieldErrors);
  return {
    holder: HOLDER_FIELDS.filter((field) => keys.includes(`holder.${field}`)),
    email: keys.includes('email'),
  };
}
