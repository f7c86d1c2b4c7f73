import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';

async function signIn() {
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: '/corporate/login' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Accesso aziende' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'acquisti@azienda.example.it');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-aziendale');
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('/corporate/login', () => {
  it('signs corporate users in through the corporate area', async () => {
    const api = stubApi({
      'POST /api/auth/password': { body: { message: 'ok', user: aFan({ acc_level: 51, role: 'corporate' }) } },
    });
    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Il mio account' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password')[0]?.body).toEqual({
      email: 'acquisti@azienda.example.it',
      password: 'password-aziendale',
      area: 'corporate',
    });
  });

  it('tells a fan account that it cannot enter this area', async () => {
    stubApi({ 'POST /api/auth/password': { status: 403, body: { code: 'forbidden', message: 'x', errors: {} } } });
    await signIn();

    expect(await screen.findByText("Il tuo account non può accedere a quest'area.")).toBeInTheDocument();
  });

  it('leads a company without an account to the request page', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/corporate/login' });

    expect(await screen.findByRole('link', { name: 'Richiedilo' })).toHaveAttribute('href', '/register_company');
  });
});
