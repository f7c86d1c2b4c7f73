import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { holdersImportFailureKey } from './importErrors';
import { importFailure, importProgress, isImportInProgress, isSeasonLabel, REJECTION_REASONS } from './types';

describe('isSeasonLabel', () => {
  it('takes two following years, as the API does', () => {
    expect(isSeasonLabel('2025-2026')).toBe(true);
    expect(isSeasonLabel(' 2025-2026 ')).toBe(true);
    expect(isSeasonLabel('2025-2027')).toBe(false);
    expect(isSeasonLabel('2025/2026')).toBe(false);
    expect(isSeasonLabel('25-26')).toBe(false);
  });
});

describe('importProgress', () => {
  const at = (state: string, total: number, written: number, rejected: number) => ({ state, total, written, rejected });

  it('counts the rows settled, written or rejected, of the rows in the sheet', () => {
    expect(importProgress(at('queued', 0, 0, 0))).toBe(0);
    expect(importProgress(at('running', 1250, 500, 2))).toBe(40);
    expect(importProgress(at('running', 1250, 1248, 2))).toBe(100);
    expect(importProgress(at('done', 0, 0, 0))).toBe(100);
  });

  it('is read again while queued or running only', () => {
    expect(['queued', 'running', 'done', 'failed'].map((state) => isImportInProgress({ state }))).toEqual([true, true, false, false]);
  });
});

describe('REJECTION_REASONS', () => {
  it("names the sheet's optional Email column's bad address among the reasons", () => {
    expect(REJECTION_REASONS).toContain('bad_email');
  });
});

describe('importFailure', () => {
  it('names the missing columns, a sheet that cannot be read, or gives the reason as it came', () => {
    expect(importFailure('missing_columns: Nome, Cognome')).toEqual({
      key: 'resources.holders-imports.failures.missing_columns',
      args: { columns: 'Nome, Cognome' },
    });
    expect(importFailure('unreadable: not a zip')).toEqual({ key: 'resources.holders-imports.failures.unreadable', args: {} });
    expect(importFailure('database gone')).toEqual({
      key: 'resources.holders-imports.failures.other',
      args: { error: 'database gone' },
    });
  });
});

describe('holdersImportFailureKey', () => {
  const refused = (errors: Record<string, string>) =>
    new ApiRequestError(422, 'Some fields are not valid', { code: 'validation_failed', message: 'Some fields are not valid', errors });

  it('says which part the API refused', () => {
    expect(holdersImportFailureKey(refused({ label: 'yyyy-yyyy' }))).toBe('resources.holders-imports.errors.bad_label');
    expect(holdersImportFailureKey(refused({ file_base64: 'unreadable' }))).toBe('resources.holders-imports.errors.file_unreadable');
    expect(holdersImportFailureKey(new ApiRequestError(500, 'Boom'))).toBe('resources.holders-imports.errors.upload_failed');
  });
});
