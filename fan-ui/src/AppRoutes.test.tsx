import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './AppRoutes';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { aFan } from './test/fixtures';
import { renderWithProviders, stubApi, stubVersionEndpoint } from './test/render';

const version = { name: 'lario', version: '0.1.0', git_sha: 'abc1234def' };

describe('fan app routes', () => {
  it.each(['/', '/mmobile'])('%s shows the home page in Italian', async (route) => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />, { route });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' }),
    ).toBeInTheDocument();
    // Shown once the matches above have their room (no layout shift).
    const actions = await screen.findByRole('region', { name: 'Cosa puoi fare' });
    expect(within(actions).getByRole('link', { name: /Biglietti partita/ })).toHaveAttribute('href', '/fixtures/all');
    expect(within(actions).getByRole('link', { name: /Wallet/ })).toHaveAttribute('href', '/wallet/');
    expect(within(actions).getByRole('link', { name: /Aiuto/ })).toHaveAttribute('href', '/help');
    expect(within(actions).getByRole('link', { name: /Abbonamenti/ })).toHaveAttribute('href', '/fixtures/season');
    // Areas that do not exist yet have no card leading to "not found".
    expect(within(actions).queryByRole('link', { name: /Collezionabili/ })).not.toBeInTheDocument();
  });

  it('has a menu of the sections and footer links to the information pages', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />);

    const menu = screen.getByRole('navigation', { name: 'Sezioni' });
    expect(within(menu).getByRole('link', { name: 'Partite' })).toHaveAttribute('href', '/fixtures/all');
    expect(within(menu).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet/');
    expect(within(menu).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/myaccount');
    expect(within(menu).getByRole('link', { name: 'Aiuto' })).toHaveAttribute('href', '/help');
    // On a phone the same sections sit behind the menu button.
    await userEvent.click(within(menu).getByRole('button', { name: 'Apri il menu' }));
    const phoneMenu = await screen.findByRole('menu', { name: 'Sezioni' });
    expect(within(phoneMenu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Partite', 'Wallet', 'Account', 'Aiuto']);
    await userEvent.keyboard('{Escape}');

    const footer = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Informazioni' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Aiuto', '/help'],
      ['Contatti', '/contacts'],
      ['Condizioni di vendita', '/terms'],
      ['Privacy', '/privacy'],
      ['Cookie', '/cookies'],
    ]);
  });

  it('shows the version the API reports in the footer', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />);

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('Versione 0.1.0 (abc1234)')).toBeInTheDocument();
  });

  it('still shows the page when the version cannot be read', async () => {
    const fetchMock = stubVersionEndpoint({ code: 'internal', message: 'boom' }, 500);
    renderWithProviders(<AppRoutes />);

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Biglietteria ufficiale');
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('app-version')).not.toBeInTheDocument();
  });

  it('shows the maintenance page at /maintenance', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />, { route: '/maintenance' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Manutenzione in corso');
  });

  it('shows the corporate account request at /register_company', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />, { route: '/register_company' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Richiesta di account aziendale');
  });

  it('keeps the supporter cards at /myaccount/supporter-cards for signed-in fans', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />, { route: '/myaccount/supporter-cards' });

    // Nobody is signed in here (the stub answers /api/me with 404): off to sign in.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Accedi');
  });

  it('shows the not-found page for an unknown route, with a way home', async () => {
    stubVersionEndpoint(version);
    renderWithProviders(<AppRoutes />, { route: '/some/unknown/route' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Pagina non trovata');
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });

  it('switches to English from the app bar and remembers the choice', async () => {
    stubVersionEndpoint(version);
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' });

    const languages = screen.getByRole('group', { name: 'Lingua' });
    await user.click(within(languages).getByRole('button', { name: 'EN' }));

    // The English texts are a chunk of their own, fetched on the first switch.
    expect(await screen.findByRole('heading', { level: 1, name: 'Official ticket office' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'EN' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it("saves the language switched to in the signed-in fan's account, for the e-mails and PDFs", async () => {
    const api = stubApi({
      'GET /api/me': { body: aFan({ language: 'it' }) },
      'PUT /api/me': ({ body }) => ({ body: { message: 'ok', user: aFan({ language: (body as { language: string }).language }) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('button', { name: 'Account di Luca' });

    await user.click(within(screen.getByRole('group', { name: 'Lingua' })).getByRole('button', { name: 'EN' }));

    await waitFor(() => expect(api.callsTo('PUT /api/me')).toHaveLength(1));
    expect(api.callsTo('PUT /api/me')[0]?.body).toEqual({ language: 'en' });
    expect(api.callsTo('PUT /api/me')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // Back to Italian: saved again; the same language twice is not.
    await user.click(within(await screen.findByRole('group', { name: 'Language' })).getByRole('button', { name: 'IT' }));
    await waitFor(() => expect(api.callsTo('PUT /api/me')).toHaveLength(2));
    expect(api.callsTo('PUT /api/me')[1]?.body).toEqual({ language: 'it' });
  });

  it('does not touch any account when nobody is signed in', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('link', { name: 'Accedi' });

    await user.click(within(screen.getByRole('group', { name: 'Lingua' })).getByRole('button', { name: 'EN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Official ticket office' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me')).toHaveLength(0);
  });
});
