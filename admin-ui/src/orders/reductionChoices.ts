import { formatEuros } from '../fields/money';
import type { Price } from '../../../api-types';

/**
 * A price a sale offers: a sector with a reduction, and whom the reduction is for. The default
 * prices (`Price`, a match's sale) and a season ticket's (`SeasonPrice`) both are.
 */
export type SalePrice = Pick<Price, 'sector_code' | 'reduction_id' | 'reduction_code' | 'reduction_name' | 'rule' | 'price_cents'>;

/** A reduction offered on a sale line. */
export interface ReductionChoice {
  id: number;
  name: string;
  /** Not priced for the line's sector: the API would refuse it. */
  disabled: boolean;
}

/** The sector of a seat label (`TC-TC1-1-1` → `TC`): labels read area-block-row-number. */
export function sectorOfLabel(label: string): string {
  return label.split('-')[0] ?? '';
}

/**
 * Every reduction the prices know (the default prices' box-office ones too, which the fan app
 * never offers), once each. When the line's seat is in a sector with prices, each reduction shows
 * its price there and those without one cannot be chosen; before that, all are offered.
 */
export function reductionChoices(prices: readonly SalePrice[], label: string, locale: string): ReductionChoice[] {
  const sector = sectorOfLabel(label);
  const inSector = new Map(
    prices.filter((price) => price.sector_code === sector).map((price) => [price.reduction_id, price.price_cents]),
  );
  const known = inSector.size > 0;
  const reductions = new Map<number, SalePrice>();
  for (const price of prices) {
    if (!reductions.has(price.reduction_id)) {
      reductions.set(price.reduction_id, price);
    }
  }
  return [...reductions.values()]
    .sort((a, b) => a.reduction_id - b.reduction_id)
    .map((reduction) => {
      const cents = inSector.get(reduction.reduction_id);
      const name = `${reduction.reduction_name} (${reduction.reduction_code})`;
      return {
        id: reduction.reduction_id,
        name: cents === undefined ? name : `${name} · ${formatEuros(cents, locale)}`,
        disabled: known && cents === undefined,
      };
    });
}
