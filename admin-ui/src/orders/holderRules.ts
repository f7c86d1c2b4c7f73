import type { HolderRule } from '../../../api-types';
// The age count and who qualifies for a rule are shared with fan-ui (ui-shared/), as the API decides.
import { ageOn, qualifies, type HolderFacts } from '../../../ui-shared/holderRules';

const ERRORS = 'resources.orders.sale.errors';

/** The translation key's last part for a holder a reduction is not for, by the reduction's rule. */
const REFUSALS: Record<Exclude<HolderRule, 'anyone'>, string> = {
  under_14: 'holder_under_14',
  over_65: 'holder_over_65',
  women: 'holder_women',
};

/**
 * Why the holder may not have a reduction whose rule (the API's: whom it is for, as the
 * ticketing system checks it on the day it counts) is `rule`, on `day` (`yyyy-mm-dd` in Italy: the
 * match's, a season ticket's first match's), as a translation key under `errors` (a desk's words
 * say which day); undefined when they may, or when it cannot be told yet: the women's reduction
 * needs sex F, always; the age reductions are checked once the birth date and the day are known
 * (the API checks everything again).
 */
export function holderRefusal(
  rule: HolderRule | undefined,
  holder: HolderFacts | null | undefined,
  day: string | undefined,
  errors: string = ERRORS,
): string | undefined {
  if (rule === undefined || rule === 'anyone') {
    return undefined;
  }
  // The age rules wait for a readable birth date and the day.
  if (rule !== 'women' && (day === undefined || ageOn(holder?.birth_date ?? '', day) === undefined)) {
    return undefined;
  }
  return qualifies(rule, holder ?? {}, day ?? '') ? undefined : `${errors}.${REFUSALS[rule]}`;
}
