import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBacklogLine, aSeasonOrder, aSeasonTicket } from '../test/fixtures';
import {
  answerConfirmation,
  callsWith,
  exportFromList,
  lastListParam,
  listReads,
  queuedExportRoute,
  sortableHeaders,
} from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { BacklogLine } from '../../../api-types';

const BY_ORDER = '/tickets/season_backlog';
const BY_SEAT = '/tickets/seat_season_backlog';
const BACKLOG = '/api/admin/season-backlog';
const ORDERS = '/api/admin/season-orders';
const FIRST = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01';
const FAILED = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b02';

// Two collections of one order, then one of an order whose issuing gave up.
const luca = aBacklogLine();
const giulia: BacklogLine = { ...luca, id: 42, seat_label: 'TC-TC1-1-2', holder_name: 'Giulia Rossi', titles_issued: 4 };
const anna: BacklogLine = aBacklogLine({
  id: 43,
  order_id: FAILED,
  seat_label: 'CU-N-12-30',
  sector_name: 'Curva Nord',
  holder_name: 'Anna Bianchi',
  buyer_email: 'sfortunato@example.it',
  order_state: 'failed',
  titles_issued: 10,
  paid_at: '2026-07-02T10:00:00Z',
});

function backlogApi(lines: BacklogLine[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [BACKLOG]: listRoute('season-backlog', lines),
    '/api/admin/season-tickets': listRoute('season-tickets', [aSeasonTicket()]),
    [`${ORDERS}/${FIRST}`]: { body: aSeasonOrder() },
    ...extra,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the season backlog by reservation', () => {
  it('groups the waiting collections by order at /admin/tickets/season_backlog, with the titles summed', async () => {
    const fetchMock = backlogApi([luca, giulia, anna]);
    renderAdminApp(BY_ORDER);

    const first = await rowOf('abbonato@example.it');
    expect(within(first).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(first).getByText('2 posti')).toBeInTheDocument();
    expect(within(first).getByText('TC-TC1-1-1, TC-TC1-1-2')).toBeInTheDocument();
    // 5 and 4 of 19 each.
    expect(within(first).getByText('9 / 38')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar', { name: 'Titoli emessi' })).toHaveAttribute('aria-valuenow', '24');
    expect(within(first).getByText('01/07/26, 10:05:00')).toBeInTheDocument();
    expect(within(first).getByText('In emissione')).toBeInTheDocument();
    // The backlog goes on by itself: no action while the order is issuing.
    expect(within(first).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();

    const failed = await rowOf('sfortunato@example.it');
    expect(within(failed).getByText('1 posto')).toBeInTheDocument();
    expect(within(failed).getByText('10 / 19')).toBeInTheDocument();
    expect(within(failed).getByText('Emissione fallita')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(within(failed).queryByRole('button', { name: 'Rimborsa' })).not.toBeInTheDocument();

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Pagato il',
      'Acquirente e abbonamento',
      'Posti in attesa',
      'Titoli emessi',
      "Stato dell'ordine",
      'Azioni',
    ]);
    expect(sortableHeaders()).toEqual([]);
    // Every waiting line at once (the API's largest page), to group them.
    expect(lastListParam(fetchMock, BACKLOG, 'range')).toEqual([0, 499]);
    expect(lastListParam(fetchMock, BACKLOG, 'filter')).toEqual({});
  });

  it("retries a failed order's collections after a confirmation, with POST /season-orders/{id}/retry", async () => {
    const fetchMock = backlogApi([luca, anna], {
      [`POST ${ORDERS}/${FAILED}/retry`]: { body: {} },
    });
    const user = userEvent.setup();
    renderAdminApp(BY_ORDER);

    await user.click(within(await rowOf('sfortunato@example.it')).getByRole('button', { name: 'Riprova' }));
    expect(
      within(await screen.findByRole('dialog')).getByText("Riprovare l'emissione dell'abbonamento per sfortunato@example.it?"),
    ).toBeInTheDocument();
    const readsBefore = listReads(fetchMock, BACKLOG).length;
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Emissione ripresa: i titoli mancanti sono in emissione.')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${ORDERS}/${FAILED}/retry`);
    await waitFor(() => expect(listReads(fetchMock, BACKLOG).length).toBeGreaterThan(readsBefore));
  });

  it('reads the backlog again every 5 seconds while shown', async () => {
    const fetchMock = backlogApi([luca]);
    renderAdminApp(BY_ORDER);

    await rowOf('abbonato@example.it');
    const reads = listReads(fetchMock, BACKLOG).length;
    await waitFor(() => expect(listReads(fetchMock, BACKLOG).length).toBeGreaterThan(reads), { timeout: 15_000 });
  }, 10_000);

  it("opens the order's page from its row, and speaks English", async () => {
    const fetchMock = backlogApi([luca, giulia]);
    const user = userEvent.setup();
    renderAdminApp(BY_ORDER, { locale: 'en' });

    const row = await rowOf('abbonato@example.it');
    expect(within(row).getByText('2 seats')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Seats waiting' })).toBeInTheDocument();
    await user.click(within(row).getByText('9 / 38'));

    expect(await screen.findByRole('region', { name: 'Season order' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${ORDERS}/${FIRST}`)).toBe(true);
  });
});

describe('the season backlog by seat', () => {
  it('lists each waiting collection at /admin/tickets/seat_season_backlog with its progress', async () => {
    const fetchMock = backlogApi([luca, giulia, anna]);
    renderAdminApp(BY_SEAT);

    const row = await rowOf('Luca Neri');
    expect(within(row).getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(within(row).getByText('Tribuna Centrale')).toBeInTheDocument();
    expect(within(row).getByText('abbonato@example.it')).toBeInTheDocument();
    expect(within(row).getByText('5 / 19')).toBeInTheDocument();
    expect(within(row).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
    expect(within(await rowOf('Giulia Rossi')).getByText('4 / 19')).toBeInTheDocument();
    const failed = await rowOf('Anna Bianchi');
    expect(within(failed).getByText('Curva Nord')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(screen.getAllByRole('progressbar', { name: 'Titoli emessi' })).toHaveLength(3);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Pagato il',
      'Abbonamento',
      'Posto',
      'Intestatario e acquirente',
      'Titoli emessi',
      "Stato dell'ordine",
      'Azioni',
    ]);
    expect(lastListParam(fetchMock, BACKLOG, 'range')).toEqual([0, 24]);
  });

  it('filters by season ticket, and reads the backlog again every 5 seconds', async () => {
    const fetchMock = backlogApi([luca]);
    const user = userEvent.setup();
    renderAdminApp(BY_SEAT);

    await rowOf('Luca Neri');
    await user.click(screen.getByRole('combobox', { name: 'Abbonamento' }));
    await user.click(await screen.findByRole('option', { name: 'Abbonamento 2026-27' }));
    await waitFor(() => expect(lastListParam(fetchMock, BACKLOG, 'filter')).toEqual({ season_ticket_id: 3 }));
    const reads = listReads(fetchMock, BACKLOG).length;
    await waitFor(() => expect(listReads(fetchMock, BACKLOG).length).toBeGreaterThan(reads), { timeout: 15_000 });
  }, 12_000);
});

describe("the season backlog's export", () => {
  const exportRoute = { 'POST /api/admin/exports': queuedExportRoute('season_backlog', 'abbonamenti-in-attesa-2026-11-25.xlsx') };

  it('exports the whole backlog to Excel from the page by reservation (kind season_backlog), whatever the filter', async () => {
    const fetchMock = backlogApi([luca, anna], exportRoute);
    const user = userEvent.setup();
    renderAdminApp(`${BY_ORDER}?filter=${encodeURIComponent(JSON.stringify({ season_ticket_id: 3 }))}`);
    await rowOf('abbonato@example.it');

    await user.hover(screen.getByRole('button', { name: 'Esporta in Excel' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "Ogni collezione ancora in attesa dei titoli delle partite, di tutti gli abbonamenti; il filtro dell'abbonamento non conta.",
    );
    await exportFromList(user, fetchMock, {
      started: 'Esportazione «Abbonamenti in attesa» avviata: il file si prepara in background.',
      body: { kind: 'season_backlog' },
    });
  });

  it('exports it from the page by seat too, in English', async () => {
    const fetchMock = backlogApi([luca], exportRoute);
    const user = userEvent.setup();
    renderAdminApp(BY_SEAT, { locale: 'en' });
    await rowOf('Luca Neri');

    await exportFromList(user, fetchMock, {
      button: 'Export to Excel',
      started: 'Export "Season tickets waiting" started: the file is being written in the background.',
      body: { kind: 'season_backlog' },
    });
    // The season ticket filter stays.
    expect(screen.getByRole('combobox', { name: 'Season ticket' })).toBeInTheDocument();
  });
});
