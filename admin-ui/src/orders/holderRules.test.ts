import { describe, expect, it } from 'vitest';
import { holderRefusal } from './holderRules';

const ERRORS = 'resources.orders.sale.errors';
// Como - Lazio, 6 December 2026 in Italy.
const MATCH_DAY = '2026-12-06';

// The age count itself is tested with the shared module (ui-shared/holderRules.test.ts).

describe('who may have a reduction', () => {
  it('keeps the women’s reduction (DONNA) for sex F, given or not the match', () => {
    expect(holderRefusal('women', { sex: 'F' }, MATCH_DAY)).toBeUndefined();
    expect(holderRefusal('women', { sex: 'M' }, MATCH_DAY)).toBe(`${ERRORS}.holder_women`);
    expect(holderRefusal('women', { sex: '' }, undefined)).toBe(`${ERRORS}.holder_women`);
    expect(holderRefusal('women', null, undefined)).toBe(`${ERRORS}.holder_women`);
  });

  it('keeps Under 14 for those not yet 14 on the match day', () => {
    expect(holderRefusal('under_14', { birth_date: '2012-12-07' }, MATCH_DAY)).toBeUndefined();
    expect(holderRefusal('under_14', { birth_date: '2012-12-06' }, MATCH_DAY)).toBe(`${ERRORS}.holder_under_14`);
  });

  it('keeps Over 65 for those 65 or older on the match day', () => {
    expect(holderRefusal('over_65', { birth_date: '1961-12-06' }, MATCH_DAY)).toBeUndefined();
    expect(holderRefusal('over_65', { birth_date: '1961-12-07' }, MATCH_DAY)).toBe(`${ERRORS}.holder_over_65`);
  });

  it('leaves the age to the API until the birth date and the match are known', () => {
    expect(holderRefusal('under_14', { birth_date: '1990-04-01' }, undefined)).toBeUndefined();
    expect(holderRefusal('over_65', { birth_date: null }, MATCH_DAY)).toBeUndefined();
  });

  it("says it in the desk's words: a season ticket counts the age on its first match's day", () => {
    const SEASON = 'resources.season-orders.sale.errors';
    expect(holderRefusal('under_14', { birth_date: '2012-12-06' }, MATCH_DAY, SEASON)).toBe(`${SEASON}.holder_under_14`);
    expect(holderRefusal('women', { sex: 'M' }, MATCH_DAY, SEASON)).toBe(`${SEASON}.holder_women`);
  });

  it('admits everyone to the other reductions, and to none chosen yet', () => {
    expect(holderRefusal('anyone', { sex: 'M', birth_date: '2020-01-01' }, MATCH_DAY)).toBeUndefined();
    expect(holderRefusal('anyone', null, MATCH_DAY)).toBeUndefined();
    expect(holderRefusal(undefined, null, MATCH_DAY)).toBeUndefined();
  });
});
