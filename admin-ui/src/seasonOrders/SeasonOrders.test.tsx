import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSeasonOrder, aSeasonOrderRow, aSeasonTicket } from '../test/fixtures';
import {
  answerConfirmation,
  callsWith,
  cancelConfirmation,
  exportFromList,
  lastListParam,
  listReads,
  queuedExportRoute,
  rowShowing,
  sortableHeaders,
} from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { SeasonOrderRow } from '../../../api-types';

const ISSUED_PAGE = '/tickets/seasonissued';
const FAILED_PAGE = '/tickets/issuefailedseason';
const LIST = '/api/admin/season-orders';
const ORDER_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01';

const issued = aSeasonOrderRow();
const failed: SeasonOrderRow = aSeasonOrderRow({
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b02',
  buyer_email: 'sfortunato@example.it',
  state: 'failed',
  titles_issued: 6,
  titles_expected: 20,
  error: 'refused: TESSERA_RICHIESTA: Serve una tessera',
  attempts: 5,
  failed_at: '2026-07-01T09:00:00Z',
});
const FAILED_ID = failed.id;

type Routes = Parameters<typeof stubFetch>[0];

function seasonOrdersApi(rows: SeasonOrderRow[], extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('season-orders', rows),
    '/api/admin/season-tickets': listRoute('season-tickets', [aSeasonTicket(), aSeasonTicket({ id: 4, name: 'Abbonamento Coppa' })]),
    [`${LIST}/${ORDER_ID}`]: { body: aSeasonOrder() },
    ...extra,
  });
}

describe('the season tickets issued page', () => {
  it('lists the issued season orders at /admin/tickets/seasonissued, with seats, titles, total and Como payment time', async () => {
    const fetchMock = seasonOrdersApi([issued]);
    renderAdminApp(ISSUED_PAGE);

    const row = await rowShowing('abbonato@example.it');
    expect(within(row).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(row).getByText('2 posti')).toBeInTheDocument();
    expect(within(row).getByText('1 collezione')).toBeInTheDocument();
    expect(within(row).getByText('20 / 20')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Titoli emessi' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(row).getByText('580,00 €')).toBeInTheDocument();
    // 08:05 UTC on 1 July is 10:05 in Como (summer time).
    expect(within(row).getByText('01/07/26, 10:05:00')).toBeInTheDocument();
    expect(within(row).getByText('Emesso').closest('[data-state]')).toHaveAttribute('data-state', 'issued');
    expect(within(row).getByRole('link', { name: 'Mostra' })).toHaveAttribute('href', `/admin/season-orders/${ORDER_ID}/show`);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Abbonamento',
      'Acquirente',
      'Posti',
      'Titoli emessi',
      'Totale',
      'Pagamento',
      'Pagato il',
      'Stato',
      'Dettaglio',
    ]);
    // Bought online: paid by card, sold by no one.
    expect(within(row).getByText('Carta')).toBeInTheDocument();
    expect(within(row).queryByText(/^Venduto da/)).not.toBeInTheDocument();
    // The API sorts by time alone.
    expect(sortableHeaders()).toEqual(['Pagato il']);
    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ state: 'issued' });
    expect(lastListParam(fetchMock, LIST, 'sort')).toEqual(['paid_at', 'DESC']);
  });

  it("sends the buyer's e-mail, the season ticket and another state as the filter", async () => {
    const fetchMock = seasonOrdersApi([issued]);
    const user = userEvent.setup();
    renderAdminApp(ISSUED_PAGE);

    await rowShowing('abbonato@example.it');
    await user.type(screen.getByPlaceholderText("Cerca per e-mail dell'acquirente"), 'abbonato');
    await user.click(screen.getByRole('combobox', { name: 'Abbonamento' }));
    await user.click(await screen.findByRole('option', { name: 'Abbonamento Coppa' }));
    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'In emissione' }));

    await waitFor(() =>
      expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'abbonato', season_ticket_id: 4, state: 'issuing' }),
    );
  });

  it('says who sold a box-office season order, in its row and on its page', async () => {
    const boxOffice = aSeasonOrderRow({ payment_method: 'cash', sold_by: STAFF_ME.email });
    const fetchMock = seasonOrdersApi([boxOffice], {
      [`${LIST}/${ORDER_ID}`]: { body: aSeasonOrder({ payment_method: 'cash' }) },
    });
    const user = userEvent.setup();
    renderAdminApp(ISSUED_PAGE);

    const row = await rowShowing('abbonato@example.it');
    expect(within(row).getByText('Contanti')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Ordine fatto dallo staff' })).toBeInTheDocument();
    expect(within(row).getByText(`Venduto da ${STAFF_ME.email}`)).toBeInTheDocument();

    await user.click(within(row).getByText('Abbonamento 2026-27'));
    const summary = await screen.findByRole('region', { name: 'Ordine di abbonamento' }, { timeout: 15_000 });
    expect(await within(summary).findByText(`Contanti · Venduto da ${STAFF_ME.email}`)).toBeInTheDocument();
    // The order's page does not say it: its row does, among the buyer's orders of that season ticket.
    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'abbonato@example.it', season_ticket_id: 3 });
  });

  it("opens the order's page from its row", async () => {
    const fetchMock = seasonOrdersApi([issued]);
    const user = userEvent.setup();
    renderAdminApp(ISSUED_PAGE);

    await user.click(await screen.findByText('abbonato@example.it'));

    expect(await screen.findByRole('region', { name: 'Ordine di abbonamento' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${LIST}/${ORDER_ID}`)).toBe(true);
  });

  it('exports every season seat sold to Excel (kind season_tickets), whatever the filters', async () => {
    const fetchMock = seasonOrdersApi([issued], {
      'POST /api/admin/exports': queuedExportRoute('season_tickets', 'abbonamenti-2026-11-25.xlsx'),
    });
    const user = userEvent.setup();
    renderAdminApp(`${ISSUED_PAGE}?filter=${encodeURIComponent(JSON.stringify({ q: 'abbonato', season_ticket_id: 3, state: 'issued' }))}`);
    await rowShowing('abbonato@example.it');

    await exportFromList(user, fetchMock, {
      started: 'Esportazione «Abbonamenti venduti» avviata: il file si prepara in background.',
      body: { kind: 'season_tickets' },
    });
    // Beside the box-office sale, which stays.
    expect(screen.getByRole('link', { name: 'Vendi abbonamento' })).toBeInTheDocument();
  });

  it('says on hover, in English, that the export holds every season seat sold', async () => {
    const fetchMock = seasonOrdersApi([issued], {
      'POST /api/admin/exports': queuedExportRoute('season_tickets', 'abbonamenti-2026-11-25.xlsx'),
    });
    const user = userEvent.setup();
    renderAdminApp(ISSUED_PAGE, { locale: 'en' });
    await rowShowing('abbonato@example.it');

    await user.hover(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Every season seat sold, of every season ticket: seal or collection progress, holder, buyer, price and who sold it. The search, the season ticket and the state do not apply.',
    );
    await exportFromList(user, fetchMock, {
      button: 'Export to Excel',
      started: 'Export "Season tickets sold" started: the file is being written in the background.',
      body: { kind: 'season_tickets' },
    });
  });

  it('speaks English to staff who chose it', async () => {
    seasonOrdersApi([issued]);
    renderAdminApp(ISSUED_PAGE, { locale: 'en' });

    const row = await rowShowing('abbonato@example.it');
    expect(within(row).getByText('2 seats')).toBeInTheDocument();
    expect(within(row).getByText('1 collection')).toBeInTheDocument();
    expect(within(row).getByText('€580.00')).toBeInTheDocument();
    expect(within(row).getByText('01/07/2026, 10:05:00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Titles issued/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search by the buyer's e-mail")).toBeInTheDocument();
  });
});

describe('the failed season issues page', () => {
  it('lists the failed season orders at /admin/tickets/issuefailedseason, still failed ones by default', async () => {
    const fetchMock = seasonOrdersApi([failed]);
    renderAdminApp(FAILED_PAGE);

    const row = await rowShowing('sfortunato@example.it');
    expect(within(row).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(row).getByText('580,00 €')).toBeInTheDocument();
    expect(within(row).getByText('6 / 20')).toBeInTheDocument();
    expect(
      within(row).getByText("Rifiutato dal sistema di biglietteria: serve una tessera del tifoso valida per l'intestatario."),
    ).toBeInTheDocument();
    expect(within(row).getByText('5 tentativi')).toBeInTheDocument();
    expect(within(row).getByText('01/07/26, 11:00:00')).toBeInTheDocument();
    expect(within(row).getByText('Emissione fallita').closest('[data-state]')).toHaveAttribute('data-state', 'failed');
    expect(within(row).getByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Rimborsa' })).toBeEnabled();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Fallita il',
      'Acquirente e abbonamento',
      'Totale e titoli',
      'Pagamento',
      'Errore',
      'Stato',
      'Azioni',
    ]);
    expect(sortableHeaders()).toEqual(['Fallita il']);
    // Only the issued list exports.
    expect(screen.queryByRole('button', { name: 'Esporta in Excel' })).not.toBeInTheDocument();
    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ state: 'failed' });
    expect(lastListParam(fetchMock, LIST, 'sort')).toEqual(['failed_at', 'DESC']);
  });

  it('retries a failed season order after a confirmation, with POST .../retry, and reads the list again', async () => {
    const fetchMock = seasonOrdersApi([failed], {
      [`POST ${LIST}/${FAILED_ID}/retry`]: { body: { ...failed, state: 'issuing' } },
    });
    const user = userEvent.setup();
    renderAdminApp(FAILED_PAGE);

    await user.click(within(await rowShowing('sfortunato@example.it')).getByRole('button', { name: 'Riprova' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Riprovare l'emissione dell'abbonamento per sfortunato@example.it?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Per Abbonamento 2026-27 vengono emessi i titoli che mancano (6 di 20 già emessi): una collezione riprende dalle partite che ha già. Nessun titolo viene emesso due volte.',
      ),
    ).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
    const readsBefore = listReads(fetchMock, LIST).length;
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Emissione ripresa: i titoli mancanti sono in emissione.')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(callsWith(fetchMock, 'POST')).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${LIST}/${FAILED_ID}/retry`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listReads(fetchMock, LIST).length).toBeGreaterThan(readsBefore));
    // Neither the button nor the confirmation opened the row's page.
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${LIST}/${FAILED_ID}`)).toBe(false);
  });

  it('refunds after a confirmation naming the total, and says in words when someone acted first (409 not_failed)', async () => {
    const fetchMock = seasonOrdersApi([failed], {
      [`POST ${LIST}/${FAILED_ID}/refund`]: {
        status: 409,
        body: { code: 'not_failed', message: 'This season order is not waiting for staff', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(FAILED_PAGE);

    await user.click(within(await rowShowing('sfortunato@example.it')).getByRole('button', { name: 'Rimborsa' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rimborsare 580,00 € a sfortunato@example.it?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Il pagamento di Abbonamento 2026-27 viene rimborsato, i titoli già emessi (6 di 20) vengono annullati nel sistema di biglietteria e i posti tornano liberi in tutte le partite.',
      ),
    ).toBeInTheDocument();
    await answerConfirmation(user, 'Conferma');

    expect(
      await screen.findByText("L'ordine non è più in errore: qualcuno l'ha già ripreso o rimborsato."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not waiting for staff/)).not.toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${LIST}/${FAILED_ID}/refund`);
  });

  it('says in words, in English, when the retry fails for another reason', async () => {
    seasonOrdersApi([failed], { [`POST ${LIST}/${FAILED_ID}/retry`]: { status: 503, body: { code: 'service_unavailable', message: 'down', errors: {} } } });
    const user = userEvent.setup();
    renderAdminApp(FAILED_PAGE, { locale: 'en' });

    await user.click(within(await rowShowing('sfortunato@example.it')).getByRole('button', { name: 'Retry' }));
    await answerConfirmation(user, 'Confirm');

    expect(await screen.findByText('Could not retry issuing the season ticket. Please try again shortly.')).toBeInTheDocument();
  });
});

describe("a season order's page", () => {
  it('shows the order, each seat with its holder, kind and season seal, and a collection with its match titles', async () => {
    seasonOrdersApi([]);
    renderAdminApp(`/season-orders/${ORDER_ID}/show`);

    const summary = await screen.findByRole('region', { name: 'Ordine di abbonamento' });
    expect(within(summary).getByRole('link', { name: 'Abbonamento 2026-27' })).toHaveAttribute('href', '/admin/season-tickets/3/show');
    expect(within(summary).getByText('abbonato@example.it')).toBeInTheDocument();
    expect(within(summary).getByText('580,00 €')).toBeInTheDocument();
    expect(within(summary).getByText('2 posti · 1 collezione')).toBeInTheDocument();
    // A season title and one of the collection's two match titles.
    expect(within(summary).getByText('2 / 3')).toBeInTheDocument();
    expect(within(summary).getByText('In emissione').closest('[data-state]')).toHaveAttribute('data-state', 'issuing');
    expect(within(summary).getByText('Carta')).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();

    const [season, collection] = screen.getAllByTestId('season-line') as [HTMLElement, HTMLElement];
    expect(within(season).getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(within(season).getByText('Tribuna Centrale · TC1 · Fila 1, posto 1 · Varco 1')).toBeInTheDocument();
    expect(within(season).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(season).getByText('Nato/a il 01/04/1990')).toBeInTheDocument();
    expect(within(season).getByText('Abbonamento').closest('[data-kind]')).toHaveAttribute('data-kind', 'season');
    expect(within(season).getByText('SEASON0000000001')).toBeInTheDocument();
    expect(within(season).getByText('Valido')).toBeInTheDocument();
    expect(within(collection).getByText('Giulia Rossi')).toBeInTheDocument();
    expect(within(collection).getByText('Collezione').closest('[data-kind]')).toHaveAttribute('data-kind', 'collection');
    expect(within(collection).getByText('Partite in emissione')).toBeInTheDocument();
    expect(within(collection).getByText('1 / 2')).toBeInTheDocument();

    expect(screen.getByText('Partite della collezione del posto TC-TC1-1-2')).toBeInTheDocument();
    const [lazio, inter] = screen.getAllByTestId('match-title') as [HTMLElement, HTMLElement];
    // 16:30 UTC on 23 August is 18:30 in Como.
    expect(within(lazio).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(lazio).getByText('23/08/26, 18:30:00')).toBeInTheDocument();
    expect(within(lazio).getByText('MATCH00000000007')).toBeInTheDocument();
    expect(within(lazio).getByText('Valido')).toBeInTheDocument();
    expect(within(inter).getByText('Como - Inter')).toBeInTheDocument();
    expect(within(inter).getByText('13/09/26, 20:45:00')).toBeInTheDocument();
    expect(within(inter).getByText('Non emesso')).toBeInTheDocument();
  });

  it('retries a failed order from its page, in English', async () => {
    const fetchMock = seasonOrdersApi([], {
      [`${LIST}/${ORDER_ID}`]: { body: aSeasonOrder({ state: 'failed' }) },
      [`POST ${LIST}/${ORDER_ID}/retry`]: { body: { ...issued, state: 'issuing' } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/season-orders/${ORDER_ID}/show`, { locale: 'en' });

    const summary = await screen.findByRole('region', { name: 'Season order' });
    expect(within(summary).getByText('Issuing failed: it can be retried or refunded.')).toBeInTheDocument();
    expect(screen.getAllByTestId('season-line')[1]).toHaveTextContent('Collection');
    await user.click(within(summary).getByRole('button', { name: 'Retry' }));
    expect(
      within(await screen.findByRole('dialog')).getByText('Retry issuing the season ticket for abbonato@example.it?'),
    ).toBeInTheDocument();
    await answerConfirmation(user, 'Confirm');

    expect(await screen.findByText('Issuing resumed: the missing titles are being issued.')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${LIST}/${ORDER_ID}/retry`);
  });
});

describe("an issued season order's e-mail, sent again", () => {
  const SHOW = `/season-orders/${ORDER_ID}/show`;
  const RESEND = `${LIST}/${ORDER_ID}/resend`;
  const issuedOrder = { body: aSeasonOrder({ state: 'issued' }) };

  it("sends it again after a confirmation naming the buyer's e-mail, with POST .../resend, and says so", async () => {
    const fetchMock = seasonOrdersApi([], {
      [`${LIST}/${ORDER_ID}`]: issuedOrder,
      [`POST ${RESEND}`]: { body: issued },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    const summary = await screen.findByRole('region', { name: 'Ordine di abbonamento' });
    await user.click(within(summary).getByRole('button', { name: 'Reinvia e-mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Inviare di nuovo l'e-mail d'acquisto a abbonato@example.it?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "L'e-mail d'acquisto di Abbonamento 2026-27 viene inviata di nuovo a abbonato@example.it, con tutti i suoi 2 titoli come sono ora.",
      ),
    ).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
    const readsBefore = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === `${LIST}/${ORDER_ID}`).length;
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('E-mail inviata di nuovo a abbonato@example.it.')).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(RESEND);
    // No body: the order is in the path.
    expect(post?.[1]?.body).toBeUndefined();
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // The order is read again.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === `${LIST}/${ORDER_ID}`).length).toBeGreaterThan(readsBefore),
    );
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const fetchMock = seasonOrdersApi([], { [`${LIST}/${ORDER_ID}`]: issuedOrder });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(await screen.findByRole('button', { name: 'Reinvia e-mail' }));
    await cancelConfirmation(user);

    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
  });

  it.each(['pending', 'paid', 'issuing', 'failed', 'refunded'] as const)('is not offered while the order is %s', async (state) => {
    seasonOrdersApi([], { [`${LIST}/${ORDER_ID}`]: { body: aSeasonOrder({ state }) } });
    renderAdminApp(SHOW);

    const summary = await screen.findByRole('region', { name: 'Ordine di abbonamento' });
    expect(within(summary).getByText('abbonato@example.it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reinvia e-mail' })).not.toBeInTheDocument();
  });

  it.each([
    ['it', 'Reinvia e-mail', 'Conferma', "L'ordine non è ancora emesso del tutto: l'e-mail si può inviare di nuovo solo quando tutti i suoi titoli sono emessi."],
    ['en', 'Resend e-mail', 'Confirm', 'The order is not fully issued yet: its e-mail can be sent again only once every title is issued.'],
  ] as const)('says in words, in %s, when the order is not issued after all (409 not_issued)', async (locale, button, confirm, message) => {
    seasonOrdersApi([], {
      [`${LIST}/${ORDER_ID}`]: issuedOrder,
      [`POST ${RESEND}`]: { status: 409, body: { code: 'not_issued', message: 'This season order is not issued yet', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale });

    await user.click(await screen.findByRole('button', { name: button }));
    await answerConfirmation(user, confirm);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/not issued yet/)).not.toBeInTheDocument();
  });

  it('says in English when the e-mail could not be sent for another reason (404 not_found)', async () => {
    seasonOrdersApi([], {
      [`${LIST}/${ORDER_ID}`]: issuedOrder,
      [`POST ${RESEND}`]: { status: 404, body: { code: 'not_found', message: 'No such season order', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Resend e-mail' }));
    expect(
      within(await screen.findByRole('dialog')).getByText('Send the purchase e-mail to abbonato@example.it again?'),
    ).toBeInTheDocument();
    await answerConfirmation(user, 'Confirm');
    expect(await screen.findByText('Could not send the e-mail again. Please try again shortly.')).toBeInTheDocument();
    expect(screen.queryByText('No such season order')).not.toBeInTheDocument();
  });

  it('says in English to whom the e-mail went again', async () => {
    seasonOrdersApi([], { [`${LIST}/${ORDER_ID}`]: issuedOrder, [`POST ${RESEND}`]: { body: issued } });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Resend e-mail' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(
        'The purchase e-mail for Abbonamento 2026-27 goes to abbonato@example.it again, with all its 2 titles as they stand now.',
      ),
    ).toBeInTheDocument();
    await answerConfirmation(user, 'Confirm');

    expect(await screen.findByText('E-mail sent again to abbonato@example.it.')).toBeInTheDocument();
  });
});
