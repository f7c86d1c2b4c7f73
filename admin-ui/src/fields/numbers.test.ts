import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatMilliseconds } from './numbers';

describe('formatCount', () => {
  it('groups thousands as each language does', () => {
    expect(formatCount(12_000, 'it')).toBe('12.000');
    expect(formatCount(1200, 'en')).toBe('1,200');
    // Italian groups from five digits on.
    expect(formatCount(1200, 'it')).toBe('1200');
    expect(formatCount(7, 'it')).toBe('7');
  });
});

describe('formatBytes', () => {
  it('says a size in the unit that reads best, one decimal at most', () => {
    expect(formatBytes(512, 'it')).toBe('512 byte');
    expect(formatBytes(48_213, 'it')).toBe('48,2 kB');
    expect(formatBytes(48_213, 'en')).toBe('48.2 kB');
    expect(formatBytes(3_450_000, 'en')).toBe('3.5 MB');
    expect(formatBytes(2_000_000, 'it')).toBe('2 MB');
  });
});

describe('formatMilliseconds', () => {
  it('says a duration in milliseconds, one decimal at most', () => {
    expect(formatMilliseconds(42, 'it')).toBe('42 ms');
    expect(formatMilliseconds(35.24, 'it')).toBe('35,2 ms');
    expect(formatMilliseconds(35.24, 'en')).toBe('35.2 ms');
    expect(formatMilliseconds(12_345, 'it')).toBe('12.345 ms');
  });
});
