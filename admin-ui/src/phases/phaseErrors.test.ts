import type { TranslateFunction } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { phaseFieldErrors } from './phaseErrors';

const translate = ((key: string, options?: Record<string, unknown>) =>
  options?.codes === undefined ? key : `${key}:${String(options.codes)}`) as TranslateFunction;

describe('phaseFieldErrors', () => {
  it('tells unknown sectors, a list too long and a renewal of a match apart', () => {
    expect(
      phaseFieldErrors(
        { sectors: 'unknown sectors: XX, YY', kind: 'a renewal is of a season ticket', ends_at: 'after the start' },
        translate,
      ),
    ).toEqual({
      sectors: 'resources.phases.errors.unknown_sectors:XX, YY',
      kind: 'resources.phases.errors.renewal_season_only',
      ends_at: 'resources.phases.errors.ends_before_start',
    });
    expect(phaseFieldErrors({ sectors: 'at most 200 characters' }, translate)).toEqual({
      sectors: 'resources.phases.errors.sectors_too_long',
    });
  });
});
