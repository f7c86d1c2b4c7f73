import { describe, expect, it } from 'vitest';
import { mismatchSide, mismatchStatus } from './types';

describe('mismatchSide', () => {
  it('reads a side the API sent (the document leaves it untyped)', () => {
    expect(mismatchSide({ label: 'TC-TC1-1-1', holder: 'Luca Neri', state: 'valid' })).toEqual({
      label: 'TC-TC1-1-1',
      holder: 'Luca Neri',
      state: 'valid',
    });
    expect(mismatchSide({ holder: 'Anna Neri', state: 'cancelled' })).toEqual({ label: null, holder: 'Anna Neri', state: 'cancelled' });
  });

  it('is null for a side that does not know the title, or says nothing readable', () => {
    expect(mismatchSide(null)).toBeNull();
    expect(mismatchSide(undefined)).toBeNull();
    expect(mismatchSide('TC-TC1-1-1')).toBeNull();
  });
});

describe('mismatchStatus', () => {
  it('counts a divergence as resolved only when it says when', () => {
    expect(mismatchStatus({})).toBe('unresolved');
    expect(mismatchStatus({ resolved_at: null, resolution: 'cancel_requested' })).toBe('cancel_requested');
    expect(mismatchStatus({ resolved_at: '2026-11-24T17:00:00Z', resolution: 'adopted' })).toBe('resolved');
  });
});
