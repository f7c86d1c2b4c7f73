import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nuova password/), password);
  await user.type(screen.getByLabelText(/^Ripeti la nuova password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Salva e accedi' }));
}

describe('/reset-password/:token', () => {
  it('sets the new password with the token and signs in', async () => {
    const api = stubApi({ 'POST /api/auth/password/reset': { body: { user: aFan({ has_password: true }) } } });
    renderWithProviders(<AppRoutes />, { route: '/reset-password/reset-tok' });

    await choosePassword('lario-nuova-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Password aggiornata' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password/reset')[0]?.body).toEqual({
      token: 'reset-tok',
      password: 'lario-nuova-2026',
    });
  });

  it('checks that both passwords match', async () => {
    const api = stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/reset-password/reset-tok' });

    await choosePassword('lario-nuova-2026', 'lario-nuova-2025');

    expect(screen.getByText('Le due password non coincidono.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password/reset')).toHaveLength(0);
  });

  it('explains an expired link and offers a new one', async () => {
    stubApi({
      'POST /api/auth/password/reset': {
        status: 401,
        body: { code: 'link_invalid', message: 'not valid', errors: {} },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/reset-password/old-tok' });

    await choosePassword('lario-nuova-2026');

    expect(await screen.findByText(/Questo link non è più valido/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chiedi un nuovo link' })).toHaveAttribute('href', '/accedi');
  });
});
