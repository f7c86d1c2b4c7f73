import { HttpError } from 'react-admin';
import { parseEuros } from '../fields/money';

/** The most matches staff may let a season holder pass on, as the API (0: none). */
export const MAX_TRANSFER_LIMIT = 100;

/** The most the club may keep from each match seat its season holders resell, as the API: 1000 €. */
export const MAX_RESALE_FEE_CENTS = 100_000;

/**
 * The transfer limit typed in a season ticket's row: a whole number from 0 to 100, or
 * `undefined` when it is not one (nothing is sent).
 */
export function parseTransferLimit(typed: string): number | undefined {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) {
    return undefined;
  }
  const limit = Number(text);
  return limit <= MAX_TRANSFER_LIMIT ? limit : undefined;
}

/**
 * The resale fee typed in a season ticket's row, in euros ("2", "2,50", "2.50"), as cents: from
 * 0 to 1000 €, or `undefined` when it is not such an amount (nothing is sent).
 */
export function parseResaleFee(typed: string): number | undefined {
  const cents = parseEuros(typed);
  return cents !== null && cents >= 0 && cents <= MAX_RESALE_FEE_CENTS ? cents : undefined;
}

/** The fields of a season ticket the transfer limit's page edits, as the API names them. */
export type SeasonSetting = 'transfer_limit' | 'resale_fee_cents';

/**
 * The API's reason for refusing a setting (422 `validation_failed`, `errors.transfer_limit`
 * "0 to 100", `errors.resale_fee_cents`), as it said it; `undefined` for any other failure.
 */
export function settingRefusal(failure: unknown, field: SeasonSetting): string | undefined {
  if (!(failure instanceof HttpError) || failure.body === null || typeof failure.body !== 'object') {
    return undefined;
  }
  const reason = (failure.body as { errors?: Record<string, unknown> }).errors?.[field];
  return typeof reason === 'string' && reason !== '' ? reason : undefined;
}
