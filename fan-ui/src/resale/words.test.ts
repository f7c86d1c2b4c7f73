import { describe, expect, it } from 'vitest';
import { eurosInput, parseEuros, parsePrice } from './words';

const TERMS = { face_value_cents: 4500, fee_cents: 500 };

describe('parseEuros', () => {
  it.each([
    ['45', 4500],
    ['45,5', 4550],
    ['45,50', 4550],
    ['45.05', 4505],
    [' € 45,00 ', 4500],
    ['0,99', 99],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'quaranta', '45,505', '-5', '4,5,0', '1.000,00'])('reads %j as no price', (text) => {
    expect(parseEuros(text)).toBeNull();
  });
});

describe('parsePrice', () => {
  it('takes a price above the fee and up to the face value', () => {
    expect(parsePrice('45,00', TERMS)).toEqual({ ok: true, cents: 4500 });
    expect(parsePrice('5,01', TERMS)).toEqual({ ok: true, cents: 501 });
  });

  it('refuses what is missing, not a price, above the face value, or not above the fee', () => {
    expect(parsePrice('  ', TERMS)).toEqual({ ok: false, problem: 'price_required' });
    expect(parsePrice('abc', TERMS)).toEqual({ ok: false, problem: 'price_format' });
    expect(parsePrice('45,01', TERMS)).toEqual({ ok: false, problem: 'price_above_face_value' });
    expect(parsePrice('5', TERMS)).toEqual({ ok: false, problem: 'price_below_fee' });
  });
});

describe('eurosInput', () => {
  it("writes cents as the fan's language types them", () => {
    expect(eurosInput(4500, 'it')).toBe('45,00');
    expect(eurosInput(4550, 'en')).toBe('45.50');
  });
});
