import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { lastListParam, rowShowing } from '../test/recordActions';
import { DEMO_FAN } from '../test/users';
import { anOrderRow } from '../test/fixtures';
import type { IssuedTicket, OrderRow, OutboundEmailSummary, SupporterCard } from '../../../api-types';

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

const ORDER_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51';
const order: OrderRow = anOrderRow({
  id: ORDER_ID,
  user_id: DEMO_FAN.id,
  buyer_email: 'tifoso@lario.test',
  total_cents: 6000,
  lines: 1,
  issued_lines: 1,
});
const ticket: IssuedTicket = {
  id: 11,
  order_id: ORDER_ID,
  fixture_id: 7,
  fixture_title: 'Como - Napoli',
  starts_at: '2026-12-06T19:45:00Z',
  label: 'TC-TC1-1-1',
  sector_code: 'TC',
  row: '1',
  number: 1,
  gate: 'Varco 1',
  holder_name: 'Luca Neri',
  buyer_email: 'tifoso@lario.test',
  price_cents: 6000,
  seal: 'A1B2C3D4E5F6G7H8',
  barcode: '8001234567890123',
  state: 'valid',
  issued_at: '2026-11-24T17:01:30Z',
  is_order_by_admin: false,
  payment_method: 'card',
};
const email: OutboundEmailSummary = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e01',
  template: 'order_issued',
  language: 'it',
  to_address: 'tifoso@lario.test',
  subject: 'I tuoi biglietti per Como - Lazio',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-24T17:02:00Z',
  sent_at: '2026-11-24T17:02:03Z',
};

const ORDERS = '/api/admin/orders';
const TICKETS = '/api/admin/issued-tickets';
const EMAILS = '/api/admin/emails';

function usersApi() {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [`/api/admin/users/${USER_ID}`]: { body: DEMO_FAN },
    [CARDS]: listRoute('supporter-cards', [card]),
    [ORDERS]: listRoute('orders', [order]),
    [`${ORDERS}/${ORDER_ID}`]: { body: order },
    [TICKETS]: listRoute('issued-tickets', [ticket]),
    [EMAILS]: listRoute('emails', [email]),
    '/api/admin/fixtures': listRoute('fixtures', []),
  });
}

describe("a user's page", () => {
  it("lists the account's orders, tickets, supporter cards and e-mails, each read by the account", async () => {
    const fetchMock = usersApi();
    renderAdminApp(`/users/${USER_ID}/show`);

    const orders = await screen.findByRole('region', { name: /^Ordini/ }, { timeout: 15_000 });
    expect(await within(orders).findByText('Como - Lazio', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(orders).getByText('60,00 €')).toBeInTheDocument();
    const tickets = screen.getByRole('region', { name: /^Biglietti emessi/ });
    expect(await within(tickets).findByText('Luca Neri')).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: /^Tessere del tifoso/ });
    expect(await within(cards).findByText('TF0000000001')).toBeInTheDocument();
    const emails = screen.getByRole('region', { name: /^E-mail ricevute/ });
    expect(await within(emails).findByText('I tuoi biglietti per Como - Lazio')).toBeInTheDocument();

    expect(lastListParam(fetchMock, ORDERS, 'filter')).toEqual({ user_id: USER_ID });
    expect(lastListParam(fetchMock, ORDERS, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, TICKETS, 'filter')).toEqual({ user_id: USER_ID });
    expect(lastListParam(fetchMock, CARDS, 'filter')).toEqual({ user_id: USER_ID });
    expect(lastListParam(fetchMock, EMAILS, 'filter')).toEqual({ q: 'tifoso@lario.test' });
    // Each section links to its whole list, narrowed to the account.
    const seeAll = within(orders).getByRole('link', { name: 'Vedi tutti' });
    const target = new URL(seeAll.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/admin/orders');
    expect(JSON.parse(target.searchParams.get('filter') ?? 'null')).toEqual({ user_id: USER_ID });
  });

  it.each([
    ['an order', 'Como - Lazio'],
    ['a ticket', 'Luca Neri'],
  ])("opens the order's page from %s row", async (_what, text) => {
    const fetchMock = usersApi();
    const user = userEvent.setup();
    renderAdminApp(`/users/${USER_ID}/show`);

    await user.click(await screen.findByText(text, {}, { timeout: 15_000 }));

    expect(await screen.findByRole('region', { name: 'Pagamento' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${ORDERS}/${ORDER_ID}`)).toBe(true);
  });

  it("opens the account's whole orders list, which says it is narrowed to the account", async () => {
    const fetchMock = usersApi();
    const user = userEvent.setup();
    renderAdminApp(`/users/${USER_ID}/show`);

    const orders = await screen.findByRole('region', { name: /^Ordini/ });
    await user.click(within(orders).getByRole('link', { name: 'Vedi tutti' }));

    const account = await screen.findByRole('textbox', { name: 'Account' }, { timeout: 15_000 });
    await waitFor(() => expect(account).toHaveValue('tifoso@lario.test'));
    expect(lastListParam(fetchMock, ORDERS, 'filter')).toEqual({ user_id: USER_ID });
    expect(screen.getByRole('heading', { name: 'Ordini' })).toBeInTheDocument();
  });

  it('says what the account has none of, in English too', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      [`/api/admin/users/${USER_ID}`]: { body: DEMO_FAN },
      [CARDS]: listRoute('supporter-cards', []),
      [ORDERS]: listRoute('orders', []),
      [TICKETS]: listRoute('issued-tickets', []),
      [EMAILS]: listRoute('emails', []),
    });
    renderAdminApp(`/users/${USER_ID}/show`, { locale: 'en' });

    expect(await screen.findByText('No orders.')).toBeInTheDocument();
    expect(await screen.findByText('No issued tickets.')).toBeInTheDocument();
    expect(await screen.findByText('No supporter cards.')).toBeInTheDocument();
    expect(await screen.findByText('No e-mails.')).toBeInTheDocument();
  });

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
