import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { sortableHeaders } from '../test/recordActions';
import { aFixture, anOrderRow } from '../test/fixtures';
import type { IssuedTicket, OrderRow } from '../../../api-types';

const PAGE = '/tickets/issuedtickets';
const LIST = '/api/admin/issued-tickets';

const lazio = aFixture();

const luca: IssuedTicket = {
  id: 11,
  order_id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51',
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  starts_at: '2026-12-06T19:45:00Z',
  label: 'TC-TC1-1-1',
  sector_code: 'TC',
  row: '1',
  number: 1,
  gate: 'Varco 1',
  holder_name: 'Luca Neri',
  buyer_email: 'fan@example.it',
  price_cents: 6000,
  seal: 'A1B2C3D4E5F6G7H8',
  barcode: '8001234567890123',
  state: 'valid',
  issued_at: '2026-11-24T17:01:30Z',
  is_order_by_admin: false,
  payment_method: 'card',
};
const giulia: IssuedTicket = {
  ...luca,
  id: 12,
  label: 'CU-N-12-30',
  sector_code: 'CU',
  row: '12',
  number: 30,
  gate: '',
  holder_name: 'Giulia Rossi',
  buyer_email: 'box.office@lario.test',
  price_cents: 2550,
  seal: 'Z9Y8X7W6V5U4T3S2',
  state: 'cancelled',
  is_order_by_admin: true,
  payment_method: 'bank_transfer',
};

const order: OrderRow = anOrderRow({ id: luca.order_id, total_cents: 6000, lines: 1, issued_lines: 1 });

function ticketsApi(rows: IssuedTicket[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('issued-tickets', rows),
    '/api/admin/fixtures': listRoute('fixtures', [lazio]),
    [`${LIST}/11`]: { body: luca },
    ...extra,
  });
}

const EXPORTS = '/api/admin/exports';
const startedExport = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a95',
  kind: 'tickets',
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  state: 'queued',
  rows_total: null,
  rows_done: 0,
  progress: 0,
  file_name: 'biglietti-2026-11-25.xlsx',
  size_bytes: null,
  error: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T09:00:00Z',
  finished_at: null,
  expires_at: '2026-11-26T09:00:00Z',
};
const exportPosts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === EXPORTS && init?.method === 'POST');

const lastListQuery = (fetchMock: ReturnType<typeof stubFetch>) => {
  const calls = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === LIST);
  return urlOf(calls.at(-1)?.[0] ?? '').searchParams;
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the issued tickets page', () => {
  it('lists the tickets at /admin/tickets/issuedtickets, latest issued first, with seat, holder, seal and state', async () => {
    const fetchMock = ticketsApi([luca, giulia]);
    renderAdminApp(PAGE);

    const row = await rowOf('Luca Neri');
    // 17:01:30 UTC on 24 November is 18:01:30 in Como; the match kicks off at 20:45.
    expect(within(row).getByText('24/11/26, 18:01:30')).toBeInTheDocument();
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('06/12/26, 20:45:00')).toBeInTheDocument();
    // The seat: its label, then its row, number and gate.
    expect(within(row).getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(within(row).getByText('Fila 1, posto 1 · Varco 1')).toBeInTheDocument();
    // The buyer under the holder, the seal under the state.
    expect(within(row).getByText('fan@example.it')).toBeInTheDocument();
    expect(within(row).getByText('60,00 €')).toBeInTheDocument();
    expect(within(row).getByText('A1B2C3D4E5F6G7H8')).toBeInTheDocument();
    expect(within(row).getByText('Valido').closest('[data-state]')).toHaveAttribute('data-state', 'valid');
    expect(within(row).getByText('Carta')).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: 'Ordine fatto dallo staff' })).not.toBeInTheDocument();

    const boxOffice = await rowOf('Giulia Rossi');
    expect(within(boxOffice).getByText('Annullato').closest('[data-state]')).toHaveAttribute('data-state', 'cancelled');
    expect(within(boxOffice).getByText('25,50 €')).toBeInTheDocument();
    // No gate: the row and number alone.
    expect(within(boxOffice).getByText('Fila 12, posto 30')).toBeInTheDocument();
    // Sold by staff, paid by bank transfer.
    expect(within(boxOffice).getByRole('img', { name: 'Ordine fatto dallo staff' })).toBeInTheDocument();
    expect(within(boxOffice).getByText('Bonifico')).toBeInTheDocument();

    // Seven columns, to fit a 1366 px desktop beside the menu.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Emesso il',
      'Partita',
      'Posto',
      'Intestatario e acquirente',
      'Prezzo',
      'Stato e sigillo',
      'Pagamento',
    ]);
    const query = lastListQuery(fetchMock);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({});
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['issued_at', 'DESC']);
    expect(JSON.parse(query.get('range') ?? '')).toEqual([0, 24]);
  });

  it('sorts by the columns the API sorts by, and by no other', async () => {
    const fetchMock = ticketsApi([luca]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await rowOf('Luca Neri');
    expect(sortableHeaders()).toEqual(['Emesso il', 'Partita', 'Posto', 'Intestatario e acquirente']);
    await user.click(screen.getByRole('columnheader', { name: /^Intestatario/ }).querySelector('.MuiTableSortLabel-root') as HTMLElement);
    await waitFor(() => expect(JSON.parse(lastListQuery(fetchMock).get('sort') ?? '')).toEqual(['holder_name', 'ASC']));
  });

  it('sends the search, the match and the state as the filter', async () => {
    const fetchMock = ticketsApi([luca]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await rowOf('Luca Neri');
    await user.type(screen.getByPlaceholderText('Cerca per intestatario, e-mail, sigillo o posto'), 'rossi');
    await user.click(screen.getByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: 'Como - Lazio · 06/12/26, 20:45:00' }));
    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'Valido' }));

    await waitFor(() => {
      const query = lastListQuery(fetchMock);
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ q: 'rossi', fixture_id: 7, state: 'valid' });
      expect(JSON.parse(query.get('sort') ?? '')).toEqual(['issued_at', 'DESC']);
    });
  });

  it('speaks English to staff who chose it', async () => {
    ticketsApi([giulia]);
    renderAdminApp(PAGE, { locale: 'en' });

    const row = await rowOf('Giulia Rossi');
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).getByText('€25.50')).toBeInTheDocument();
    expect(within(row).getByText('Row 12, seat 30')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Holder and buyer/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^State and seal/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by holder, e-mail, seal or seat')).toBeInTheDocument();
  });

  it("opens the ticket's order from its row", async () => {
    const fetchMock = ticketsApi([luca], { [`/api/admin/orders/${luca.order_id}`]: { body: order } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(await screen.findByText('Luca Neri'));

    expect(await screen.findByRole('region', { name: 'Ordine' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `/api/admin/orders/${luca.order_id}`)).toBe(true);
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${LIST}/11`)).toBe(false);
  });

  it("shows a ticket's page with the barcode, and its order as a link to the order's page", async () => {
    ticketsApi([luca]);
    renderAdminApp('/issued-tickets/11/show');

    expect(await screen.findByText('8001234567890123')).toBeInTheDocument();
    expect(screen.getByText('Codice a barre')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51' })).toHaveAttribute(
      'href',
      '/admin/orders/0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51/show',
    );
  });

  it("exports the chosen match's tickets to Excel, the search and state left to the list", async () => {
    const fetchMock = ticketsApi([luca], { [`POST ${EXPORTS}`]: { status: 201, body: startedExport } });
    const user = userEvent.setup();
    renderAdminApp(`${PAGE}?filter=${encodeURIComponent(JSON.stringify({ fixture_id: 7, q: 'neri', state: 'valid' }))}`);

    await rowOf('Luca Neri');
    await user.click(screen.getByRole('button', { name: 'Esporta in Excel' }));

    expect(
      await screen.findByText('Esportazione «Biglietti emessi» avviata: il file si prepara in background.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vedi le esportazioni' })).toHaveAttribute('href', '/admin/exports');
    expect(exportPosts(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(exportPosts(fetchMock)[0]?.[1]?.body))).toEqual({ kind: 'tickets', fixture_id: 7 });
  });

  it("exports every match's tickets when no match is chosen, and says so on hover, in English", async () => {
    const fetchMock = ticketsApi([luca], {
      [`POST ${EXPORTS}`]: { status: 201, body: { ...startedExport, fixture_id: null, fixture_title: null } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await rowOf('Luca Neri');
    const button = screen.getByRole('button', { name: 'Export to Excel' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Every issued ticket, of every match: choose a match in the filter to export only its tickets. The search and the state do not apply.',
    );
    await user.click(button);

    expect(await screen.findByText('Export "Issued tickets" started: the file is being written in the background.')).toBeInTheDocument();
    expect(JSON.parse(String(exportPosts(fetchMock)[0]?.[1]?.body))).toEqual({ kind: 'tickets' });
  });
});
