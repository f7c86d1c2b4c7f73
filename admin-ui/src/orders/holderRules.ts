import type { HolderRule } from '../../../api-types';
// The age count and who qualifies for a rule are shared with fan-ui (ui-shared/), as the API decides.
import { ageOn, qualifies, type HolderFacts } from '../../../ui-shared/holderRules';

const ERRORS = 'resources.orders.sale.errors';

/** The translation key for a holder a reduction is not for, by the reduction's rule. */
const REFUSALS: Record<HolderRule, string | undefined> = {
  anyone: undefined,
  under_14: `${ERRORS}.holder_under_14`,
  over_65: `${ERRORS}.holder_over_65`,
  women: `${ERRORS}.holder_women`,
};

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
  // The age rules wait for a readable birth date and the match's day.
  if (rule !== 'women' && (matchDay === undefined || ageOn(holder?.birth_date ?? '', matchDay) === undefined)) {
    return undefined;
  }
  return qualifies(rule, holder ?? {}, matchDay ?? '') ? undefined : REFUSALS[rule];
}
