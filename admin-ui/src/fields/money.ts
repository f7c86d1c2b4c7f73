import type { Validator } from 'react-admin';

/**
 * Money: the API counts integer cents; staff read and type euros. Parsing is strict on purpose
 * (one decimal separator, at most two decimals, no thousands separator), so "1.000" is refused
 * rather than read as one euro or as a thousand.
 */

/** The highest default price the API takes: 10,000 €. */
export const MAX_PRICE_CENTS = 1_000_000;

function numberLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : 'it-IT';
}

/** An amount of cents as euros with the currency sign, in the staff member's language. */
export function formatEuros(cents: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * An amount of cents as the text of an input in euros: two decimals, the language's decimal
 * separator, no thousands separator and no sign (e.g. "60,00" in Italian, "60.00" in English).
 */
export function centsToEuroText(cents: number, locale: string): string {
  const negative = cents < 0;
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const separator = locale === 'en' ? '.' : ',';
  return `${negative ? '-' : ''}${whole}${separator}${fraction}`;
}

const EURO_AMOUNT = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Euros as typed ("65", "65,5", "65.50", "€ 65,50") to integer cents, or null when the text is
 * not an amount. Computed on digits, never through floating point.
 */
export function parseEuros(text: string): number | null {
  const compact = text.replace(/€/g, '').replace(/\s+/g, '');
  const match = EURO_AMOUNT.exec(compact);
  if (match === null) {
    return null;
  }
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    return null;
  }
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * A price in the form: integer cents once the text reads as an amount, the text itself while it
 * does not (so validation can say why), null when empty.
 */
export type EuroInputValue = number | string | null;

/** 0 ≤ price ≤ 10,000 €, on the form's cents. */
export const validatePriceCents: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') {
    return 'ra.validation.required';
  }
  if (typeof value !== 'number') {
    return 'resources.prices.errors.not_an_amount';
  }
  if (value < 0 || value > MAX_PRICE_CENTS) {
    return 'resources.prices.errors.out_of_range';
  }
  return undefined;
};
