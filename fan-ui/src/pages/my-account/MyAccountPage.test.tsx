import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { LANGUAGE_STORAGE_KEY } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import type { MeView } from '../../../../api-types';

/** An API that keeps the fan and applies `PUT /api/me` to it. */
function stubProfileApi(fan: MeView = aFan()) {
  let current = fan;
  return stubApi({
    'GET /api/me': () => ({ body: current }),
    'PUT /api/me': ({ body }) => {
      current = { ...current, ...(body as Partial<MeView>) };
      return { body: { message: 'Profile updated successfully', user: current } };
    },
    'PUT /api/me/password': ({ body }) =>
      (body as { current_password?: string }).current_password === 'sbagliata-123'
        ? {
            status: 422,
            body: { code: 'validation_failed', message: 'x', errors: { current_password: 'wrong_password' } },
          }
        : { body: { message: 'Password updated' } },
  });
}

describe('/myaccount', () => {
  it('sends a visitor to sign in and back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    // After signing in the page comes back to /myaccount: see the sign-in page's tests.
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount&language=it',
    );
  });

  it('shows the profile and saves it, saying "Profilo aggiornato"', async () => {
    const api = stubProfileApi();
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const profile = await screen.findByRole('region', { name: 'Profilo' });
    const displayName = within(profile).getByRole('textbox', { name: 'Nome visualizzato' });
    expect(displayName).toHaveValue('Luca');
    await user.clear(displayName);
    await user.type(displayName, 'Luca da Como');
    await user.type(within(profile).getByRole('textbox', { name: 'Cognome' }), '-Bianchi');
    await user.click(within(profile).getByRole('checkbox', { name: /comunicazioni commerciali/ }));
    await user.click(within(profile).getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Profilo aggiornato')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me')[0]?.body).toEqual({
      display_name: 'Luca da Como',
      first_name: 'Luca',
      last_name: 'Rossi-Bianchi',
      language: 'it',
      marketing_consent: true,
      profiling_consent: false,
      third_party_consent: false,
    });
    expect(screen.getByRole('button', { name: 'Account di Luca da Como' })).toBeInTheDocument();
  });

  it("leads to the fan's details and saved people, the club's card to apply for, the supporter cards, the ticket refunds, the corporate account request and, last, the account's deletion", async () => {
    stubProfileApi();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const links = await screen.findByRole('navigation', { name: 'Altri servizi' });
    expect(await within(links).findByRole('link', { name: /^I miei dati/ })).toHaveAttribute('href', '/myaccount/identity');
    expect(await within(links).findByRole('link', { name: /^Persone salvate/ })).toHaveAttribute('href', '/myaccount/people');
    expect(await within(links).findByRole('link', { name: /^Blu nel Cuore/ })).toHaveAttribute('href', '/blunelcuore');
    expect(within(links).getByRole('link', { name: /^Tessere del tifoso/ })).toHaveAttribute(
      'href',
      '/myaccount/supporter-cards',
    );
    expect(within(links).getByRole('link', { name: /^Account aziendale/ })).toHaveAttribute('href', '/register_company');
    expect(await within(links).findByRole('link', { name: /^Rimborso biglietti/ })).toHaveAttribute(
      'href',
      '/rimborso-biglietti-tickets-refund',
    );
    const deletion = await within(links).findByRole('link', { name: 'Elimina il mio account Cancella i tuoi dati personali' });
    expect(deletion).toHaveAttribute('href', '/myaccount/delete');
    expect(within(links).getAllByRole('link').at(-1)).toBe(deletion);
  });

  it('refuses a display name of spaces before asking the API', async () => {
    const api = stubProfileApi();
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const profile = await screen.findByRole('region', { name: 'Profilo' });
    const displayName = within(profile).getByRole('textbox', { name: 'Nome visualizzato' });
    await user.clear(displayName);
    await user.type(displayName, '   ');
    await user.click(within(profile).getByRole('button', { name: 'Salva' }));

    expect(displayName).toHaveAccessibleDescription('Il nome deve avere almeno 2 caratteri (spazi esclusi).');
    expect(api.callsTo('PUT /api/me')).toHaveLength(0);
  });

  it('saves the language and switches the app to it', async () => {
    const api = stubProfileApi();
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const profile = await screen.findByRole('region', { name: 'Profilo' });
    await user.click(within(profile).getByRole('combobox', { name: 'Lingua' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(within(profile).getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me')[0]?.body).toMatchObject({ language: 'en' });
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("leaves the app's language alone when the fan saves something else", async () => {
    // Stored Italian, but English chosen in this browser.
    await act(() => i18n.changeLanguage('en'));
    stubProfileApi(aFan({ language: 'it' }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('combobox', { name: 'Language' })).toHaveTextContent('Italiano');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('sets a first password without asking for a current one', async () => {
    const api = stubProfileApi(aFan({ has_password: false }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const section = await screen.findByRole('region', { name: 'Imposta una password' });
    expect(within(section).queryByLabelText(/Password attuale/)).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText(/^Nuova password/), 'corta');
    await user.type(within(section).getByLabelText(/^Ripeti la nuova password/), 'corta');
    await user.click(within(section).getByRole('button', { name: 'Imposta password' }));
    expect(within(section).getByLabelText(/^Nuova password/)).toHaveAccessibleDescription(
      'La password deve avere almeno 10 caratteri.',
    );

    await user.clear(within(section).getByLabelText(/^Nuova password/));
    await user.clear(within(section).getByLabelText(/^Ripeti la nuova password/));
    await user.type(within(section).getByLabelText(/^Nuova password/), 'lario-nuova-2026');
    await user.type(within(section).getByLabelText(/^Ripeti la nuova password/), 'lario-nuova-2026');
    await user.click(within(section).getByRole('button', { name: 'Imposta password' }));

    expect(await screen.findByText('Password aggiornata')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me/password')[0]?.body).toEqual({ new_password: 'lario-nuova-2026' });
    // Now there is one: changing it asks for the current one.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Cambia password' })).toBeInTheDocument());
  });

  it('translates a wrong current password', async () => {
    stubProfileApi(aFan({ has_password: true }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/myaccount' });

    const section = await screen.findByRole('region', { name: 'Cambia password' });
    await user.type(within(section).getByLabelText(/^Password attuale/), 'sbagliata-123');
    await user.type(within(section).getByLabelText(/^Nuova password/), 'lario-nuova-2026');
    await user.type(within(section).getByLabelText(/^Ripeti la nuova password/), 'lario-nuova-2026');
    await user.click(within(section).getByRole('button', { name: 'Cambia password' }));

    await waitFor(() =>
      expect(within(section).getByLabelText(/^Password attuale/)).toHaveAccessibleDescription(
        'La password attuale non è corretta.',
      ),
    );
  });
});
