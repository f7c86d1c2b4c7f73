function numberLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : 'it-IT';
}

/** A count as staff write it: 12.000 in Italian (from five digits on), 1,200 in English. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file's size in the unit that reads best (decimal: 1 kB is 1,000 bytes), one decimal at most:
 * "47,2 kB" in Italian, "47.2 kB" in English.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(numberLocale(locale), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/**
 * A duration in milliseconds, one decimal at most (an average may have some): "35,2 ms" in
 * Italian, "1,234 ms" in English.
 */
export function formatMilliseconds(ms: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale), {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(ms);
}
