import { describe, expect, it } from 'vitest';
import { addDays, defaultReportRange } from './types';

describe('the payment report range', () => {
  it('counts calendar days across months, years and the change of time', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', -29)).toBe('2026-02-28');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('opens on the last 30 days in Italy, today included, as the API would', () => {
    expect(defaultReportRange(new Date('2026-11-25T10:00:00Z'))).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    // Already the 1st of December in Como.
    expect(defaultReportRange(new Date('2026-11-30T23:30:00Z'))).toEqual({ from: '2026-11-02', to: '2026-12-01' });
  });
});
