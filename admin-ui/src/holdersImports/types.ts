import { isRunState, type RunState } from '../fields/runState';
import type { HoldersImport } from '../../../api-types';

/** The season the holders renew into when staff do not say otherwise. */
export const DEFAULT_HOLDERS_LABEL = '2025-2026';

/** A season label as the API takes it: two years that follow each other, `2025-2026`. */
export function isSeasonLabel(label: string): boolean {
  const match = /^(\d{4})-(\d{4})$/.exec(label.trim());
  return match !== null && Number(match[2]) === Number(match[1]) + 1;
}

/** How often an import still in the works is read again: every second, as its batches are written. */
export const HOLDERS_IMPORT_REFRESH_MS = 1_000;

/** An import's state, as the shared state chip shows it (an unknown one is shown as queued). */
export function importState(record: Pick<HoldersImport, 'state'>): RunState {
  return isRunState(record.state) ? record.state : 'queued';
}

/** Queued or running: the page reads it again until it is done or failed. */
export function isImportInProgress(record: Pick<HoldersImport, 'state'>): boolean {
  const state = importState(record);
  return state === 'queued' || state === 'running';
}

/**
 * How far an import got, 0 to 100: the rows settled (written, or rejected at the start) of the
 * sheet's rows; 100 once done. 0 while the sheet is not read yet (no total).
 */
export function importProgress(record: Pick<HoldersImport, 'state' | 'total' | 'written' | 'rejected'>): number {
  if (record.state === 'done') {
    return 100;
  }
  if (record.total <= 0) {
    return 0;
  }
  return Math.min(100, Math.max(0, Math.floor(((record.written + record.rejected) * 100) / record.total)));
}

/** Why a row of the holders' sheet was rejected (the rejected rows' sheet names these codes). */
export const REJECTION_REASONS = [
  'missing_name',
  'bad_birth_date',
  'bad_sex',
  'bad_seal',
  'duplicate_seal',
  'bad_promotions',
  'bad_buyer_birth_date',
  'bad_renewal_code',
  'missing_country',
  'bad_email',
] as const;

/**
 * Why a whole import failed, as a translation key and its arguments: the sheet could not be read,
 * or lacks columns (named); any other reason (the job's) is given as it came.
 */
export function importFailure(error: string | null | undefined): { key: string; args: Record<string, string> } {
  const text = (error ?? '').trim();
  const missing = /^missing_columns:\s*(.*)$/.exec(text);
  if (missing !== null) {
    return { key: 'resources.holders-imports.failures.missing_columns', args: { columns: missing[1] ?? '' } };
  }
  if (text.startsWith('unreadable')) {
    return { key: 'resources.holders-imports.failures.unreadable', args: {} };
  }
  return { key: 'resources.holders-imports.failures.other', args: { error: text === '' ? '—' : text } };
}
