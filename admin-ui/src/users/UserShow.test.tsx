import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch } from '../test/render';
import { lastListParam, rowShowing } from '../test/recordActions';
import type { SupporterCard } from '../supporterCards/types';
import { DEMO_FAN } from '../test/users';

const USER_ID = DEMO_FAN.id;
const CARDS = '/api/admin/supporter-cards';


const card: SupporterCard = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d01',
  card_number: 'TF0000000001',
  holder_first_name: 'Luca',
  holder_last_name: 'Rossi',
  holder_birth_date: '1990-04-01',
  card_state: 'issued',
  expires_on: '2031-11-24',
  created_at: '2026-11-24T17:05:00Z',
  user_id: USER_ID,
  user_email: 'tifoso@lario.test',
};

function usersApi() {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [`/api/admin/users/${USER_ID}`]: { body: DEMO_FAN },
    [CARDS]: listRoute('supporter-cards', [card]),
  });
}

describe("a user's page", () => {
  it("links staff to the supporter cards list narrowed to the user's account", async () => {
    usersApi();
    renderAdminApp(`/users/${USER_ID}/show`);

    const link = await screen.findByRole('link', { name: 'Tessere del tifoso' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/admin/fidelity_card');
    expect(JSON.parse(target.searchParams.get('filter') ?? 'null')).toEqual({ user_id: USER_ID });
  });

  it('opens the cards of the account, the filter shown by its e-mail, until staff remove it', async () => {
    const fetchMock = usersApi();
    const user = userEvent.setup();
    renderAdminApp(`/users/${USER_ID}/show`);

    await user.click(await screen.findByRole('link', { name: 'Tessere del tifoso' }));

    await rowShowing('TF0000000001');
    expect(lastListParam(fetchMock, CARDS, 'filter')).toEqual({ user_id: USER_ID });
    const account = screen.getByRole('textbox', { name: 'Account' });
    await waitFor(() => expect(account).toHaveValue('tifoso@lario.test'));

    await user.click(screen.getByRole('button', { name: 'Rimuovi questo filtro' }));
    await waitFor(() => expect(lastListParam(fetchMock, CARDS, 'filter')).toEqual({}));
    expect(screen.queryByRole('textbox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('names the button in English too', async () => {
    usersApi();
    renderAdminApp(`/users/${USER_ID}/show`, { locale: 'en' });

    expect(await screen.findByRole('link', { name: 'Supporter cards' })).toBeInTheDocument();
  });
});
