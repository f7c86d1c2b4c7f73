import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch } from '../test/render';
import { lastListParam, rowShowing } from '../test/recordActions';
import type { SupporterCard } from '../supporterCards/types';
import type { User } from './types';

const USER_ID = '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11';
const CARDS = '/api/admin/supporter-cards';

const fan: User = {
  id: USER_ID,
  email: 'tifoso@lario.test',
  name: 'Luca',
  display_name: 'Luca',
  first_name: 'Luca',
  last_name: 'Rossi',
  language: 'it',
  status: 1,
  acc_level: 100,
  acc_type: 0,
  is_agent: false,
  is_corporate: false,
  planet_is_sponsor: false,
  is_first_time_login: false,
  is_logged_in: true,
  marketing_consent: false,
  profiling_consent: false,
  third_party_consent: false,
  consent_13_years: true,
  created_at: '2026-11-01T10:00:00Z',
  last_login_at: '2026-11-21T09:00:00Z',
  role: 'fan',
};

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
    [`/api/admin/users/${USER_ID}`]: { body: fan },
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
