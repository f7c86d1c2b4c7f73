import type { SeasonPrice } from '../../../../api-types';
import type { SeasonDetail } from '../../seasons/api';

/** A sector's season prices: the full price, and the reductions (named, cheapest last). */
export interface SectorPrices {
  full: SeasonPrice | null;
  reductions: SeasonPrice[];
}

/**
 * The full price is the fare for anyone (INTERO; the dearest one for anyone if the ticketing
 * system has several); every other fare is a reduction, shown with its name.
 */
export function sectorPrices(season: Pick<SeasonDetail, 'prices'>, sectorCode: string): SectorPrices {
  const ofSector = season.prices.filter((price) => price.sector_code === sectorCode);
  const full =
    ofSector.find((price) => price.reduction_code === 'INTERO') ??
    ofSector.filter((price) => price.rule === 'anyone').sort((a, b) => b.price_cents - a.price_cents)[0] ??
    null;
  const reductions = ofSector
    .filter((price) => price !== full)
    .sort((a, b) => b.price_cents - a.price_cents);
  return { full, reductions };
}
