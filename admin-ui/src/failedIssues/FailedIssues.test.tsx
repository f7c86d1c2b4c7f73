import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { sortableHeaders } from '../test/recordActions';
import { anOrderRow } from '../test/fixtures';
import type { OrderRow } from '../../../api-types';

const PAGE = '/tickets/issuefailed';
const LIST = '/api/admin/failed-issues';
const ORDER_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51';

const failed: OrderRow = anOrderRow({
  id: ORDER_ID,
  payment_status: 1,
  issued_lines: 1,
  error: 'ticketing: 503 Service Unavailable',
  retryable: true,
  attempts: 5,
  failed_at: '2026-11-24T17:05:00Z',
  state: 'failed',
});
const issuing: OrderRow = {
  ...failed,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a52',
  buyer_email: 'altro@example.it',
  state: 'issuing',
};

type Routes = Parameters<typeof stubFetch>[0];

function failedIssuesApi(rows: OrderRow[], extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('failed-issues', rows),
    [`${LIST}/${ORDER_ID}`]: { body: failed },
    ...extra,
  });
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === LIST && init?.method === undefined);

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the failed issues page', () => {
  it('lists the failed orders at /admin/tickets/issuefailed, still failed ones by default', async () => {
    const fetchMock = failedIssuesApi([failed]);
    renderAdminApp(PAGE);

    const row = await rowOf('fan@example.it');
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('120,00 €')).toBeInTheDocument();
    expect(within(row).getByText('1 / 2')).toBeInTheDocument();
    expect(within(row).getByText('ticketing: 503 Service Unavailable')).toBeInTheDocument();
    expect(within(row).getByText('5 tentativi')).toBeInTheDocument();
    // 17:05 UTC on 24 November is 18:05 in Como.
    expect(within(row).getByText('24/11/26, 18:05:00')).toBeInTheDocument();
    expect(within(row).getByText('Emissione fallita').closest('[data-state]')).toHaveAttribute('data-state', 'failed');
    expect(within(row).getByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Rimborsa' })).toBeEnabled();
    // Six columns, to fit a 1440 px desktop beside the menu: the match under the buyer, the
    // tickets issued under the total, the attempts under the failure time.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Fallita il',
      'Acquirente e partita',
      'Totale ed emessi',
      'Errore',
      'Stato',
      'Azioni',
    ]);

    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ state: 'failed' });
  });

  it('sorts by the columns the API sorts by, and by no other', async () => {
    failedIssuesApi([failed]);
    renderAdminApp(PAGE);

    await rowOf('fan@example.it');
    expect(sortableHeaders()).toEqual(['Fallita il', 'Acquirente e partita', 'Totale ed emessi', 'Stato']);
  });

  it('retries a failed issue after a confirmation, with POST .../retry, and reads the list again', async () => {
    const fetchMock = failedIssuesApi([failed], {
      [`POST ${LIST}/${ORDER_ID}/retry`]: { body: { ...failed, state: 'issuing' } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(within(await rowOf('fan@example.it')).getByRole('button', { name: 'Riprova' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Riprovare l'emissione per fan@example.it?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Per Como - Lazio vengono emessi i biglietti che mancano (1 di 2 già emessi). Nessun biglietto viene emesso due volte.',
      ),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Emissione ripresa: i biglietti mancanti sono in emissione.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`/api/admin/failed-issues/${ORDER_ID}/retry`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Neither the button nor the confirmation opened the row's page.
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname.endsWith(`/${ORDER_ID}`))).toBe(false);
  });

  it('refunds a failed issue after a confirmation, with POST .../refund, in English', async () => {
    const fetchMock = failedIssuesApi([failed], {
      [`POST ${LIST}/${ORDER_ID}/refund`]: { body: { ...failed, state: 'refunding' } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await user.click(within(await rowOf('fan@example.it')).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refund €120.00 to fan@example.it?')).toBeInTheDocument();
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Refund started.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`/api/admin/failed-issues/${ORDER_ID}/refund`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const fetchMock = failedIssuesApi([failed]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(within(await rowOf('fan@example.it')).getByRole('button', { name: 'Rimborsa' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname.endsWith(`/${ORDER_ID}`))).toBe(false);
  });

  it('offers the actions only while the order is failed, and lists every state when the filter is cleared', async () => {
    const fetchMock = failedIssuesApi([failed, issuing]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const row = await rowOf('altro@example.it');
    expect(within(row).getByText('In emissione')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Riprova' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Rimborsa' })).toBeDisabled();
    expect(within(await rowOf('fan@example.it')).getByRole('button', { name: 'Riprova' })).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'Rimborsato' }));
    await waitFor(() => {
      const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ state: 'refunded' });
    });
  });

  it.each([
    ['it', 'Riprova', 'Conferma', 'retry', "L'ordine non è più in errore: qualcuno l'ha già ripreso o rimborsato."],
    ['en', 'Refund', 'Confirm', 'refund', 'This order is no longer failed: someone has already retried or refunded it.'],
  ] as const)('in %s, says in its own words when the order is no longer failed (409 not_failed)', async (locale, action, confirm, path, message) => {
    const fetchMock = failedIssuesApi([failed], {
      [`POST ${LIST}/${ORDER_ID}/${path}`]: {
        status: 409,
        body: { code: 'not_failed', message: 'The order is not failed', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale });

    await user.click(within(await rowOf('fan@example.it')).getByRole('button', { name: action }));
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('The order is not failed')).not.toBeInTheDocument();
    // The row has moved on: the list is read again to show where it is now.
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
  });

  it('says the retry could not be done when the API fails otherwise', async () => {
    failedIssuesApi([failed], {
      [`POST ${LIST}/${ORDER_ID}/retry`]: { status: 500, body: { code: 'internal', message: 'Internal error', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(within(await rowOf('fan@example.it')).getByRole('button', { name: 'Riprova' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText("Impossibile riprovare l'emissione. Riprova tra poco.")).toBeInTheDocument();
  });

  it.each([
    ['it', "Rifiutato dal sistema di biglietteria: serve una tessera del tifoso valida per l'intestatario.", 'Rimborsa', 'Riprova'],
    ['en', 'Refused by the ticketing system: the holder needs a valid supporter card.', 'Refund', 'Retry'],
  ] as const)('in %s, says a refusal in words with the raw text under it, and offers no retry when it cannot change', async (locale, words, refund, retry) => {
    const refusal: OrderRow = {
      ...failed,
      error: 'refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida',
      retryable: false,
    };
    failedIssuesApi([refusal]);
    renderAdminApp(PAGE, { locale });

    const row = await rowOf(words);
    expect(within(row).getByText('refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: refund })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: retry })).not.toBeInTheDocument();
  });

  it('reads the refusal from error_code when the API gives it apart', async () => {
    failedIssuesApi([{ ...failed, error: 'issuing gave up', error_code: 'PERSONA_BANNATA' }]);
    renderAdminApp(PAGE);

    const row = await rowOf("Rifiutato dal sistema di biglietteria: l'intestatario è soggetto a un divieto di accesso allo stadio.");
    expect(within(row).getByText('issuing gave up')).toBeInTheDocument();
    // The API did not say it cannot change: the retry stays.
    expect(within(row).getByRole('button', { name: 'Riprova' })).toBeEnabled();
  });

  it("opens the order's page from a failed issue's row", async () => {
    const fetchMock = failedIssuesApi([failed], { [`/api/admin/orders/${ORDER_ID}`]: { body: { ...failed, payment_status: 1 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(await screen.findByText('fan@example.it'));

    const problem = await screen.findByRole('region', { name: 'Emissione non riuscita' }, { timeout: 15_000 });
    expect(within(problem).getByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `/api/admin/orders/${ORDER_ID}`)).toBe(true);
  });

  it("opens a failed issue's page with the whole error and the same actions", async () => {
    const fetchMock = failedIssuesApi([failed], {
      [`POST ${LIST}/${ORDER_ID}/retry`]: { body: { ...failed, state: 'issuing' } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/failed-issues/${ORDER_ID}/show`);

    expect(await screen.findByText('ticketing: 503 Service Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}/show`);
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Emissione ripresa: i biglietti mancanti sono in emissione.')).toBeInTheDocument();
    expect(urlOf(posts(fetchMock)[0]?.[0] ?? '').pathname).toBe(`/api/admin/failed-issues/${ORDER_ID}/retry`);
  });
});
