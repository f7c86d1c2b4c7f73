import { refusalKey } from '../bans/banRequest';
import { MAX_REASON_LENGTH } from '../bans/types';
import { romeDateOf } from '../fields/romeDateTime';
import { MAX_NAME_LENGTH, type NewBlacklistEntry } from './types';

const ERRORS = 'resources.blacklist.errors';

/** What the form holds: the person as typed, and why. */
export interface BlacklistFormValues {
  first_name?: string | null;
  last_name?: string | null;
  birth_date?: string | null;
  fiscal_code?: string | null;
  reason?: string | null;
}

/**
 * A fiscal code's form, as the API checks it before its check character: sixteen letters and
 * digits in their places (the digits may be omocodia letters, L to V; the month a letter of
 * ABCDEHLMPRST).
 */
const FISCAL_CODE = /^[A-Z]{6}[0-9L-NP-V]{2}[ABCDEHLMPRST][0-9L-NP-V]{2}[A-Z][0-9L-NP-V]{3}[A-Z]$/;

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** A fiscal code as the API keeps it: upper case, no spaces around. */
function fiscalCode(value: string | null | undefined): string {
  return text(value).toUpperCase();
}

/** `POST /api/admin/blacklist`'s body: the names and the reason trimmed, the fiscal code or "". */
export function newEntryRequest(values: BlacklistFormValues): NewBlacklistEntry {
  return {
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    birth_date: text(values.birth_date),
    fiscal_code: fiscalCode(values.fiscal_code),
    reason: text(values.reason),
  };
}

/**
 * Our words for one of the API's field error codes on a new entry: `required` and `too_long` on
 * the names and the reason, `required` and `in_future` on the birth date, `invalid_format` and
 * `check_character` on the fiscal code. A code we do not know shows as it came.
 */
export function blacklistFieldErrorKey(field: string, code: string): string | undefined {
  switch (code) {
    case 'required':
      return field === 'reason' ? `${ERRORS}.reason_required` : `${ERRORS}.required`;
    case 'too_long':
      return field === 'reason' ? `${ERRORS}.reason_too_long` : `${ERRORS}.name_too_long`;
    case 'in_future':
      return `${ERRORS}.in_future`;
    case 'invalid_format':
      return `${ERRORS}.fiscal_code_format`;
    case 'check_character':
      return `${ERRORS}.fiscal_code_check`;
    default:
      return undefined;
  }
}

/** Written, and no longer than `max`: the API's `required` and `too_long`, said before sending. */
function written(field: string, max: number) {
  return (value: unknown): string | undefined => {
    const typed = typeof value === 'string' ? value.trim() : '';
    if (typed === '') {
      return blacklistFieldErrorKey(field, 'required');
    }
    return [...typed].length > max ? blacklistFieldErrorKey(field, 'too_long') : undefined;
  };
}

export const validFirstName = written('first_name', MAX_NAME_LENGTH);
export const validLastName = written('last_name', MAX_NAME_LENGTH);
export const validReason = written('reason', MAX_REASON_LENGTH);

/** A birth date, not after today in Como: the API's `required` and `in_future`, said before sending. */
export function validBirthDate(value: unknown): string | undefined {
  const date = typeof value === 'string' ? value.trim() : '';
  if (date === '') {
    return blacklistFieldErrorKey('birth_date', 'required');
  }
  const today = romeDateOf(new Date().toISOString());
  return today !== undefined && date > today ? blacklistFieldErrorKey('birth_date', 'in_future') : undefined;
}

/** A fiscal code, when one is typed, of the right form (the API checks its check character too). */
export function validFiscalCode(value: unknown): string | undefined {
  const code = typeof value === 'string' ? fiscalCode(value) : '';
  return code === '' || FISCAL_CODE.test(code) ? undefined : blacklistFieldErrorKey('fiscal_code', 'invalid_format');
}

/** What to tell staff when adding or removing is refused: listed or removed already, not there, else `fallback`. */
export function blacklistFailureKey(error: unknown, fallback: string): string {
  return refusalKey(
    error,
    { already_blacklisted: `${ERRORS}.already_blacklisted`, already_removed: `${ERRORS}.already_removed` },
    `${ERRORS}.not_found`,
    fallback,
  );
}
