import { HttpError } from 'react-admin';

/** The most matches staff may let a season holder pass on, as the API (0: none). */
export const MAX_TRANSFER_LIMIT = 100;

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
 * The API's reason for refusing the transfer limit (422 `validation_failed`,
 * `errors.transfer_limit`, "0 to 100"), as it said it; `undefined` for any other failure.
 */
export function transferLimitRefusal(failure: unknown): string | undefined {
  if (!(failure instanceof HttpError) || failure.body === null || typeof failure.body !== 'object') {
    return undefined;
  }
  const reason = (failure.body as { errors?: Record<string, unknown> }).errors?.transfer_limit;
  return typeof reason === 'string' && reason !== '' ? reason : undefined;
}
