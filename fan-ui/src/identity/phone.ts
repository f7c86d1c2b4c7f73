/**
 * A phone number as the API takes it: international form, `+` and digits (`+393331234567`).
 * Typed as an Italian fan types it ("333 1234567", "+39 333 123 4567", "0039..."): separators
 * dropped, and a number without a country code taken as Italian.
 */

export const ITALIAN_PREFIX = '+39';

/** The number as sent: without spaces and separators, with `+39` when no country code is given. */
export function normalisedPhone(raw: string): string {
  const compact = raw.replace(/[\s().\-/]/g, '');
  if (compact === '') {
    return '';
  }
  if (compact.startsWith('+')) {
    return compact;
  }
  if (compact.startsWith('00')) {
    return `+${compact.slice(2)}`;
  }
  return `${ITALIAN_PREFIX}${compact}`;
}

/**
 * Whether a number (as `normalisedPhone` makes it) is one the API takes: `+`, then digits not
 * starting with 0; an Italian one 6 to 11 digits after `+39`, any other 8 to 15 digits in all.
 */
export function phoneIsValid(phone: string): boolean {
  const digits = /^\+([1-9]\d*)$/.exec(phone)?.[1];
  if (digits === undefined) {
    return false;
  }
  if (digits.startsWith('39')) {
    const national = digits.length - 2;
    return national >= 6 && national <= 11;
  }
  return digits.length >= 8 && digits.length <= 15;
}
