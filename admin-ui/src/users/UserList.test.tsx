import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, testDataProvider, type GetListParams, type GetListResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/render';
import { UserList } from './UserList';
import type { UserView } from '../../../api-types';

const staffMember = {
  id: 'u-staff',
  email: 'staff@lario.test',
  name: 'Marco (biglietteria)',
  display_name: 'Marco (biglietteria)',
  first_name: 'Marco',
  last_name: 'Ferri',
  language: 'it',
  acc_level: 2,
  role: 'staff',
  created_at: '2026-07-01T10:00:00Z',
  last_login_at: null,
} as unknown as UserView;

function renderList(rows: UserView[] = [staffMember]) {
  const getList = vi.fn<(resource: string, params: GetListParams) => Promise<GetListResult>>(() =>
    Promise.resolve({ data: rows, total: rows.length } as GetListResult),
  );
  renderInAdmin(
    <ResourceContextProvider value="users">
      <UserList />
    </ResourceContextProvider>,
    { dataProvider: testDataProvider({ getList }) },
  );
  return getList;
}

describe('UserList', () => {
  it('shows e-mail, names, the role as a chip, level and dates in Italian time', async () => {
    renderList();

    const row = (await screen.findByText('staff@lario.test')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Marco (biglietteria)')).toBeInTheDocument();
    expect(cells.getByText('Marco Ferri')).toBeInTheDocument();
    expect(cells.getByText('Staff').closest('[data-role]')).toHaveAttribute('data-role', 'staff');
    expect(cells.getByText('2')).toBeInTheDocument();
    // 10:00 UTC on 1 July is 12:00 in Como.
    expect(cells.getByText('01/07/26, 12:00:00')).toBeInTheDocument();
    for (const header of ['E-mail', 'Nome visualizzato', 'Nome e cognome', 'Ruolo', 'Livello', 'Creato il', 'Ultimo accesso']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
  });

  it('searches by e-mail or name and filters by role', async () => {
    const getList = renderList();
    const user = userEvent.setup();
    await screen.findByText('staff@lario.test');

    await user.type(screen.getByPlaceholderText('Cerca per e-mail o nome'), 'tifoso@lario.test');
    await vi.waitFor(() =>
      expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ q: 'tifoso@lario.test' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    const roles = (await screen.findAllByRole('option')).map((option) => option.textContent?.trim());
    expect(roles).toEqual(expect.arrayContaining(['Amministratore', 'Staff', 'Azienda', 'Tifoso']));
    await user.click(screen.getByRole('option', { name: 'Tifoso' }));
    await vi.waitFor(() =>
      expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ q: 'tifoso@lario.test', role: 'fan' }),
    );
  });
});
