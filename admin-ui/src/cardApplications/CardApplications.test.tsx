import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onAPhone } from '../test/media';
import { callsWith, jsonBody, lastListParam, listReads, rowShowing, sortableHeaders } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { applicationFailureKey, noteErrorKey, validNote } from './cardApplicationRequest';
import { cardApplicationMessages } from './messages';
import { REFUSAL_CODES, RELATIONSHIPS, STATES, type CardApplication } from './types';
import { ApiRequestError } from '../api/http';

const LIST = '/api/admin/supporter-card-applications';
const PAGE = '/fidelity_card/applications';
const one = (application: CardApplication) => `${LIST}/${application.id}`;

/** Registered in the ticketing system on 25 November, waiting for staff: the fan's own card. */
const registered: CardApplication = {
  id: '0193c2d0-7c1e-7d2a-9f00-5e1d2c3b4e01',
  user_id: '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11',
  user_email: 'fan@lario.test',
  relationship: 'self',
  first_name: 'Mario',
  last_name: 'Rossi',
  fiscal_code: 'RSSMRA90D01C933P',
  birth_date: '1990-04-01',
  sex: 'M',
  birth_place: 'Como',
  state: 'registered',
  card_number: 'TF0000000101',
  expires_on: null,
  refusal_code: null,
  refusal_note: null,
  created_at: '2026-11-25T09:30:00Z',
  decided_at: null,
  issued_at: null,
  revoked_at: null,
  checked_at: null,
};
/** Just applied for, for the fan's daughter: the ticketing system has not registered it yet. */
const submitted: CardApplication = {
  ...registered,
  id: '0193c2d0-7c1e-7d2a-9f00-5e1d2c3b4e02',
  relationship: 'child',
  first_name: 'Giulia',
  fiscal_code: 'RSSGLI12P70C933X',
  birth_date: '2012-09-30',
  sex: 'F',
  state: 'submitted',
  card_number: null,
  created_at: '2026-11-26T10:00:00Z',
};
/** Issued to the fan's partner, valid until 24 November 2031. */
const issued: CardApplication = {
  ...registered,
  id: '0193c2d0-7c1e-7d2a-9f00-5e1d2c3b4e03',
  user_email: 'anna@lario.test',
  relationship: 'partner',
  first_name: 'Anna',
  last_name: 'Neri',
  fiscal_code: 'NRENNA85M41C933K',
  birth_date: '1985-08-01',
  sex: 'F',
  state: 'issued',
  card_number: 'TF0000000102',
  expires_on: '2031-11-24',
  created_at: '2026-11-20T08:00:00Z',
  decided_at: '2026-11-21T09:00:00Z',
  issued_at: '2026-11-21T09:05:00Z',
};
/** The police check said no. */
const refused: CardApplication = {
  ...registered,
  id: '0193c2d0-7c1e-7d2a-9f00-5e1d2c3b4e04',
  user_email: 'luca@lario.test',
  first_name: 'Luca',
  last_name: 'Bianchi',
  fiscal_code: 'BNCLCU80A01C933Z',
  state: 'refused',
  card_number: 'TF0000000103',
  refusal_code: 'police_refused',
  created_at: '2026-11-19T08:00:00Z',
  decided_at: '2026-11-19T10:00:00Z',
};

type Routes = Parameters<typeof stubFetch>[0];

function applicationsApi(extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [LIST]: listRoute('supporter-card-applications', [submitted, registered, issued, refused]),
    ...extra,
  });
}

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

/** The table's column headers, in order. */
const columns = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

/** The row showing `text`, once the page's chunk has loaded. */
async function rowOf(text: string): Promise<HTMLElement> {
  await screen.findByText(text, {}, { timeout: 15_000 });
  return rowShowing(text);
}

/** An application's page, once its chunk and the record have loaded. */
async function pageOf(title: string) {
  expect(await screen.findByText(title, {}, { timeout: 15_000 })).toBeInTheDocument();
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) => callsWith(fetchMock, 'POST');

describe("the club cards' strings", () => {
  it('Italian and English have exactly the same keys, with words for every state, relationship and refusal', () => {
    expect(keysOf(cardApplicationMessages.en).sort()).toEqual(keysOf(cardApplicationMessages.it).sort());
    const words = cardApplicationMessages.it.resources as Record<string, Record<string, Record<string, string>>>;
    const ours = words['supporter-card-applications'];
    for (const state of STATES) {
      expect(ours?.states?.[state], state).toBeDefined();
      expect(ours?.state_hints?.[state], state).toBeDefined();
    }
    for (const relationship of RELATIONSHIPS) {
      expect(ours?.relationships?.[relationship], relationship).toBeDefined();
    }
    for (const code of REFUSAL_CODES) {
      expect(ours?.refusals?.[code], code).toBeDefined();
    }
  });

  it("checks a rejection's note as the API does, and names the API's refusals in our words", () => {
    expect(validNote('   ')).toBe('resources.supporter-card-applications.errors.note_required');
    expect(validNote('x'.repeat(501))).toBe('resources.supporter-card-applications.errors.note_too_long');
    expect(validNote(` ${'x'.repeat(500)} `)).toBeUndefined();
    expect(noteErrorKey('too_long')).toBe('resources.supporter-card-applications.errors.note_too_long');
    expect(noteErrorKey('something_new')).toBeUndefined();
    const refusal = (status: number, code: string) => new ApiRequestError(status, 'English', { code, message: 'English', errors: {} });
    expect(applicationFailureKey(refusal(409, 'wrong_state'), 'fallback')).toBe('resources.supporter-card-applications.errors.wrong_state');
    expect(applicationFailureKey(refusal(503, 'ticketing_unavailable'), 'fallback')).toBe(
      'resources.supporter-card-applications.errors.ticketing_unavailable',
    );
    expect(applicationFailureKey(refusal(404, 'not_found'), 'fallback')).toBe('resources.supporter-card-applications.errors.not_found');
    expect(applicationFailureKey(refusal(500, 'internal'), 'fallback')).toBe('fallback');
  });
});

describe("the club cards' list", () => {
  it('reads the applications newest first at /admin/fidelity_card/applications, each with its photo and its state in words', async () => {
    const fetchMock = applicationsApi();
    renderAdminApp(PAGE);

    const row = within(await rowOf('RSSMRA90D01C933P'));
    expect(columns()).toEqual([
      'Foto',
      'Richiesta il',
      'Titolare',
      'Codice fiscale',
      'Per chi',
      'E-mail del richiedente',
      'Stato',
      'Numero tessera',
      'Valida fino al',
    ]);
    // The API lists them newest first, whatever the sort: no header pretends otherwise.
    expect(sortableHeaders()).toEqual([]);
    expect(lastListParam(fetchMock, LIST, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({});

    // 09:30 UTC on 25 November is 10:30 in Como.
    expect(row.getByText('25/11/26, 10:30:00')).toBeInTheDocument();
    expect(row.getByText('ROSSI Mario')).toBeInTheDocument();
    expect(row.getByText('Per sé')).toBeInTheDocument();
    expect(row.getByText('fan@lario.test')).toBeInTheDocument();
    expect(row.getByText('TF0000000101')).toBeInTheDocument();
    expect(row.getByTestId('card-application-state')).toHaveTextContent('Da approvare');
    expect(row.getByRole('img', { name: 'Foto di Mario Rossi' })).toHaveAttribute('src', `${one(registered)}/photo`);

    const daughter = within(await rowShowing('ROSSI Giulia'));
    expect(daughter.getByText('Figlio o figlia')).toBeInTheDocument();
    expect(daughter.getByTestId('card-application-state')).toHaveTextContent('In registrazione');
    // No card number nor expiry yet.
    expect(daughter.getAllByText('—')).toHaveLength(2);

    const partner = within(await rowShowing('NERI Anna'));
    expect(partner.getByTestId('card-application-state')).toHaveTextContent('Emessa');
    expect(partner.getByText('24/11/2031')).toBeInTheDocument();
    expect(partner.getByText('Coniuge o partner')).toBeInTheDocument();
    expect(within(await rowShowing('BIANCHI Luca')).getByTestId('card-application-state')).toHaveTextContent('Rifiutata');

    expect(screen.getAllByTestId('card-application-row').map((tr) => tr.getAttribute('data-state'))).toEqual([
      'submitted',
      'registered',
      'issued',
      'refused',
    ]);
    expect(screen.getByRole('tab', { name: 'Richieste e tessere del club' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Tessere collegate' })).toHaveAttribute('href', '/admin/fidelity_card');
    expect(screen.getByRole('menuitem', { name: 'Tessere del tifoso' })).toHaveClass('RaMenuItemLink-active');
  });

  it('is searched as the spec says and narrowed to a state, as the API reads its filter', async () => {
    const fetchMock = applicationsApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await rowOf('RSSMRA90D01C933P');

    const search = screen.getByRole('textbox', { name: 'Cerca' });
    expect(search).toHaveAttribute('placeholder', 'E-mail, COGNOME, NOME, codice fiscale o numero tessera');
    expect(search).toHaveAttribute('data-testid', 'card-applications-search');
    await user.type(search, 'ROSSI, MARIO');
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'ROSSI, MARIO' }));

    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'Da approvare' }));
    await waitFor(() => expect(lastListParam(fetchMock, LIST, 'filter')).toEqual({ q: 'ROSSI, MARIO', state: 'registered' }));
  });

  it('is one click away from /admin/fidelity_card, whose own list stays where it was', async () => {
    const fetchMock = applicationsApi({ '/api/admin/supporter-cards': listRoute('supporter-cards', []) });
    const user = userEvent.setup();
    renderAdminApp('/fidelity_card');

    const linked = await screen.findByRole('tab', { name: 'Tessere collegate' }, { timeout: 15_000 });
    expect(linked).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(listReads(fetchMock, '/api/admin/supporter-cards').length).toBeGreaterThan(0));
    expect(listReads(fetchMock, LIST)).toHaveLength(0);

    await user.click(screen.getByTestId('supporter-card-tab-applications'));
    await rowOf('RSSMRA90D01C933P');
    expect(screen.getByRole('tab', { name: 'Richieste e tessere del club' })).toHaveAttribute('aria-selected', 'true');
  });

  it("is where the resource's own list address leads, and a row opens the application", async () => {
    applicationsApi({ [one(registered)]: { body: registered } });
    const user = userEvent.setup();
    renderAdminApp('/supporter-card-applications');

    await user.click(await rowOf('RSSMRA90D01C933P'));
    await pageOf('Tessera del club · Mario Rossi');
  });

  it('exports every application to Excel', async () => {
    const fetchMock = applicationsApi({
      [`${LIST}/export`]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="tessere-blu-nel-cuore.xlsx"',
        },
      },
    });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:cards'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await rowOf('RSSMRA90D01C933P');

    await user.click(screen.getByRole('button', { name: 'Esporta in Excel' }));
    await waitFor(() => expect(saved).toEqual(['tessere-blu-nel-cuore.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === `${LIST}/export`);
    expect(call?.[1]?.credentials).toBe('same-origin');
  });

  it('shows in English too', async () => {
    applicationsApi();
    renderAdminApp(PAGE, { locale: 'en' });

    await rowOf('RSSMRA90D01C933P');
    expect(columns()).toEqual([
      'Photo',
      'Applied on',
      'Holder',
      'Fiscal code',
      'For whom',
      "Applicant's e-mail",
      'State',
      'Card number',
      'Valid until',
    ]);
    expect(screen.getAllByTestId('card-application-state').map((chip) => chip.textContent)).toEqual([
      'Being registered',
      'Awaiting approval',
      'Issued',
      'Refused',
    ]);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute('placeholder', 'E-mail, SURNAME, NAME, fiscal code or card number');
    expect(screen.getByRole('tab', { name: 'Club card applications and cards' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });
});

describe("the club cards' list on a phone", () => {
  it('shows a line per application, surname first, that opens its page', async () => {
    onAPhone();
    applicationsApi({ [one(registered)]: { body: registered } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const line = await screen.findByText('ROSSI Mario', {}, { timeout: 15_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Da approvare · RSSMRA90D01C933P · TF0000000101')).toBeInTheDocument();
    expect(screen.getByText('In registrazione · RSSGLI12P70C933X')).toBeInTheDocument();
    await user.click(line);

    await pageOf('Tessera del club · Mario Rossi');
    expect(screen.getByRole('button', { name: 'Emetti la tessera' })).toBeInTheDocument();
  });
});

describe("a registered application's page", () => {
  it('shows every fact and issues the card with POST .../issue, then reads it again', async () => {
    const issuing: CardApplication = { ...registered, state: 'issuing', decided_at: '2026-11-27T08:00:00Z' };
    const fetchMock = applicationsApi({
      [one(registered)]: [{ body: registered }, { body: issuing }],
      [`POST ${one(registered)}/issue`]: { body: issuing },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${registered.id}/show`);

    await pageOf('Tessera del club · Mario Rossi');
    expect(screen.getByRole('img', { name: 'Foto di Mario Rossi' })).toHaveAttribute('src', `${one(registered)}/photo`);
    for (const text of ['Rossi', 'Mario', 'RSSMRA90D01C933P', '01/04/1990', 'Como', 'Maschile', 'Per sé', 'TF0000000101', '25/11/26, 10:30:00']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'fan@lario.test' })).toHaveAttribute('href', `/admin/users/${registered.user_id}/show`);
    expect(screen.getByTestId('card-application-state')).toHaveTextContent('Da approvare');
    // Registered: issue or reject; nothing to revoke, no PDF yet.
    expect(screen.getByRole('button', { name: 'Respingi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verifica con il sistema di biglietteria' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoca la tessera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PDF' })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Emetti la tessera' })).toHaveAttribute('data-testid', 'card-application-issue');
    await user.click(screen.getByRole('button', { name: 'Emetti la tessera' }));

    expect(await screen.findByText('Emissione avviata: il sistema di biglietteria fa il controllo di polizia e risponde a breve.')).toBeInTheDocument();
    const [post, ...others] = posts(fetchMock);
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${one(registered)}/issue`);
    expect(post?.[1]?.body).toBeUndefined();
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(screen.getByTestId('card-application-state')).toHaveTextContent('In emissione'));
    expect(screen.queryByRole('button', { name: 'Emetti la tessera' })).not.toBeInTheDocument();
    expect(screen.getByText('27/11/26, 09:00:00')).toBeInTheDocument();
  });

  it('says in our words that the application moved on meanwhile (409 wrong_state), and reads it again', async () => {
    const fetchMock = applicationsApi({
      [one(registered)]: { body: registered },
      [`POST ${one(registered)}/issue`]: {
        status: 409,
        body: { code: 'wrong_state', message: 'The application is rejected', errors: { state: 'rejected' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${registered.id}/show`);
    await pageOf('Tessera del club · Mario Rossi');
    const reads = listReads(fetchMock, one(registered)).length;

    await user.click(screen.getByRole('button', { name: 'Emetti la tessera' }));

    expect(
      await screen.findByText('La richiesta è cambiata nel frattempo e non lo permette più: la pagina è stata aggiornata.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The application is rejected')).not.toBeInTheDocument();
    await waitFor(() => expect(listReads(fetchMock, one(registered)).length).toBeGreaterThan(reads));
  });

  it('rejects only with a note, posted with POST .../reject, then shows it rejected with the note', async () => {
    const rejected: CardApplication = {
      ...registered,
      state: 'rejected',
      refusal_code: 'rejected_by_staff',
      refusal_note: 'La foto non mostra il volto.',
      decided_at: '2026-11-27T08:00:00Z',
    };
    const fetchMock = applicationsApi({
      [one(registered)]: [{ body: registered }, { body: rejected }],
      [`POST ${one(registered)}/reject`]: { body: rejected },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${registered.id}/show`);
    await pageOf('Tessera del club · Mario Rossi');

    await user.click(screen.getByRole('button', { name: 'Respingi' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Respingere la richiesta di Mario Rossi?')).toBeInTheDocument();
    // No note: said, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Respingi' }));
    const note = within(dialog).getByRole('textbox', { name: /^Perché \(lo legge il tifoso\)/ });
    await waitFor(() => expect(note).toHaveAccessibleDescription('Scrivi perché la richiesta viene respinta.'));
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(note, '  La foto non mostra il volto. ');
    await user.click(within(dialog).getByRole('button', { name: 'Respingi' }));

    expect(await screen.findByText('Richiesta di Mario Rossi respinta.')).toBeInTheDocument();
    const [post, ...others] = posts(fetchMock);
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${one(registered)}/reject`);
    expect(jsonBody(post)).toEqual({ note: 'La foto non mostra il volto.' });
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(screen.getByTestId('card-application-state')).toHaveTextContent('Respinta'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-application-refusal')).toHaveTextContent('Respinta dallo staff');
    expect(screen.getByTestId('card-application-refusal-note')).toHaveTextContent('La foto non mostra il volto.');
    expect(screen.queryByRole('button', { name: 'Respingi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emetti la tessera' })).not.toBeInTheDocument();
  });

  it("puts the API's refusal of the note (422) under it, in English too", async () => {
    const fetchMock = applicationsApi({
      [one(submitted)]: { body: submitted },
      [`POST ${one(submitted)}/reject`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { note: 'too_long' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${submitted.id}/show`, { locale: 'en' });
    await pageOf('Club card · Giulia Rossi');
    // Being registered: rejected, not issued; no card number to check yet.
    expect(screen.queryByRole('button', { name: 'Issue the card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check with the ticketing system' })).not.toBeInTheDocument();
    expect(screen.getByTestId('card-application-state')).toHaveTextContent('Being registered');

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: /^Why \(the fan reads it\)/ });
    await user.type(note, 'Too long for the API');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(note).toHaveAccessibleDescription('The note may be at most 500 characters long.'));
    expect(posts(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe("an issued card's page", () => {
  it('offers the PDFs, and revokes the card after a confirmation, with POST .../revoke', async () => {
    const revoking: CardApplication = { ...issued, state: 'revoking' };
    const fetchMock = applicationsApi({
      [one(issued)]: [{ body: issued }, { body: revoking }],
      [`POST ${one(issued)}/revoke`]: { body: revoking },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${issued.id}/show`);

    await pageOf('Tessera del club · Anna Neri');
    expect(screen.getByTestId('card-application-state')).toHaveTextContent('Emessa');
    expect(screen.getByText('24/11/2031')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', `${one(issued)}/pdf?format=full`);
    expect(screen.getByRole('link', { name: 'PDF formato tessera' })).toHaveAttribute('href', `${one(issued)}/pdf?format=small`);
    expect(screen.queryByRole('button', { name: 'Emetti la tessera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respingi' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoca la tessera' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revocare la tessera TF0000000102 di Anna Neri?')).toBeInTheDocument();
    // Not yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Non revocare' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoca la tessera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoca la tessera' }));

    expect(await screen.findByText('Revoca della tessera TF0000000102 avviata: il sistema di biglietteria la revoca a breve.')).toBeInTheDocument();
    const [post, ...others] = posts(fetchMock);
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${one(issued)}/revoke`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(screen.getByTestId('card-application-state')).toHaveTextContent('In revoca'));
    expect(screen.queryByRole('button', { name: 'Revoca la tessera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PDF' })).not.toBeInTheDocument();
  });

  it('tells what a re-check with the ticketing system changed, then reads the page again', async () => {
    const expired: CardApplication = { ...issued, state: 'expired', checked_at: '2026-11-27T08:00:00Z' };
    const fetchMock = applicationsApi({
      [one(issued)]: [{ body: issued }, { body: expired }],
      [`POST ${one(issued)}/recheck`]: { body: { changed: true, application: expired } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${issued.id}/show`);
    await pageOf('Tessera del club · Anna Neri');

    await user.click(screen.getByRole('button', { name: 'Verifica con il sistema di biglietteria' }));

    expect(await screen.findByText('Il sistema di biglietteria ha la tessera come «Scaduta»: ora lo è anche qui.')).toBeInTheDocument();
    expect(urlOf(posts(fetchMock)[0]?.[0] ?? '').pathname).toBe(`${one(issued)}/recheck`);
    await waitFor(() => expect(screen.getByTestId('card-application-state')).toHaveTextContent('Scaduta'));
    expect(screen.getByText('27/11/26, 09:00:00')).toBeInTheDocument();
  });

  it('tells that nothing changed, in English too', async () => {
    const checked: CardApplication = { ...issued, checked_at: '2026-11-27T08:00:00Z' };
    applicationsApi({
      [one(issued)]: [{ body: issued }, { body: checked }],
      [`POST ${one(issued)}/recheck`]: { body: { changed: false, application: checked } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${issued.id}/show`, { locale: 'en' });
    await pageOf('Club card · Anna Neri');
    expect(screen.getByRole('link', { name: 'Card-size PDF' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check with the ticketing system' }));

    expect(await screen.findByText('No difference: the ticketing system has the card as this page does.')).toBeInTheDocument();
    expect(screen.getByTestId('card-application-state')).toHaveTextContent('Issued');
  });

  it('says in our words that the ticketing system does not answer (503 ticketing_unavailable)', async () => {
    applicationsApi({
      [one(issued)]: { body: issued },
      [`POST ${one(issued)}/recheck`]: {
        status: 503,
        body: { code: 'ticketing_unavailable', message: 'The ticketing system does not answer', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/supporter-card-applications/${issued.id}/show`);
    await pageOf('Tessera del club · Anna Neri');

    await user.click(screen.getByRole('button', { name: 'Verifica con il sistema di biglietteria' }));

    expect(await screen.findByText('Il sistema di biglietteria non risponde: riprova tra poco.')).toBeInTheDocument();
    expect(screen.queryByText('The ticketing system does not answer')).not.toBeInTheDocument();
  });
});

describe("a refused application's page", () => {
  it('says why in words, and offers nothing but a re-check', async () => {
    applicationsApi({ [one(refused)]: { body: refused } });
    renderAdminApp(`/supporter-card-applications/${refused.id}/show`);

    await pageOf('Tessera del club · Luca Bianchi');
    expect(screen.getByTestId('card-application-state')).toHaveTextContent('Rifiutata');
    expect(screen.getByTestId('card-application-refusal')).toHaveTextContent('Il controllo di polizia non ha dato il via libera');
    expect(screen.queryByTestId('card-application-refusal-note')).not.toBeInTheDocument();
    expect(screen.getByText('19/11/26, 11:00:00')).toBeInTheDocument();
    for (const name of ['Emetti la tessera', 'Respingi', 'Revoca la tessera']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Verifica con il sistema di biglietteria' })).toBeInTheDocument();
  });
});
