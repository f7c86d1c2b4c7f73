import type { HolderRule } from '../api-types';

/**
 * Whom a reduction is for, as the API checks it (domain/src/orders/holders.rs: `Holder::age_on`
 * and `Holder::qualifies`), shared by fan-ui and admin-ui so both count ages the same way. Plain
 * TypeScript: no React, no app imports; each app keeps its own messages.
 */

/** The stadium's clock: a match's day is the calendar day its kick-off falls on here. */
export const VENUE_TIME_ZONE = 'Europe/Rome';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from a birth date to a day, both `yyyy-mm-dd` (the day as read in Europe/Rome, e.g.
 * from `matchDayOf`), as the API counts them: a birthday not yet reached that year takes one off,
 * so a birthday on 29 February comes on 1 March in other years. Undefined when either cannot be read.
 */
export function ageOn(birthDate: string, day: string): number | undefined {
  const born = ISO_DATE.exec(birthDate.trim());
  const on = ISO_DATE.exec(day.trim());
  if (born === null || on === null) {
    return undefined;
  }
  const [, by, bm, bd] = born.map(Number) as [number, number, number, number];
  const [, dy, dm, dd] = on.map(Number) as [number, number, number, number];
  const beforeBirthday = dm < bm || (dm === bm && dd < bd);
  return dy - by - (beforeBirthday ? 1 : 0);
}

/** The match's day, `yyyy-mm-dd`, as the stadium's clock reads its kick-off (an RFC 3339 instant). */
export function matchDayOf(startsAt: string): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(startsAt));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** What the rules look at: the birth date (`yyyy-mm-dd`) and sex (`M`, `F`, or not given). */
export interface HolderFacts {
  birth_date?: string | null;
  sex?: string | null;
}

/**
 * Whether the holder qualifies for a reduction whose rule is `rule` on `matchDay` (`yyyy-mm-dd`),
 * as the API's `HolderRule` decides: under_14, younger than 14; over_65, 65 or older; women, sex F;
 * anyone, everyone. An age rule with no readable birth date does not qualify (callers that check
 * only once the date is typed ask `ageOn` first).
 */
export function qualifies(rule: HolderRule, holder: HolderFacts, matchDay: string): boolean {
  switch (rule) {
    case 'anyone':
      return true;
    case 'women':
      return holder.sex === 'F';
    case 'under_14': {
      const age = ageOn(holder.birth_date ?? '', matchDay);
      return age !== undefined && age < 14;
    }
    case 'over_65': {
      const age = ageOn(holder.birth_date ?? '', matchDay);
      return age !== undefined && age >= 65;
    }
  }
}
