import { describe, expect, it } from 'vitest';
import { ageOn, matchDayOf, qualifies } from './holderRules';

const MATCH_DAY = '2026-12-06';

describe('ageOn', () => {
  it('turns 14 and 65 on the birthday, not the day before', () => {
    expect(ageOn('2012-12-06', MATCH_DAY)).toBe(14);
    expect(ageOn('2012-12-07', MATCH_DAY)).toBe(13);
    expect(ageOn('1961-12-06', MATCH_DAY)).toBe(65);
    expect(ageOn('1961-12-07', MATCH_DAY)).toBe(64);
  });

  it('gives a 29 February birthday on 1 March in other years, on the day in leap years', () => {
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
    expect(ageOn('2012-02-29', '2028-02-28')).toBe(15);
    expect(ageOn('2012-02-29', '2028-02-29')).toBe(16);
  });

  it('cannot read what is not yyyy-mm-dd', () => {
    expect(ageOn('', MATCH_DAY)).toBeUndefined();
    expect(ageOn('06/12/2012', MATCH_DAY)).toBeUndefined();
    expect(ageOn('2012-12-06', '')).toBeUndefined();
  });
});

describe('matchDayOf', () => {
  it('reads the kick-off on the stadium clock (Europe/Rome)', () => {
    expect(matchDayOf('2026-12-06T19:45:00Z')).toBe('2026-12-06');
    expect(matchDayOf('2026-12-06T23:30:00Z')).toBe('2026-12-07');
    expect(matchDayOf('2026-08-29T22:15:00Z')).toBe('2026-08-30');
  });
});

describe('qualifies', () => {
  it('under_14: 13 on the match day qualifies, 14 does not', () => {
    expect(qualifies('under_14', { birth_date: '2012-12-07' }, MATCH_DAY)).toBe(true);
    expect(qualifies('under_14', { birth_date: '2012-12-06' }, MATCH_DAY)).toBe(false);
  });

  it('over_65: 65 on the match day qualifies, 64 does not', () => {
    expect(qualifies('over_65', { birth_date: '1961-12-06' }, MATCH_DAY)).toBe(true);
    expect(qualifies('over_65', { birth_date: '1961-12-07' }, MATCH_DAY)).toBe(false);
  });

  it('counts a 29 February birthday from 1 March', () => {
    expect(qualifies('under_14', { birth_date: '2012-02-29' }, '2026-02-28')).toBe(true);
    expect(qualifies('under_14', { birth_date: '2012-02-29' }, '2026-03-01')).toBe(false);
    expect(qualifies('over_65', { birth_date: '1960-02-29' }, '2025-02-28')).toBe(false);
    expect(qualifies('over_65', { birth_date: '1960-02-29' }, '2025-03-01')).toBe(true);
  });

  it('women: sex F only', () => {
    expect(qualifies('women', { sex: 'F' }, MATCH_DAY)).toBe(true);
    expect(qualifies('women', { sex: 'M' }, MATCH_DAY)).toBe(false);
    expect(qualifies('women', { sex: null }, MATCH_DAY)).toBe(false);
    expect(qualifies('women', {}, MATCH_DAY)).toBe(false);
  });

  it('anyone: everyone', () => {
    expect(qualifies('anyone', { sex: 'M', birth_date: '2020-01-01' }, MATCH_DAY)).toBe(true);
    expect(qualifies('anyone', {}, MATCH_DAY)).toBe(true);
  });

  it('an age rule without a readable birth date does not qualify', () => {
    expect(qualifies('under_14', { birth_date: null }, MATCH_DAY)).toBe(false);
    expect(qualifies('over_65', { birth_date: 'soon' }, MATCH_DAY)).toBe(false);
  });
});
