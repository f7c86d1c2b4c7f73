import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Admin,
  HttpError,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
  type GetOneResult,
  type UpdateResult,
  type UpdateParams,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { adminTheme } from '../theme';
import { DEMO_FAN } from '../test/users';
import { pathOf, stubFetch, TEST_CSRF_TOKEN } from '../test/render';
import users from '.';
import type { UserView } from '../../../api-types';

function signedInAs(role: 'admin' | 'staff', id = 'me-0001'): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(role),
    getIdentity: () => Promise.resolve({ id, fullName: role === 'admin' ? 'Anna' : 'Marco' }),
  };
}

function renderAdmin(route: string, authProvider: AuthProvider, dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={[route]}>
      <Admin authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} theme={adminTheme}>
        <Resource name="users" {...users} />
      </Admin>
    </TestMemoryRouter>,
  );
}

function usersApi(record: UserView = DEMO_FAN) {
  const update = vi.fn((_resource: string, params: UpdateParams) =>
    Promise.resolve({ data: { ...record, ...params.data, role: 'staff' } } as UpdateResult),
  );
  const dataProvider = testDataProvider({
    getOne: () => Promise.resolve({ data: record } as GetOneResult),
    update,
  });
  return { dataProvider, update };
}

/** The API's refusal of a role change until the admin proves who they are again. */
function reauthenticationRequired() {
  return new HttpError('Confirm your password and authenticator code to change a role', 403, {
    code: 'reauthentication_required',
    message: 'Confirm your password and authenticator code to change a role',
    errors: {},
  });
}

/** The users API whose first save is refused until the admin confirms who they are. */
function usersApiAskingIdentity(record: UserView = DEMO_FAN) {
  const update = vi
    .fn((_resource: string, params: UpdateParams) =>
      Promise.resolve({ data: { ...record, ...params.data, role: 'staff' } } as UpdateResult),
    )
    .mockImplementationOnce(() => Promise.reject(reauthenticationRequired()));
  const dataProvider = testDataProvider({
    getOne: () => Promise.resolve({ data: record } as GetOneResult),
    update,
  });
  return { dataProvider, update };
}

async function chooseStaffAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: /Livello/ }));
  await user.click(await screen.findByRole('option', { name: '2 · Staff' }));
  await user.click(screen.getByRole('button', { name: 'Salva ruolo' }));
}

describe('confirming the identity before a role change', () => {
  it('asks for the password and the authenticator code, then saves the same change again', async () => {
    const fetchMock = stubFetch({
      '/api/auth/reauth': [
        { status: 401, body: { code: 'second_factor_invalid', message: 'Wrong code', errors: { code: 'second_factor_invalid' } } },
        { status: 204, body: null },
      ],
    });
    const { dataProvider, update } = usersApiAskingIdentity();
    const user = userEvent.setup();
    renderAdmin(`/users/${DEMO_FAN.id}`, signedInAs('admin'), dataProvider);

    await chooseStaffAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la tua identità' });
    expect(update).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Ruolo aggiornato')).not.toBeInTheDocument();

    // A wrong code: said in the dialog, which stays open.
    await user.type(within(dialog).getByLabelText(/^Password/), 'lario-admin-2026');
    await user.type(within(dialog).getByRole('textbox', { name: /Codice dell'app di autenticazione/ }), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Codice errato/);
    expect(update).toHaveBeenCalledTimes(1);

    await user.type(within(dialog).getByRole('textbox', { name: /Codice dell'app di autenticazione/ }), '222 222');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Ruolo aggiornato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenCalledTimes(2);
    expect(update.mock.calls[1]?.[1]).toMatchObject({ id: DEMO_FAN.id, data: { acc_level: 2 } });
    expect(Object.keys(update.mock.calls[1]?.[1].data ?? {})).toEqual(['acc_level']);
    const sent = fetchMock.mock.calls.filter(([input]) => pathOf(input) === '/api/auth/reauth');
    expect(sent.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { password: 'lario-admin-2026', code: '111111' },
      { password: 'lario-admin-2026', code: '222222' },
    ]);
    expect(sent.every(([, init]) => init?.method === 'POST')).toBe(true);
    expect(new Headers(sent[1]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
  });

  it('says a wrong password in the dialog and asks for both fields', async () => {
    stubFetch({
      '/api/auth/reauth': { status: 401, body: { code: 'invalid_credentials', message: 'Wrong', errors: {} } },
    });
    const { dataProvider } = usersApiAskingIdentity();
    const user = userEvent.setup();
    renderAdmin(`/users/${DEMO_FAN.id}`, signedInAs('admin'), dataProvider);

    await chooseStaffAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la tua identità' });
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await within(dialog).findByText('Il codice ha 6 cifre.')).toBeInTheDocument();
    expect(within(dialog).getByText('Obbligatorio')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Password/), 'sbagliata');
    await user.type(within(dialog).getByRole('textbox', { name: /Codice dell'app di autenticazione/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password errata.');
  });

  it('saves nothing when the admin cancels the confirmation', async () => {
    const fetchMock = stubFetch({});
    const { dataProvider, update } = usersApiAskingIdentity();
    const user = userEvent.setup();
    renderAdmin(`/users/${DEMO_FAN.id}`, signedInAs('admin'), dataProvider);

    await chooseStaffAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la tua identità' });
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Ruolo aggiornato')).not.toBeInTheDocument();
  });
});

describe('changing a role', () => {
  it('offers admins the role select on the show page and saves only acc_level', async () => {
    const { dataProvider, update } = usersApi();
    const user = userEvent.setup();
    renderAdmin(`/users/${DEMO_FAN.id}/show`, signedInAs('admin'), dataProvider);

    await user.click(await screen.findByRole('link', { name: 'Cambia ruolo' }));
    const select = await screen.findByRole('combobox', { name: /Livello/ });
    expect(select).toHaveTextContent('100 · Tifoso');
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['1 · Amministratore', '2 · Staff', '51 · Azienda', '55 · Azienda', '100 · Tifoso']);
    await user.click(screen.getByRole('option', { name: '2 · Staff' }));
    await user.click(screen.getByRole('button', { name: 'Salva ruolo' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[1]).toMatchObject({ id: DEMO_FAN.id, data: { acc_level: 2 } });
    expect(Object.keys(update.mock.calls[0]?.[1].data ?? {})).toEqual(['acc_level']);
    expect(await screen.findByText('Ruolo aggiornato')).toBeInTheDocument();
  });

  it('gives staff no way to change a role, not even on the edit page', async () => {
    const { dataProvider, update } = usersApi();
    renderAdmin(`/users/${DEMO_FAN.id}/show`, signedInAs('staff'), dataProvider);

    expect(await screen.findByText('tifoso@lario.test')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cambia ruolo' })).not.toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('shows staff who open the edit page the role read-only', async () => {
    const { dataProvider } = usersApi();
    renderAdmin(`/users/${DEMO_FAN.id}`, signedInAs('staff'), dataProvider);

    expect(await screen.findByText('Solo gli amministratori possono cambiare il ruolo di un utente.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Tifoso')).toBeInTheDocument();
    expect(within(main).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Salva ruolo' })).not.toBeInTheDocument();
  });

  it('does not let an admin take away their own admin role', async () => {
    const me = { ...DEMO_FAN, id: 'me-0001', email: 'admin@lario.test', acc_level: 1, role: 'admin' as const };
    const { dataProvider } = usersApi(me);
    renderAdmin('/users/me-0001', signedInAs('admin', 'me-0001'), dataProvider);

    expect(await screen.findByText('Non puoi togliere a te stesso il ruolo di amministratore.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salva ruolo' })).toBeDisabled();
  });

  it('speaks English to admins who chose it', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('en'));
    const { dataProvider } = usersApi();
    renderAdmin(`/users/${DEMO_FAN.id}`, signedInAs('admin'), dataProvider);

    const select = await screen.findByRole('combobox', { name: /Level/ });
    expect(select).toHaveTextContent('100 · Fan');
    expect(screen.getByRole('button', { name: 'Save role' })).toBeInTheDocument();
  });
});
