import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  callsWith,
  cancelConfirmation,
  expectColumns,
  jsonBody,
  lastListParam,
  listReads,
  openRowConfirmation,
  queuedExportRoute,
  rowShowing,
} from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { CorporateRequest } from '../../../api-types';

const PAGE = '/corporate/company_request';
const LIST = '/api/admin/corporate-requests';
const REQUEST_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c01';
const ONE = `${LIST}/${REQUEST_ID}`;
const COMPANY = 'Lario Serramenti srl';

const received: CorporateRequest = {
  id: REQUEST_ID,
  company_name: COMPANY,
  vat_number: '02743350130',
  company_email: 'info@lario-serramenti.it',
  corporate_user_email: 'giulia@lario-serramenti.it',
  contact_name: 'Giulia Bianchi',
  phone: '+39 031 555 0101',
  message: 'Vorremmo dieci posti in tribuna.\nGrazie.',
  language: 'it',
  status: 0,
  created_at: '2026-11-24T17:05:00Z',
  decided_by: null,
  decided_at: null,
};
const approved: CorporateRequest = {
  ...received,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c02',
  company_name: 'Tessitura Comasca spa',
  vat_number: '01234567897',
  company_email: 'amministrazione@tessitura.it',
  corporate_user_email: 'paolo@tessitura.it',
  contact_name: 'Paolo Verdi',
  phone: '031 222 333',
  message: '',
  status: 1,
  created_at: '2026-11-20T09:00:00Z',
  decided_by: 'staff@lario.test',
  decided_at: '2026-11-21T10:30:00Z',
};
const declined: CorporateRequest = {
  ...approved,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c03',
  company_name: 'Bar Sport snc',
  corporate_user_email: 'bar@sport.it',
  status: 2,
};
/** The API's answer to a decision: the request, decided by the staff member signed in. */
const decidedAs = (status: 1 | 2) => ({
  body: { ...received, status, decided_by: STAFF_ME.email, decided_at: '2026-11-25T09:00:00Z' },
});

type Routes = Parameters<typeof stubFetch>[0];

function corporateApi(rows: CorporateRequest[], extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('corporate-requests', rows),
    [ONE]: { body: received },
    ...extra,
  });
}

describe('the corporate requests page', () => {
  it('lists the requests at /admin/corporate/company_request, newest first, with their status chips', async () => {
    const fetchMock = corporateApi([received, approved, declined]);
    renderAdminApp(PAGE);

    const cells = within(await rowShowing(COMPANY));
    for (const text of ['02743350130', 'info@lario-serramenti.it', 'giulia@lario-serramenti.it', 'Giulia Bianchi', '+39 031 555 0101']) {
      expect(cells.getByText(text)).toBeInTheDocument();
    }
    // 17:05 UTC on 24 November is 18:05 in Como.
    expect(cells.getByText('24/11/26, 18:05:00')).toBeInTheDocument();
    expect(cells.getByText('Ricevuta').closest('[data-corporate-status]')).toHaveAttribute('data-corporate-status', 'received');
    expect(cells.getByRole('button', { name: 'Approva' })).toBeEnabled();
    expect(cells.getByRole('button', { name: 'Rifiuta' })).toBeEnabled();

    const decided = within(await rowShowing('Tessitura Comasca spa'));
    expect(decided.getByText('Approvata').closest('[data-corporate-status]')).toHaveAttribute('data-corporate-status', 'approved');
    // Who decided and when, under the status.
    expect(decided.getByText('da staff@lario.test, il 21/11/26, 11:30:00')).toBeInTheDocument();
    // A decided request cannot be decided again.
    expect(decided.queryByRole('button', { name: 'Approva' })).not.toBeInTheDocument();
    expect(within(await rowShowing('Bar Sport snc')).getByText('Rifiutata')).toBeInTheDocument();

    expectColumns(['Azienda', "E-mail dell'azienda", "E-mail dell'utente", 'Referente', 'Stato', 'Ricevuta il', 'Azioni']);
    expect(lastListParam(fetchMock, LIST, 'sort')).toEqual(['created_at', 'DESC']);
  });

  it('searches by company, VAT number or e-mail and filters by status', async () => {
    const fetchMock = corporateApi([received]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await rowShowing(COMPANY);

    await user.type(screen.getByPlaceholderText('Cerca per azienda, partita IVA o e-mail'), 'lario');
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'lario' }));

    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent?.trim());
    expect(options).toEqual(expect.arrayContaining(['Ricevuta', 'Approvata', 'Rifiutata']));
    await user.click(screen.getByRole('option', { name: 'Ricevuta' }));
    // Received is status 0: still sent, as a number.
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'lario', status: 0 }));
  });

  it('approves a received request after a confirmation, with PUT {status: 1}', async () => {
    const fetchMock = corporateApi([received], { [`PUT ${ONE}`]: decidedAs(1) });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const dialog = await openRowConfirmation(user, COMPANY, 'Approva');
    expect(within(dialog).getByText(`Approvare la richiesta di ${COMPANY}?`)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "L'account di giulia@lario-serramenti.it diventa aziendale e l'utente riceve un'e-mail che la richiesta è stata approvata.",
      ),
    ).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText("Richiesta approvata: abbiamo scritto all'utente.")).toBeInTheDocument();
    const [put, ...others] = callsWith(fetchMock, 'PUT');
    expect(others).toHaveLength(0);
    expect(urlOf(put?.[0] ?? '').pathname).toBe(ONE);
    expect(jsonBody(put)).toEqual({ status: 1 });
    expect(new Headers(put?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // The row shows the API's answer: approved, no more buttons.
    const row = await rowShowing(COMPANY);
    await waitFor(() => expect(within(row).getByText('Approvata')).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'Approva' })).not.toBeInTheDocument();
    // Neither the button nor the confirmation opened the row's page.
    expect(listReads(fetchMock, ONE)).toHaveLength(0);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const fetchMock = corporateApi([received]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await openRowConfirmation(user, COMPANY, 'Rifiuta');
    await cancelConfirmation(user);

    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);
  });

  it.each([
    ['it', 'Approva', 'Conferma', 'Questa richiesta è già stata decisa da qualcun altro: la pagina mostra ora la sua decisione.'],
    ['en', 'Decline', 'Confirm', 'Someone else has already decided this request: the page now shows their decision.'],
  ] as const)('in %s, says in its own words when someone decided first (409 already_decided)', async (locale, action, confirm, message) => {
    const fetchMock = corporateApi([received], {
      [`PUT ${ONE}`]: {
        status: 409,
        body: { code: 'already_decided', message: 'The request was already decided', errors: { status: 1 } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale });

    await openRowConfirmation(user, COMPANY, action);
    const readsBefore = listReads(fetchMock, LIST).length;
    await answerConfirmation(user, confirm);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('The request was already decided')).not.toBeInTheDocument();
    // The request has moved on: the list is read again to show what was decided.
    await waitFor(() => expect(listReads(fetchMock, LIST).length).toBeGreaterThan(readsBefore));
  });

  it('says the decision could not be recorded when the API fails otherwise', async () => {
    corporateApi([received], {
      [`PUT ${ONE}`]: { status: 500, body: { code: 'internal', message: 'Internal error', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await openRowConfirmation(user, COMPANY, 'Approva');
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Impossibile registrare la decisione. Riprova tra poco.')).toBeInTheDocument();
  });

  it("opens a request's page with its message, and declines it there with PUT {status: 2}", async () => {
    const fetchMock = corporateApi([received], { [`PUT ${ONE}`]: decidedAs(2) });
    const user = userEvent.setup();
    renderAdminApp(`/corporate-requests/${REQUEST_ID}/show`);

    expect(await screen.findByText(/Vorremmo dieci posti in tribuna/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(REQUEST_ID)).toBeInTheDocument();
    expect(main.getByText('Italiano')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rifiuta' }));
    expect(within(await screen.findByRole('dialog')).getByText(`Rifiutare la richiesta di ${COMPANY}?`)).toBeInTheDocument();
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText("Richiesta rifiutata: abbiamo scritto all'utente.")).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ status: 2 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rifiuta' })).not.toBeInTheDocument());
    expect(main.getByText('Rifiutata')).toBeInTheDocument();
  });

  it('exports every request to Excel (kind company_requests), in English too', async () => {
    const fetchMock = corporateApi([received], {
      'POST /api/admin/exports': queuedExportRoute('company_requests', 'richieste-aziendali-2026-11-25.xlsx'),
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });
    await rowShowing(COMPANY);

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));

    expect(
      await screen.findByText('Export "Corporate requests" started: the file is being written in the background.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the exports' })).toHaveAttribute('href', '/admin/exports');
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(jsonBody(posts[0])).toEqual({ kind: 'company_requests' });
  });
});
