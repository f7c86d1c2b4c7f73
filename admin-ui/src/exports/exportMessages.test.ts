import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { i18nProvider } from '../i18n/i18nProvider';
import { exportFailureKey } from './exportErrors';
import { EXPORT_KINDS, EXPORT_STATES } from './types';
import { exportRequest } from './useCreateExport';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

afterEach(async () => {
  await i18nProvider.changeLocale('it');
});

describe('the exports in our words', () => {
  it.each(['it', 'en'])('has words in %s for every kind, what it holds, every state and every error code', async (locale) => {
    await i18nProvider.changeLocale(locale);
    const keys = [
      ...EXPORT_KINDS.flatMap((kind) => [`resources.exports.kinds.${kind}`, `resources.exports.contents.${kind}`]),
      ...EXPORT_STATES.map((state) => `resources.exports.states.${state}`),
      ...['export_not_ready', 'export_expired', 'kind_invalid', 'fixture_required', 'rejected', 'create_failed', 'download_failed'].map(
        (code) => `resources.exports.errors.${code}`,
      ),
      'app.menu.reports',
      'app.menu.exports',
      'app.menu.customer_consent',
      'pages.customer_consent.title',
      // The lists that export every row say so on hover.
      'resources.exports.hints.company_requests',
      'resources.exports.hints.fidelity_cards',
      'resources.exports.hints.season_tickets',
      'resources.exports.hints.season_backlog',
      'app.menu.corporate_requests',
      'app.menu.supporter_cards',
    ];
    for (const key of keys) {
      expect(translate(key, { smart_count: 1 }), key).not.toBe(key);
    }
  });
});

describe('the kinds', () => {
  it('are those the API knows, in its order', () => {
    expect(EXPORT_KINDS).toEqual([
      'tickets',
      'fixture',
      'customer_consent',
      'locked_seats',
      'company_requests',
      'fidelity_cards',
      'season_tickets',
      'season_backlog',
    ]);
  });
});

describe('the new kinds', () => {
  it.each([
    ['it', 'Richieste aziendali', 'Tessere del tifoso'],
    ['en', 'Corporate requests', 'Supporter cards'],
  ])('are named in %s', async (locale, companyRequests, fidelityCards) => {
    await i18nProvider.changeLocale(locale);
    expect(EXPORT_KINDS).toEqual(expect.arrayContaining(['company_requests', 'fidelity_cards']));
    expect(translate('resources.exports.kinds.company_requests')).toBe(companyRequests);
    expect(translate('resources.exports.kinds.fidelity_cards')).toBe(fidelityCards);
  });

  it.each([
    ['it', 'Abbonamenti venduti', 'Abbonamenti in attesa'],
    ['en', 'Season tickets sold', 'Season tickets waiting'],
  ])('name the season exports in %s', async (locale, seasonTickets, seasonBacklog) => {
    await i18nProvider.changeLocale(locale);
    expect(EXPORT_KINDS).toEqual(expect.arrayContaining(['season_tickets', 'season_backlog']));
    expect(translate('resources.exports.kinds.season_tickets')).toBe(seasonTickets);
    expect(translate('resources.exports.kinds.season_backlog')).toBe(seasonBacklog);
  });

  it('never take a fixture, as the consents', () => {
    expect(exportRequest('company_requests', 7)).toEqual({ kind: 'company_requests' });
    expect(exportRequest('fidelity_cards', '8')).toEqual({ kind: 'fidelity_cards' });
    expect(exportRequest('season_tickets', 7)).toEqual({ kind: 'season_tickets' });
    expect(exportRequest('season_backlog', '8')).toEqual({ kind: 'season_backlog' });
    expect(exportRequest('customer_consent', 7)).toEqual({ kind: 'customer_consent' });
    expect(exportRequest('tickets', '8')).toEqual({ kind: 'tickets', fixture_id: 8 });
    expect(exportRequest('locked_seats', 7)).toEqual({ kind: 'locked_seats', fixture_id: 7 });
  });
});

describe('exportFailureKey', () => {
  const refusal = (errors: Record<string, string>) =>
    new ApiRequestError(422, 'Some fields are not valid', { code: 'validation_failed', message: 'Some fields are not valid', errors });

  it('says which part of the request was refused', () => {
    expect(exportFailureKey(refusal({ kind: 'invalid' }), 'fallback')).toBe('resources.exports.errors.kind_invalid');
    expect(exportFailureKey(refusal({ fixture_id: 'required' }), 'fallback')).toBe('resources.exports.errors.fixture_required');
    expect(exportFailureKey(refusal({ other: 'odd' }), 'fallback')).toBe('resources.exports.errors.rejected');
  });

  it('uses the words for known codes, else the fallback', () => {
    const notFound = new ApiRequestError(404, 'Not found', { code: 'fixture_not_found', message: 'Not found', errors: {} });
    expect(exportFailureKey(notFound, 'fallback')).toBe('resources.fixtures.errors.fixture_not_found');
    expect(exportFailureKey(new ApiRequestError(500, 'Internal'), 'fallback')).toBe('fallback');
    expect(exportFailureKey(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
