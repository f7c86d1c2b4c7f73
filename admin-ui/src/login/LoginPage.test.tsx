import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Admin, Resource, TestMemoryRouter, testDataProvider, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { adminTheme } from '../theme';
import { LoginPage } from './LoginPage';

function renderLogin(login: AuthProvider['login']) {
  const authProvider: AuthProvider = {
    login,
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.reject({ message: false }),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(null),
  };
  render(
    <TestMemoryRouter initialEntries={['/login']}>
      <Admin
        authProvider={authProvider}
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        theme={adminTheme}
        loginPage={LoginPage}
      >
        <Resource name="users" list={() => <p>Utenti</p>} />
      </Admin>
    </TestMemoryRouter>,
  );
}

describe('LoginPage', () => {
  it('signs in with e-mail and password', async () => {
    const login = vi.fn(() => Promise.resolve());
    renderLogin(login);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Lario · Amministrazione' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' staff@lario.test ');
    await user.type(screen.getByLabelText(/^Password/), 'lario-staff-2026');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(login).toHaveBeenCalledWith({ username: 'staff@lario.test', password: 'lario-staff-2026' });
  });

  it('says in Italian why signing in failed', async () => {
    renderLogin(() => Promise.reject(new Error('pages.login.errors.forbidden')));
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'tifoso@lario.test');
    await user.type(screen.getByLabelText(/^Password/), 'lario-tifoso-2026');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("Questo account non può accedere all'amministrazione.");
  });

  it('switches to English before signing in', async () => {
    renderLogin(() => Promise.resolve());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Lario · Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
