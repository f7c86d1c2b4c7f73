import { describe, expect, it } from 'vitest';
import { reductionChoices, sectorOfLabel } from './reductionChoices';
import type { Price } from '../../../api-types';

const price = (sector: string, id: number, code: string, cents: number): Price => ({
  id: `${sector}:${id}`,
  sector_code: sector,
  sector_name: sector,
  reduction_id: id,
  reduction_code: code,
  reduction_name: code.charAt(0) + code.slice(1).toLowerCase(),
  rule: code === 'DONNA' ? 'women' : code === 'U14' ? 'under_14' : code === 'O65' ? 'over_65' : 'anyone',
  price_cents: cents,
});
const prices = [price('TC', 1, 'INTERO', 6000), price('TC', 5, 'OMAGGIO', 0), price('CN', 1, 'INTERO', 2500)];

describe('the reductions of a sale line', () => {
  it('reads the sector from the seat label', () => {
    expect(sectorOfLabel('TC-TC1-1-1')).toBe('TC');
    expect(sectorOfLabel('')).toBe('');
  });

  it('offers every reduction once before the seat is known', () => {
    expect(reductionChoices(prices, '', 'en')).toEqual([
      { id: 1, name: 'Intero (INTERO)', disabled: false },
      { id: 5, name: 'Omaggio (OMAGGIO)', disabled: false },
    ]);
  });

  it("prices them in the seat's sector, and disables those the sector does not sell", () => {
    expect(reductionChoices(prices, 'CN-N1-3-7', 'en')).toEqual([
      { id: 1, name: 'Intero (INTERO) · €25.00', disabled: false },
      { id: 5, name: 'Omaggio (OMAGGIO)', disabled: true },
    ]);
    expect(reductionChoices(prices, 'XX-1-1-1', 'en').every((choice) => !choice.disabled)).toBe(true);
  });
});
