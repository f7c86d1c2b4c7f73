import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatRomeDateTime, instantToRomeLocal, romeDateOf, romeLocalToInstant } from './romeDateTime';

describe('formatRomeDateTime', () => {
  it('shows summer instants in Italian summer time (UTC+2)', () => {
    expect(formatRomeDateTime('2026-07-01T10:00:00Z', 'it')).toBe('01/07/26, 12:00:00');
  });

  it('shows winter instants in Italian standard time (UTC+1)', () => {
    expect(formatRomeDateTime('2026-01-15T23:30:00Z', 'en')).toBe('16/01/2026, 00:30:00');
  });

  it('gives back what it cannot read', () => {
    expect(formatRomeDateTime('not a date', 'it')).toBe('not a date');
  });
});

describe('romeDateOf', () => {
  it("gives the day in Italy, which an evening match's UTC instant may not show", () => {
    expect(romeDateOf('2026-12-06T19:45:00Z')).toBe('2026-12-06');
    expect(romeDateOf('2026-12-06T23:30:00Z')).toBe('2026-12-07');
    expect(romeDateOf('2026-07-01T22:15:00Z')).toBe('2026-07-02');
  });

  it('cannot tell from what it cannot read', () => {
    expect(romeDateOf('not a date')).toBeUndefined();
  });
});

describe('formatCalendarDate', () => {
  it('writes a birth date day first, the year in full, whatever the time zone', () => {
    expect(formatCalendarDate('1990-04-01', 'it')).toBe('01/04/1990');
    expect(formatCalendarDate('2012-12-31', 'en')).toBe('31/12/2012');
  });

  it('gives back what it cannot read', () => {
    expect(formatCalendarDate('01/04/1990', 'it')).toBe('01/04/1990');
    expect(formatCalendarDate('1990-02-31', 'it')).toBe('1990-02-31');
  });
});

describe('romeLocalToInstant and instantToRomeLocal', () => {
  it('read a wall-clock time in Rome, in winter and in summer', () => {
    expect(romeLocalToInstant('2026-12-01T10:00')).toBe('2026-12-01T09:00:00.000Z');
    expect(romeLocalToInstant('2026-07-30T10:00')).toBe('2026-07-30T08:00:00.000Z');
    expect(instantToRomeLocal('2026-12-01T09:00:00Z')).toBe('2026-12-01T10:00');
    expect(instantToRomeLocal('2026-07-30T08:00:00.000Z')).toBe('2026-07-30T10:00');
  });

  it('take a skipped spring time an hour later and a repeated autumn time the first time', () => {
    expect(romeLocalToInstant('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(romeLocalToInstant('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('give nothing for what cannot be read', () => {
    expect(romeLocalToInstant('')).toBeUndefined();
    expect(romeLocalToInstant('2026-02-30T10:00')).toBeUndefined();
    expect(romeLocalToInstant('domani')).toBeUndefined();
    expect(instantToRomeLocal('not a date')).toBe('');
  });
});
