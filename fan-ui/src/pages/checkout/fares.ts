import type { FixtureDetail, HolderRule, OrderLine } from '../../../../api-types';

/** A fare a line may be given: a reduction with its price in the line's sector. */
export interface FareOption {
  id: number;
  /** The reduction's code (INTERO, U14, DONNA...), by which its name is translated. */
  code: string;
  name: string;
  /** Whom it is for; unknown for the line's own fare until the fares are read. */
  rule: HolderRule | undefined;
  price_cents: number;
}

/** What a line's fare choice shows, and which of those the fan may choose. */
export interface LineFares {
  shown: FareOption[];
  allowed: number[];
}

type FaredLine = Pick<OrderLine, 'reduction_id' | 'reduction_code' | 'reduction_name' | 'price_cents'>;

/**
 * The fares sold for the line's sector (`sold`: a match's reductions, a season's prices), and
 * those the fan may choose. Until they are read (undefined), the line's own fare is the only one
 * known; a fare the line has that is not (or no longer) sold is listed, so the select shows it,
 * but refused.
 */
export function faresFor(line: FaredLine, sold: FareOption[] | undefined): LineFares {
  const own: FareOption = {
    id: line.reduction_id,
    code: line.reduction_code,
    name: line.reduction_name,
    rule: sold?.find((fare) => fare.id === line.reduction_id)?.rule,
    price_cents: line.price_cents,
  };
  if (sold === undefined) {
    return { shown: [own], allowed: [own.id] };
  }
  const allowed = sold.map((fare) => fare.id);
  return { shown: allowed.includes(own.id) ? sold : [own, ...sold], allowed };
}

/** A match's fares sold online in a sector (from the fixture's reductions); undefined until it is read. */
export function fixtureFares(fixture: FixtureDetail | undefined, sectorCode: string): FareOption[] | undefined {
  return fixture?.reductions.flatMap((reduction) => {
    const price = reduction.prices[sectorCode];
    return price === undefined
      ? []
      : [{ id: reduction.id, code: reduction.code, name: reduction.name, rule: reduction.rule, price_cents: price }];
  });
}
