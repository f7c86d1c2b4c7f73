import { describe, expect, it } from 'vitest';
import { formatExpiryInput, parseCard } from './paymentSimulator';

const NOW = new Date(2026, 10, 24);

describe('parseCard', () => {
  it('reads the test cards, spaces and all, with a two- or four-digit year', () => {
    expect(parseCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, NOW)).toEqual({
      ok: true,
      value: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(parseCard({ number: '4000-0025-0000-3155', expiry: '1 / 2027', cvc: '1234' }, NOW)).toEqual({
      ok: true,
      value: { number: '4000002500003155', expMonth: 1, expYear: 2027, cvc: '1234' },
    });
  });

  it('refuses a mistyped number, a bad or past expiry and a short CVC', () => {
    expect(parseCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, NOW)).toEqual({
      ok: false,
      problems: { number: 'number_invalid', expiry: 'expiry_invalid', cvc: 'cvc_invalid' },
    });
    expect(parseCard({ number: '', expiry: '10/26', cvc: '123' }, NOW)).toEqual({
      ok: false,
      problems: { number: 'number_required', expiry: 'expiry_past' },
    });
    // The month it ends in is still good.
    expect(parseCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, NOW).ok).toBe(true);
    expect(parseCard({ number: '4242424242424242', expiry: '', cvc: '123' }, NOW)).toEqual({
      ok: false,
      problems: { expiry: 'expiry_required' },
    });
  });
});

describe('the expiry typed on a numeric keypad', () => {
  it('reads the digits alone as MM/YY', () => {
    expect(parseCard({ number: '4242424242424242', expiry: '1228', cvc: '123' }, NOW)).toEqual({
      ok: true,
      value: { number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123' },
    });
    expect(parseCard({ number: '4242424242424242', expiry: '122', cvc: '123' }, NOW)).toEqual({
      ok: false,
      problems: { expiry: 'expiry_invalid' },
    });
  });

  it('puts the "/" in after the month as the fan types, and lets them delete through it', () => {
    let value = '';
    for (const key of '1228') {
      value = formatExpiryInput(value + key, value);
    }
    expect(value).toBe('12/28');
    expect(formatExpiryInput('12', '')).toBe('12/');
    expect(formatExpiryInput('4', '')).toBe('04/');
    expect(formatExpiryInput('1', '')).toBe('1');
    // Backspace on "12/" leaves "12", not "12/" again.
    expect(formatExpiryInput('12', '12/')).toBe('12');
    expect(formatExpiryInput('12/2', '12/')).toBe('12/2');
    expect(formatExpiryInput('12 / 28', '')).toBe('12/28');
    expect(formatExpiryInput('abc', '')).toBe('');
  });
});
