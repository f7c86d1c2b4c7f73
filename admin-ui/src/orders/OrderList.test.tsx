import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { sortableHeaders } from '../test/recordActions';
import { aFixture, anOrderRow } from '../test/fixtures';
import type { OrderRow } from '../../../api-types';

const LIST = '/api/admin/orders';

const lazio = aFixture();

const paid: OrderRow = anOrderRow();
const refunded: OrderRow = {
  ...paid,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a52',
  buyer_email: 'rimborso@example.it',
  payment_status: -1,
  state: 'refunded',
  is_order_by_admin: true,
  payment_method: 'cash',
};

function ordersApi(rows: OrderRow[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('orders', rows),
    '/api/admin/fixtures': listRoute('fixtures', [lazio]),
    ...extra,
  });
}

const lastListQuery = (fetchMock: ReturnType<typeof stubFetch>) => {
  const calls = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === LIST);
  return urlOf(calls.at(-1)?.[0] ?? '').searchParams;
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the orders page', () => {
  it('lists the orders at /admin/orders, newest first, with payment status, state and total', async () => {
    const fetchMock = ordersApi([paid, refunded]);
    renderAdminApp('/orders');

    const row = await rowOf('fan@example.it');
    expect(within(row).getByText('24/11/26, 18:00:00')).toBeInTheDocument();
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('Pagato').closest('[data-payment-status]')).toHaveAttribute('data-payment-status', '1');
    expect(within(row).getByText('Emesso').closest('[data-state]')).toHaveAttribute('data-state', 'issued');
    expect(within(row).getByText('120,00 €')).toBeInTheDocument();
    expect(within(row).getByText('Carta')).toBeInTheDocument();
    // The order's id under the buyer, its seats under the total.
    expect(within(row).getByText('0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51')).toBeInTheDocument();
    expect(within(row).getByText('2 biglietti')).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: 'Ordine fatto dallo staff' })).not.toBeInTheDocument();

    const other = await rowOf('rimborso@example.it');
    expect(within(other).getByText('Altro')).toBeInTheDocument();
    expect(within(other).getByText('Rimborsato')).toBeInTheDocument();
    expect(within(other).getByText('Contanti')).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: 'Ordine fatto dallo staff' })).toBeInTheDocument();
    // Six columns, to fit a 1366 px desktop beside the menu.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Creato il',
      'Partita',
      'Acquirente e ordine',
      'Pagamento',
      'Stato',
      'Totale',
    ]);
    // Read-only: no edit, no delete.
    expect(screen.queryByRole('button', { name: /Modifica|Elimina|Crea/ })).not.toBeInTheDocument();

    const query = lastListQuery(fetchMock);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({});
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['created_at', 'DESC']);
  });

  it('filters by match, payment status and e-mail', async () => {
    const fetchMock = ordersApi([paid]);
    const user = userEvent.setup();
    renderAdminApp('/orders');

    await rowOf('fan@example.it');
    await user.type(screen.getByPlaceholderText("Cerca per e-mail dell'acquirente"), 'fan@example.it');
    await user.click(screen.getByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: 'Como - Lazio · 06/12/26, 20:45:00' }));
    await user.click(screen.getByRole('combobox', { name: 'Pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'In attesa' }));

    // 0 (pending) is a value like any other, not an empty filter.
    await waitFor(() =>
      expect(JSON.parse(lastListQuery(fetchMock).get('filter') ?? '')).toEqual({
        q: 'fan@example.it',
        fixture_id: 7,
        payment_status: 0,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'Altro' }));
    await waitFor(() => expect(JSON.parse(lastListQuery(fetchMock).get('filter') ?? '').payment_status).toBe(-1));
  });

  it("opens an order's page from its row", async () => {
    const fetchMock = ordersApi([paid], { [`${LIST}/${paid.id}`]: { body: paid } });
    const user = userEvent.setup();
    renderAdminApp('/orders');

    await user.click(await screen.findByText('fan@example.it'));

    const summary = await screen.findByRole('region', { name: 'Ordine' }, { timeout: 15_000 });
    expect(within(summary).getByText(String(paid.id))).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${LIST}/${paid.id}`)).toBe(true);
  });

  it('sorts by the columns the API sorts by, and by no other', async () => {
    const fetchMock = ordersApi([paid, refunded]);
    const user = userEvent.setup();
    renderAdminApp('/orders');

    await rowOf('fan@example.it');
    expect(sortableHeaders()).toEqual(['Creato il', 'Acquirente e ordine', 'Stato', 'Totale']);
    await user.click(screen.getByRole('columnheader', { name: /^Totale/ }).querySelector('.MuiTableSortLabel-root') as HTMLElement);
    await waitFor(() => expect(JSON.parse(lastListQuery(fetchMock).get('sort') ?? '')).toEqual(['total_cents', 'ASC']));
  });

  it('speaks English to staff who chose it', async () => {
    ordersApi([refunded]);
    renderAdminApp('/orders', { locale: 'en' });

    const row = await rowOf('rimborso@example.it');
    expect(within(row).getByText('Other')).toBeInTheDocument();
    expect(within(row).getByText('Refunded')).toBeInTheDocument();
    expect(within(row).getByText('€120.00')).toBeInTheDocument();
    expect(within(row).getByText('2 tickets')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Buyer and order/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });
});
