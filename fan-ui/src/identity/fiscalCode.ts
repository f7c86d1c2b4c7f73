/**
 * The Italian fiscal code's form and check character (codice fiscale, DM 23/12/1976), as the API
 * checks them before anything else (`invalid_format`, `check_character`): the fan hears about a
 * typing mistake before sending. Whether the code is this person's (name, birth, sex, place) is
 * the API's to say.
 *
 * Sixteen characters: three letters of the surname, three of the name, the birth year's two
 * digits, the month's letter, the day (plus 40 for women), the birthplace (a letter and three
 * digits), the check letter. Omocodia replaces digits with the letters L M N P Q R S T U V.
 */

/** Why a fiscal code is refused here: the API's codes for the same problems. */
export type FiscalCodeProblem = 'invalid_format' | 'check_character';

export const FISCAL_CODE_LENGTH = 16;

/** The month letters, January to December. */
const MONTHS = 'ABCDEHLMPRST';
/** The letters omocodia puts in place of the digits 0 to 9. */
const OMOCODIA = 'LMNPQRSTUV';
/** The positions (0-based) that hold digits, or omocodia letters. */
const DIGIT_POSITIONS: readonly number[] = [6, 7, 9, 10, 12, 13, 14];
/** A character's value at an odd position (1st, 3rd, ...): `0`-`9`, then `A`-`Z`. */
const ODD_DIGITS = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const ODD_LETTERS = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const A = 'A'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);

/** A fiscal code as typed, as it is checked and sent: upper case, without spaces. */
export function normalisedFiscalCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isLetter = (c: string) => c >= 'A' && c <= 'Z';

/** The check character of a code's first fifteen characters (upper case letters and digits). */
export function checkCharacter(first: string): string {
  let sum = 0;
  for (const [index, c] of [...first.slice(0, FISCAL_CODE_LENGTH - 1)].entries()) {
    const digit = isDigit(c);
    const value = digit ? c.charCodeAt(0) - ZERO : c.charCodeAt(0) - A;
    // Positions count from 1: index 0 is the first, odd, position.
    sum += index % 2 === 0 ? ((digit ? ODD_DIGITS[value] : ODD_LETTERS[value]) ?? 0) : value;
  }
  return String.fromCharCode(A + (sum % 26));
}

/** What is wrong with a fiscal code (as `normalisedFiscalCode` makes it); null when nothing is. */
export function fiscalCodeProblem(code: string): FiscalCodeProblem | null {
  const chars = [...code];
  if (chars.length !== FISCAL_CODE_LENGTH) {
    return 'invalid_format';
  }
  const fits = chars.every((c, index) =>
    DIGIT_POSITIONS.includes(index) ? isDigit(c) || OMOCODIA.includes(c) : isLetter(c),
  );
  if (!fits || !MONTHS.includes(chars[8] ?? '')) {
    return 'invalid_format';
  }
  // The day, omocodia undone: 1 to 31 for men, 41 to 71 for women.
  const plain = (c: string) => (isDigit(c) ? c : String(OMOCODIA.indexOf(c)));
  const day = Number(plain(chars[9] ?? '') + plain(chars[10] ?? ''));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) {
    return 'invalid_format';
  }
  return checkCharacter(code) === chars[15] ? null : 'check_character';
}
