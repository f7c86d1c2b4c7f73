import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../AppRoutes';
import { aFan, aNotification } from '../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi } from '../test/render';

describe('the app bar account corner', () => {
  it('offers "Accedi" to a visitor, coming back to the page they were on', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Accedi' })).toHaveAttribute(
      'href',
      '/accedi?return_to=%2Fmaintenance',
    );
  });

  it("shows the fan's display name with a menu to the account and to sign out", async () => {
    const api = stubApi({ 'GET /api/me': { body: aFan() }, 'POST /api/auth/logout': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    await user.click(await screen.findByRole('button', { name: 'Account di Luca' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Il mio account' })).toHaveAttribute('href', '/myaccount');

    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));

    // Signed out on the server, then home and signed out here.
    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Accedi' })).toBeInTheDocument();
    const [logout] = api.callsTo('POST /api/auth/logout');
    expect(logout?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it("leads to the wallet, the supporter cards, the club's card to apply for and the notifications, saying how many are unread", async () => {
    stubApi({
      'GET /api/me': { body: aFan() },
      'GET /api/notifications': { body: { items: [aNotification()], unread: 3 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    const account = await screen.findByRole('button', { name: 'Account di Luca' });
    await waitFor(() => expect(within(account).getByTestId('unread-badge').querySelector('.MuiBadge-invisible')).toBeNull());
    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Wallet' })).toHaveAttribute('href', '/wallet/');
    expect(within(menu).getByRole('menuitem', { name: 'Tessere del tifoso' })).toHaveAttribute(
      'href',
      '/myaccount/supporter-cards',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Tessera Blu nel Cuore' })).toHaveAttribute('href', '/blunelcuore');
    expect(within(menu).getByRole('menuitem', { name: 'Notifiche, 3 notifiche non lette' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows no badge when every notification is read', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/notifications': { body: { items: [], unread: 0 } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    await user.click(await screen.findByRole('button', { name: 'Account di Luca' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Notifiche' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge').querySelector('.MuiBadge-invisible')).not.toBeNull();
  });

  it('signs out from a page that needs sign-in and lands home, not on the sign-in page', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'POST /api/auth/logout': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    await screen.findByRole('heading', { level: 1, name: 'Il mio account' });
    await user.click(screen.getByRole('button', { name: 'Account di Luca' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('luca.rossi@example.it');
    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Accedi' })).not.toBeInTheDocument();
  });

  it('has no sign-in button on the sign-in page itself', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/accedi' });

    await screen.findByRole('heading', { level: 1, name: 'Accedi' });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Accedi' })).not.toBeInTheDocument();
  });

  it('counts an already-ended session as signed out', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'POST /api/auth/logout': SIGNED_OUT });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    await user.click(await screen.findByRole('button', { name: 'Account di Luca' }));
    await user.click(screen.getByRole('menuitem', { name: 'Esci' }));

    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Accedi' })).toBeInTheDocument();
  });
});

describe('a sign-in that failed outside the app', () => {
  it('says why when Google sign-in comes back with signin_error, until closed', async () => {
    // The home page's matches answer (none), so the only alert is the sign-in's.
    stubApi({ 'GET /api/fixtures': { body: { items: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/?signin_error=email_banned' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Accesso non riuscito. Questo indirizzo e-mail non può essere usato per accedere.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
