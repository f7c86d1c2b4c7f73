import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubAnswer } from '../../test/render';

beforeAll(async () => {
  await Promise.all([import('./MaintenancePage'), import('../home/HomePage')]);
});

afterEach(() => {
  vi.useRealTimers();
});

const ROUTE = '/maintenance';

/** The API in maintenance until `end()` is called, for `me` (a fan unless given). */
function stubMaintenance(me: StubAnswer = { body: aFan() }) {
  let on = true;
  const api = stubApi({
    'GET /api/me': me,
    'GET /api/settings': () => ({ body: { maintenance_mode: on } }),
    'GET /api/fixtures': { body: { items: [] } },
  });
  return {
    ...api,
    end: () => {
      on = false;
    },
  };
}

async function waitingPage() {
  return screen.findByRole('heading', { level: 1, name: 'Manutenzione in corso' });
}

async function home() {
  return screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' });
}

describe('/maintenance', () => {
  it('keeps a fan waiting while it is on, then goes home by itself once it is over', async () => {
    // Only the timers: the API's answers still settle on their own.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const api = stubMaintenance();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await waitingPage()).toBeInTheDocument();
    expect(screen.getByText('Stiamo aggiornando la biglietteria. Torna tra poco: i tuoi biglietti sono al sicuro.')).toBeInTheDocument();
    const asked = api.callsTo('GET /api/settings').length;

    // Still on at the next look: the fan stays.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.callsTo('GET /api/settings').length).toBeGreaterThan(asked);
    expect(screen.getByRole('heading', { level: 1, name: 'Manutenzione in corso' })).toBeInTheDocument();

    api.end();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await home()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manutenzione in corso' })).not.toBeInTheDocument();
  });

  it('looks again when the fan comes back to the tab', async () => {
    const api = stubMaintenance();
    renderWithProviders(<AppRoutes />, { route: ROUTE });
    await waitingPage();

    api.end();
    fireEvent(window, new Event('visibilitychange'));
    expect(await home()).toBeInTheDocument();
  });

  it('asks again on "Riprova": still on, the fan stays; over, home', async () => {
    const api = stubMaintenance();
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });
    await waitingPage();
    const asked = api.callsTo('GET /api/settings').length;

    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await vi.waitFor(() => expect(api.callsTo('GET /api/settings').length).toBe(asked + 1));
    expect(await screen.findByTestId('maintenance-retry')).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Manutenzione in corso' })).toBeInTheDocument();

    api.end();
    await user.click(screen.getByTestId('maintenance-retry'));
    expect(await home()).toBeInTheDocument();
  });

  it('keeps a visitor waiting too', async () => {
    const api = stubMaintenance(SIGNED_OUT);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await waitingPage()).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('GET /api/me')).not.toHaveLength(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Manutenzione in corso' })).toBeInTheDocument();
  });

  it.each([
    ['an admin', 1, 'admin'],
    ['staff', 2, 'staff'],
  ] as const)('does not keep %s there: staff keep working', async (_who, acc_level, role) => {
    stubMaintenance({ body: aFan({ acc_level, role }) });
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await home()).toBeInTheDocument();
  });

  it('sends anyone home when it is not on', async () => {
    const api = stubMaintenance();
    api.end();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await home()).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubMaintenance();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
