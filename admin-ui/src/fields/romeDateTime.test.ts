import { describe, expect, it } from 'vitest';
import { formatRomeDateTime } from './romeDateTime';

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
