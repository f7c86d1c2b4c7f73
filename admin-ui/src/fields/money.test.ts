import { describe, expect, it } from 'vitest';
import { centsToEuroText, formatEuros, MAX_PRICE_CENTS, parseEuros, validatePriceCents } from './money';

describe('parseEuros', () => {
  it.each([
    ['65', 6500],
    ['65,5', 6550],
    ['65,50', 6550],
    ['65.05', 6505],
    [' 0 ', 0],
    ['€ 60,00', 6000],
    ['10000', MAX_PRICE_CENTS],
    ['-5', -500],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'abc', '65,505', '1.000,00', '1.000.000', '6 5x', ',50', '65,'])('refuses %j', (text) => {
    expect(parseEuros(text)).toBeNull();
  });

  it('counts on digits, not floating point', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(parseEuros('0,29')).toBe(29);
    expect(parseEuros('1234,99')).toBe(123499);
  });
});

describe('showing cents as euros', () => {
  it('writes input text with the language’s decimal separator', () => {
    expect(centsToEuroText(6550, 'it')).toBe('65,50');
    expect(centsToEuroText(6550, 'en')).toBe('65.50');
    expect(centsToEuroText(5, 'it')).toBe('0,05');
    expect(centsToEuroText(MAX_PRICE_CENTS, 'it')).toBe('10000,00');
  });

  it('goes back and forth without losing a cent', () => {
    for (const cents of [0, 1, 99, 100, 2500, 6550, 123456, MAX_PRICE_CENTS]) {
      expect(parseEuros(centsToEuroText(cents, 'it'))).toBe(cents);
      expect(parseEuros(centsToEuroText(cents, 'en'))).toBe(cents);
    }
  });

  it('formats amounts with the euro sign in each language', () => {
    expect(formatEuros(6000, 'it')).toBe('60,00\u00a0€');
    expect(formatEuros(6000, 'en')).toBe('€60.00');
  });
});

describe('validatePriceCents', () => {
  const check = (value: unknown) => validatePriceCents(value, {}, {});

  it('takes 0 to 10,000 €', () => {
    expect(check(0)).toBeUndefined();
    expect(check(MAX_PRICE_CENTS)).toBeUndefined();
  });

  it('refuses amounts outside 0 to 10,000 €', () => {
    expect(check(-1)).toBe('resources.prices.errors.out_of_range');
    expect(check(MAX_PRICE_CENTS + 1)).toBe('resources.prices.errors.out_of_range');
  });

  it('asks for an amount when the text is not one, or is empty', () => {
    expect(check('65,505')).toBe('resources.prices.errors.not_an_amount');
    expect(check(null)).toBe('ra.validation.required');
    expect(check('')).toBe('ra.validation.required');
  });
});
