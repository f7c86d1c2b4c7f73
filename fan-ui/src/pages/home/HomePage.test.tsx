import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan, aFixture } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubAnswer } from '../../test/render';

beforeAll(async () => {
  await Promise.all([import('./HomePage'), import('../maintenance/MaintenancePage')]);
});

describe('home', () => {
  it('shows the matches on sale and coming soon, not those off sale, with the way to all of them', async () => {
    stubApi({
      'GET /api/fixtures': {
        body: {
          items: [
            aFixture({ id: 7, title: 'Como - Lazio' }),
            aFixture({ id: 8, title: 'Como - Inter', status: 0 }),
            aFixture({ id: 9, title: 'Como - Milan', status: 2 }),
          ],
        },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/' });

    const section = await screen.findByRole('region', { name: 'Partite in vendita' });
    const list = await within(section).findByTestId('home-fixtures');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Como - Lazio',
      'Como - Inter',
    ]);
    expect(within(list).getByRole('link', { name: 'Scegli i posti per Como - Lazio' })).toHaveAttribute('href', '/selectedfixture/7');
    expect(within(section).getByRole('link', { name: 'Tutte le partite' })).toHaveAttribute('href', '/fixtures/all');
  });

  it('says so when no match is on sale', async () => {
    stubApi({ 'GET /api/fixtures': { body: { items: [] } } });
    renderWithProviders(<AppRoutes />, { route: '/' });

    expect(await screen.findByText('Al momento non ci sono partite in vendita: torna presto.')).toBeInTheDocument();
  });
});

describe('home while the ticket office is in maintenance', () => {
  /** The API with maintenance on or off, for `me` (signed out unless given). */
  function stubMaintenance(on: boolean, me: StubAnswer = SIGNED_OUT) {
    return stubApi({
      'GET /api/me': me,
      'GET /api/settings': { body: { maintenance_mode: on } },
      'GET /api/fixtures': { body: { items: [aFixture({ id: 7, title: 'Como - Lazio' })] } },
    });
  }

  it.each([
    ['a visitor', SIGNED_OUT],
    ['a fan', { body: aFan() }],
    ['a corporate account', { body: aFan({ acc_level: 51, role: 'corporate' }) }],
  ])('sends %s to the maintenance page', async (_who, me) => {
    stubMaintenance(true, me);
    renderWithProviders(<AppRoutes />, { route: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Manutenzione in corso' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-fixtures')).not.toBeInTheDocument();
  });

  it('sends a fan there from /mmobile too', async () => {
    stubMaintenance(true, { body: aFan() });
    renderWithProviders(<AppRoutes />, { route: '/mmobile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Manutenzione in corso' })).toBeInTheDocument();
  });

  it('keeps a fan home when it is off', async () => {
    const api = stubMaintenance(false, { body: aFan() });
    renderWithProviders(<AppRoutes />, { route: '/' });

    expect(await screen.findByTestId('home-fixtures')).toHaveTextContent('Como - Lazio');
    await screen.findByRole('button', { name: 'Account di Luca' });
    expect(api.callsTo('GET /api/settings')).toHaveLength(1);
    // The check reads the header's session: no second /api/me.
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Manutenzione in corso' })).not.toBeInTheDocument();
  });

  it.each([
    ['an admin', 1, 'admin'],
    ['staff', 2, 'staff'],
  ] as const)('keeps %s home while it is on: staff keep working', async (_who, acc_level, role) => {
    const api = stubMaintenance(true, { body: aFan({ acc_level, role }) });
    renderWithProviders(<AppRoutes />, { route: '/' });

    expect(await screen.findByTestId('home-fixtures')).toHaveTextContent('Como - Lazio');
    await screen.findByRole('button', { name: 'Account di Luca' });
    expect(api.callsTo('GET /api/settings')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Manutenzione in corso' })).not.toBeInTheDocument();
  });
});
