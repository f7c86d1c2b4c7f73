const ERRORS = 'resources.orders.sale.errors';

/**
 * Who may have a reduction, as the ticketing system checks it on the match day (and the API
 * before a sale): under 14, 65 or older, women. The prices the form reads name reductions by
 * code, not by rule, so the rules go by the catalogue's codes; any other reduction admits
 * everyone.
 */
const RULES: Readonly<Record<string, 'under_14' | 'over_65' | 'women'>> = {
  U14: 'under_14',
  O65: 'over_65',
  DONNA: 'women',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from a birth date to a day, both `yyyy-mm-dd`, counted as the API counts them (a
 * birthday not yet reached that year takes one off). Undefined when either cannot be read.
 */
export function ageOn(birthDate: string, day: string): number | undefined {
  const born = DATE.exec(birthDate.trim());
  const on = DATE.exec(day);
  if (born === null || on === null) {
    return undefined;
  }
  const [, by, bm, bd] = born.map(Number) as [number, number, number, number];
  const [, dy, dm, dd] = on.map(Number) as [number, number, number, number];
  const beforeBirthday = dm < bm || (dm === bm && dd < bd);
  return dy - by - (beforeBirthday ? 1 : 0);
}

/** The holder as the sale form has them so far (sex `M`, `F`, or empty when not given). */
export interface HolderFacts {
  birth_date?: string | null;
  sex?: string | null;
}

/**
 * Why the holder may not have the reduction `code` on `matchDay` (`yyyy-mm-dd`, the match's day
 * in Italy), as a translation key; undefined when they may, or when it cannot be told yet: the
 * women's reduction needs sex F, always; the age reductions are checked once the birth date and
 * the match are known (the API checks everything again).
 */
export function holderRefusal(
  code: string | undefined,
  holder: HolderFacts | null | undefined,
  matchDay: string | undefined,
): string | undefined {
  const rule = code === undefined ? undefined : RULES[code];
  if (rule === undefined) {
    return undefined;
  }
  if (rule === 'women') {
    return holder?.sex === 'F' ? undefined : `${ERRORS}.holder_women`;
  }
  const age = matchDay === undefined ? undefined : ageOn(holder?.birth_date ?? '', matchDay);
  if (age === undefined) {
    return undefined;
  }
  if (rule === 'under_14') {
    return age < 14 ? undefined : `${ERRORS}.holder_under_14`;
  }
  return age >= 65 ? undefined : `${ERRORS}.holder_over_65`;
}
