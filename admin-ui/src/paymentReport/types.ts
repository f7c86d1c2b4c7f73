import { romeDateOf } from '../fields/romeDateTime';

/** `paid`: card payments taken; `refunded`: card refunds made. */
export const PAYMENT_KINDS = ['paid', 'refunded'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The longest range the API compares: 93 days, both ends included. */
export const MAX_REPORT_DAYS = 93;
/** The range the report opens on, as the API's own default: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/**
 * Rows asked for at once: every day of the longest range, twice (payments and refunds), so the
 * page holds the whole range and its totals are the range's.
 */
export const REPORT_PAGE_SIZE = 2 * MAX_REPORT_DAYS + 14;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `days` after (or before) `day`, both `yyyy-mm-dd`. */
export function addDays(day: string, days: number): string {
  const match = DAY.exec(day);
  if (match === null) {
    return day;
  }
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The range the report opens on: the last 30 days in Italy, today included. */
export function defaultReportRange(now: Date = new Date()): { from: string; to: string } {
  const to = romeDateOf(now.toISOString()) ?? now.toISOString().slice(0, 10);
  return { from: addDays(to, -(DEFAULT_REPORT_DAYS - 1)), to };
}

export function isPaymentKind(value: unknown): value is PaymentKind {
  return typeof value === 'string' && (PAYMENT_KINDS as readonly string[]).includes(value);
}
