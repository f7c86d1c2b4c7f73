import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { RUN_STATES } from '../fields/runState';
import { canReconcile, MISMATCH_KINDS, mismatchStatus } from './types';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

afterEach(async () => {
  await i18nProvider.changeLocale('it');
});

describe('the mismatch report in our words', () => {
  it.each(['it', 'en'])('has words in %s for every kind: its name, what it means, the confirmation and what was done', async (locale) => {
    await i18nProvider.changeLocale(locale);
    const keys = [
      ...MISMATCH_KINDS.flatMap((kind) => [
        `resources.mismatches.kinds.${kind}`,
        `resources.mismatches.explanations.${kind}`,
        `resources.mismatches.confirm.${kind}`,
        `resources.mismatches.resolutions.${kind}`,
      ]),
      ...RUN_STATES.map((state) => `resources.mismatch-reports.states.${state}`),
      ...['unresolved', 'cancel_requested', 'resolved'].map((status) => `resources.mismatches.status.${status}`),
      ...['already_resolved', 'holder_conflict', 'seat_conflict', 'reconcile_failed'].map(
        (code) => `resources.mismatches.errors.${code}`,
      ),
      'app.menu.tickets_mismatch',
      'pages.tickets_mismatch.title',
    ];
    for (const key of keys) {
      expect(translate(key, { smart_count: 1 }), key).not.toBe(key);
    }
  });
});

describe('where a divergence stands', () => {
  it('is unresolved until reconciled, and being cancelled while a job cancels a stray title there', () => {
    expect(mismatchStatus({ resolved_at: null, resolution: null })).toBe('unresolved');
    expect(mismatchStatus({ resolved_at: null, resolution: 'cancel_requested' })).toBe('cancel_requested');
    expect(mismatchStatus({ resolved_at: '2026-11-25T10:00:00Z', resolution: 'cancelled in the ticketing system' })).toBe(
      'resolved',
    );
    expect(canReconcile({ resolved_at: null, resolution: null })).toBe(true);
    expect(canReconcile({ resolved_at: null, resolution: 'cancel_requested' })).toBe(false);
    expect(canReconcile({ resolved_at: '2026-11-25T10:00:00Z', resolution: 'ours cancelled' })).toBe(false);
  });
});
