import type { HolderRule } from '../../../api-types';

const ERRORS = 'resources.orders.sale.errors';


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
 * Why the holder may not have a reduction whose rule (the API's: whom it is for, as the
 * ticketing system checks it on the match day) is `rule`, on `matchDay` (`yyyy-mm-dd`, the match's
 * day in Italy), as a translation key; undefined when they may, or when it cannot be told yet: the
 * women's reduction needs sex F, always; the age reductions are checked once the birth date and
 * the match are known (the API checks everything again).
 */
export function holderRefusal(
  rule: HolderRule | undefined,
  holder: HolderFacts | null | undefined,
  matchDay: string | undefined,
): string | undefined {
  if (rule === undefined || rule === 'anyone') {
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
