import type { FixtureDetail, HolderRule, OrderLine } from '../../../../api-types';

/** A fare a line may be given: a reduction with its price in the line's sector. */
export interface FareOption {
  id: number;
  /** The reduction's code (INTERO, U14, DONNA...), by which its name is translated. */
  code: string;
  name: string;
  /** Whom it is for; unknown for the line's own fare until the fixture is read. */
  rule: HolderRule | undefined;
  price_cents: number;
}

/**
 * The fares sold online for the line's sector (from the fixture's reductions), and those the
 * fan may choose. Until the fixture is read, the line's own fare is the only one known; a fare
 * the line has that is not (or no longer) sold is listed, so the select shows it, but refused.
 */
export function faresFor(line: OrderLine, fixture: FixtureDetail | undefined): { shown: FareOption[]; allowed: number[] } {
  const own: FareOption = {
    id: line.reduction_id,
    code: line.reduction_code,
    name: line.reduction_name,
    rule: fixture?.reductions.find((reduction) => reduction.id === line.reduction_id)?.rule,
    price_cents: line.price_cents,
  };
  if (fixture === undefined) {
    return { shown: [own], allowed: [own.id] };
  }
  const sold = fixture.reductions.flatMap((reduction) => {
    const price = reduction.prices[line.sector_code];
    return price === undefined
      ? []
      : [{ id: reduction.id, code: reduction.code, name: reduction.name, rule: reduction.rule, price_cents: price }];
  });
  const allowed = sold.map((fare) => fare.id);
  return { shown: allowed.includes(own.id) ? sold : [own, ...sold], allowed };
}
