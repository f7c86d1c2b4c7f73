import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onAPhone } from '../test/media';
import { callsWith, jsonBody, lastListParam, listReads, rowShowing, sortableHeaders } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { banMessages } from './messages';
import type { EmailBan, TitleBan } from './types';

const TITLES = '/api/admin/bans/titles';
const EMAILS = '/api/admin/bans/emails';

/** In force since 18:00 in Como on 27 November, no end, made by a staff member; mirrored. */
const active: TitleBan = {
  id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4a01',
  seal: 'A1B2C3D4E5F6G7H8',
  status: 1,
  state: 'active',
  start_at: '2026-11-27T17:00:00Z',
  end_at: null,
  reason: 'Comportamento scorretto',
  created_at: '2026-11-27T16:55:00Z',
  created_by: 'staff@lario.test',
  lifted_at: null,
  holder_name: 'Mario Rossi',
  event: 'Como - Lazio',
  mirror: 'done',
  planet_ban_id: 4711,
};
/** To come, with an end; its maker's account is gone; the ticketing system not told yet. */
const scheduled: TitleBan = {
  ...active,
  id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4a02',
  seal: 'B2C3D4E5F6G7H8I9',
  status: 3,
  state: 'scheduled',
  start_at: '2026-12-10T09:00:00Z',
  end_at: '2027-01-10T09:00:00Z',
  reason: 'Striscione non autorizzato',
  created_by: null,
  holder_name: 'Luca Bianchi',
  event: 'Abbonamento 2026-27',
  mirror: 'pending',
  planet_ban_id: null,
};
const expired: TitleBan = {
  ...active,
  id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4a03',
  seal: 'C3D4E5F6G7H8I9J0',
  status: 3,
  state: 'expired',
  start_at: '2026-09-01T10:00:00Z',
  end_at: '2026-10-01T10:00:00Z',
  reason: 'Lancio di oggetti',
  mirror: 'failed',
};
const lifted: TitleBan = {
  ...active,
  id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4a04',
  seal: 'D4E5F6G7H8I9J0K1',
  status: 0,
  state: 'lifted',
  reason: 'Errore di persona',
  lifted_at: '2026-11-28T08:00:00Z',
};
const emailBan: EmailBan = {
  id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4b01',
  email: 'fan@example.it',
  status: 1,
  state: 'active',
  start_at: '2026-11-27T17:00:00Z',
  end_at: '2026-12-27T17:00:00Z',
  reason: 'Acquisti per rivendita',
  created_at: '2026-11-27T16:55:00Z',
  created_by: 'staff@lario.test',
  lifted_at: null,
};

type Routes = Parameters<typeof stubFetch>[0];

function bansApi(extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [TITLES]: listRoute('bans/titles', [active, scheduled, expired, lifted]),
    [EMAILS]: listRoute('bans/emails', [emailBan]),
    ...extra,
  };
  return stubFetch(routes);
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

/** The date and time input named `label`, typed as a browser's picker fills it (Italian time). */
function typeRomeTime(label: RegExp, local: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: local } });
}

describe("the bans' strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(banMessages.en).sort()).toEqual(keysOf(banMessages.it).sort());
  });
});

describe('the title bans list', () => {
  it('reads /api/admin/bans/titles newest first and shows each ban with its state and the ticketing system chips', async () => {
    const fetchMock = bansApi();
    renderAdminApp('/ban/titles');

    const row = await rowOf('A1B2C3D4E5F6G7H8');
    expect(columns()).toEqual([
      'Sigillo fiscale',
      'Titolare',
      'Partita o abbonamento',
      'Stato',
      'Inizio',
      'Fine',
      'Motivo',
      'Creato da',
      'Sistema di biglietteria',
    ]);
    // The API lists them newest first, whatever the sort: no header pretends otherwise.
    expect(sortableHeaders()).toEqual([]);
    expect(lastListParam(fetchMock, TITLES, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, TITLES, 'range')).toEqual([0, 24]);
    expect(lastListParam(fetchMock, TITLES, 'filter')).toEqual({});

    expect(within(row).getByText('Mario Rossi')).toBeInTheDocument();
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByTestId('ban-state')).toHaveAttribute('data-state', 'active');
    expect(within(row).getByTestId('ban-state')).toHaveTextContent('Attivo');
    // 17:00 UTC on 27 November is 18:00 in Como (winter time); no end: a dash.
    expect(within(row).getByText('27/11/26, 18:00:00')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(row).getByText('Comportamento scorretto')).toBeInTheDocument();
    expect(within(row).getByText('staff@lario.test')).toBeInTheDocument();
    expect(within(row).getByTestId('ban-mirror')).toHaveTextContent('Registrato');

    const coming = await rowShowing('B2C3D4E5F6G7H8I9');
    expect(within(coming).getByTestId('ban-state')).toHaveTextContent('Programmato');
    expect(within(coming).getByText('10/01/27, 10:00:00')).toBeInTheDocument();
    expect(within(coming).getByText('Account eliminato')).toBeInTheDocument();
    expect(within(coming).getByTestId('ban-mirror')).toHaveTextContent('In invio');

    const past = await rowShowing('C3D4E5F6G7H8I9J0');
    expect(within(past).getByTestId('ban-state')).toHaveTextContent('Scaduto');
    expect(within(past).getByTestId('ban-mirror')).toHaveTextContent('Non registrato');
    expect(within(await rowShowing('D4E5F6G7H8I9J0K1')).getByTestId('ban-state')).toHaveTextContent('Revocato');

    expect(screen.getByRole('link', { name: 'Nuovo ban' })).toHaveAttribute('href', '/admin/bans/titles/create');
    expect(screen.getByRole('menuitem', { name: 'Ban titoli' })).toHaveClass('RaMenuItemLink-active');
  });

  it('is where /admin/ban leads', async () => {
    const fetchMock = bansApi();
    renderAdminApp('/ban');

    await rowOf('A1B2C3D4E5F6G7H8');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Ban titoli' })).toHaveClass('RaMenuItemLink-active'));
    expect(listReads(fetchMock, EMAILS)).toHaveLength(0);
  });

  it('narrows the list by a part of the seal and by state, as the API reads its filter, and exports it so', async () => {
    const fetchMock = bansApi({
      [`${TITLES}/export`]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="ban-titoli.xlsx"',
        },
      },
    });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:bans'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAdminApp('/ban/titles');
    await rowOf('A1B2C3D4E5F6G7H8');

    await user.type(screen.getByPlaceholderText('Cerca un sigillo fiscale'), 'a1b2');
    await waitFor(() => expect(lastListParam(fetchMock, TITLES, 'filter')).toEqual({ q: 'a1b2' }));
    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'Attivo' }));
    await waitFor(() => expect(lastListParam(fetchMock, TITLES, 'filter')).toEqual({ q: 'a1b2', state: 'active' }));

    await user.click(screen.getByRole('button', { name: 'Esporta in Excel' }));
    await waitFor(() => expect(saved).toEqual(['ban-titoli.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === `${TITLES}/export`);
    expect(JSON.parse(urlOf(call?.[0] ?? '').searchParams.get('filter') ?? 'null')).toEqual({ q: 'a1b2', state: 'active' });
    expect(call?.[1]?.credentials).toBe('same-origin');
  });

  it('says in our words that the export failed', async () => {
    bansApi({ [`${TITLES}/export`]: { status: 500, body: { code: 'internal', message: 'Internal error', errors: {} } } });
    const user = userEvent.setup();
    renderAdminApp('/ban/titles');
    await rowOf('A1B2C3D4E5F6G7H8');

    await user.click(screen.getByRole('button', { name: 'Esporta in Excel' }));
    expect(await screen.findByText('Impossibile scaricare il foglio Excel. Riprova tra poco.')).toBeInTheDocument();
  });
});

describe('the e-mail bans list', () => {
  it('reads /api/admin/bans/emails at /admin/ban/emails, in English too', async () => {
    const fetchMock = bansApi();
    renderAdminApp('/ban/emails', { locale: 'en' });

    const row = await rowOf('fan@example.it');
    expect(columns()).toEqual(['E-mail', 'State', 'Start', 'End', 'Reason', 'Created by']);
    expect(within(row).getByTestId('ban-state')).toHaveTextContent('Active');
    // English dates, Como time.
    expect(within(row).getByText('27/12/2026, 18:00:00')).toBeInTheDocument();
    expect(listReads(fetchMock, TITLES)).toHaveLength(0);
    expect(screen.getByRole('menuitem', { name: 'E-mail bans' })).toHaveClass('RaMenuItemLink-active');
    expect(screen.getByRole('link', { name: 'New ban' })).toHaveAttribute('href', '/admin/bans/emails/create');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });

  it('shows the title bans in English, their states and the ticketing system', async () => {
    bansApi();
    renderAdminApp('/ban/titles', { locale: 'en' });

    await rowOf('A1B2C3D4E5F6G7H8');
    expect(columns()).toEqual(['Fiscal seal', 'Holder', 'Match or season', 'State', 'Start', 'End', 'Reason', 'Created by', 'Ticketing system']);
    expect(screen.getAllByTestId('ban-state').map((chip) => chip.textContent)).toEqual(['Active', 'Scheduled', 'Expired', 'Lifted']);
    expect(screen.getAllByTestId('ban-mirror').map((chip) => chip.textContent)).toEqual(['Recorded', 'Sending', 'Not recorded', 'Recorded']);
    expect(screen.getByText('Account deleted')).toBeInTheDocument();
  });
});

describe('the bans list on a phone', () => {
  it('shows a line per ban, what it bars first, that opens its page', async () => {
    onAPhone();
    bansApi({ [`${EMAILS}/${emailBan.id}`]: { body: emailBan } });
    const user = userEvent.setup();
    renderAdminApp('/ban/emails');

    const line = await screen.findByText('fan@example.it', {}, { timeout: 15_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Attivo · 27/11/26, 18:00:00 · 27/12/26, 18:00:00')).toBeInTheDocument();
    expect(screen.getByText('Acquisti per rivendita')).toBeInTheDocument();
    await user.click(line);

    expect(await screen.findByText('Ban · fan@example.it', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoca' })).toBeInTheDocument();
  });
});

describe('a new ban', () => {
  it('posts the e-mail, the Como times as instants and the reason, then opens the ban', async () => {
    const created: EmailBan = { ...emailBan, id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4b02', email: 'ultra@example.it', state: 'scheduled', status: 3 };
    const fetchMock = bansApi({
      [`POST ${EMAILS}`]: { status: 201, body: created },
      [`${EMAILS}/${created.id}`]: { body: created },
    });
    const user = userEvent.setup();
    renderAdminApp('/bans/emails/create');

    const address = await screen.findByRole('textbox', { name: /^E-mail/ }, { timeout: 15_000 });
    await user.type(address, 'ultra@example.it');
    typeRomeTime(/^Inizio/, '2026-12-01T09:00');
    typeRomeTime(/^Fine/, '2027-06-01T09:00');
    await user.type(screen.getByRole('textbox', { name: /^Motivo/ }), 'Acquisti per rivendita');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Ban creato')).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(EMAILS);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // 09:00 in Como is 08:00 UTC in December, 07:00 UTC in June.
    expect(jsonBody(post)).toEqual({
      email: 'ultra@example.it',
      start_at: '2026-12-01T08:00:00.000Z',
      end_at: '2027-06-01T07:00:00.000Z',
      reason: 'Acquisti per rivendita',
    });
    // The ban's page.
    expect(await screen.findByText('Ban · ultra@example.it', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('leaves the start out (now) and sends no end (null) when both are left empty', async () => {
    const created: TitleBan = { ...active, id: '0192f0a0-7c1e-7d2a-9f00-5e1d2c3b4a09' };
    const fetchMock = bansApi({
      [`POST ${TITLES}`]: { status: 201, body: created },
      [`${TITLES}/${created.id}`]: { body: created },
    });
    const user = userEvent.setup();
    renderAdminApp('/bans/titles/create');

    await user.type(await screen.findByRole('textbox', { name: /^Sigillo fiscale/ }, { timeout: 15_000 }), 'A1B2C3D4E5F6G7H8');
    await user.type(screen.getByRole('textbox', { name: /^Motivo/ }), 'Comportamento scorretto');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(callsWith(fetchMock, 'POST')).toHaveLength(1));
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      seal: 'A1B2C3D4E5F6G7H8',
      end_at: null,
      reason: 'Comportamento scorretto',
    });
  });

  it('refuses a seal that is none, an end before the start and no reason, without asking the API', async () => {
    const fetchMock = bansApi();
    const user = userEvent.setup();
    renderAdminApp('/bans/titles/create');

    await user.type(await screen.findByRole('textbox', { name: /^Sigillo fiscale/ }, { timeout: 15_000 }), 'A1-B2');
    typeRomeTime(/^Inizio/, '2026-12-01T10:00');
    typeRomeTime(/^Fine/, '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Sigillo fiscale/ })).toHaveAccessibleDescription(
        'Non è un sigillo fiscale valido (da 4 a 40 lettere e cifre).',
      ),
    );
    expect(screen.getByLabelText(/^Fine/)).toHaveAccessibleDescription("La fine deve venire dopo l'inizio.");
    expect(screen.getByRole('textbox', { name: /^Motivo/ })).toHaveAccessibleDescription('Scrivi il motivo del ban.');
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
  });

  it.each([
    ['it', 'Salva', /^Sigillo fiscale/, /^Fine/, 'Nessun nostro titolo ha questo sigillo fiscale.', "La fine deve venire dopo l'inizio."],
    ['en', 'Save', /^Fiscal seal/, /^End/, 'None of our titles has this fiscal seal.', 'The end must come after the start.'],
  ] as const)("in %s, puts the API's field refusals (422) under their inputs, in our words", async (locale, save, seal, end, unknown, before) => {
    const fetchMock = bansApi({
      [`POST ${TITLES}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { seal: 'unknown_title', end_at: 'before_start' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/bans/titles/create', { locale });

    await user.type(await screen.findByRole('textbox', { name: seal }, { timeout: 15_000 }), 'FFFF0000FFFF0000');
    typeRomeTime(locale === 'it' ? /^Inizio/ : /^Start/, '2026-12-01T09:00');
    typeRomeTime(end, '2026-12-02T09:00');
    await user.type(screen.getByRole('textbox', { name: locale === 'it' ? /^Motivo/ : /^Reason/ }), 'Comportamento scorretto');
    await user.click(screen.getByRole('button', { name: save }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: seal })).toHaveAccessibleDescription(unknown));
    expect(screen.getByLabelText(end)).toHaveAccessibleDescription(before);
    expect(screen.queryByText('unknown_title')).not.toBeInTheDocument();
    expect(screen.queryByText('before_start')).not.toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      seal: 'FFFF0000FFFF0000',
      start_at: '2026-12-01T08:00:00.000Z',
      end_at: '2026-12-02T08:00:00.000Z',
      reason: 'Comportamento scorretto',
    });
  });
});

describe("a ban's page", () => {
  it('shows the ban and lifts it after a confirmation, with POST .../lift, then reads it again', async () => {
    const fetchMock = bansApi({
      [`${TITLES}/${active.id}`]: [{ body: active }, { body: { ...active, status: 0, state: 'lifted', lifted_at: '2026-11-28T08:00:00Z' } }],
      [`POST ${TITLES}/${active.id}/lift`]: { body: { ...active, status: 0, state: 'lifted' } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/bans/titles/${active.id}/show`);

    expect(await screen.findByText('Ban · A1B2C3D4E5F6G7H8', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Mario Rossi')).toBeInTheDocument();
    expect(screen.getByText('4711')).toBeInTheDocument();
    expect(screen.getByText('Senza scadenza')).toBeInTheDocument();
    expect(screen.getByTestId('ban-state')).toHaveTextContent('Attivo');
    expect(screen.getByTestId('ban-mirror')).toHaveTextContent('Registrato');
    expect(screen.getByRole('link', { name: 'Modifica' })).toHaveAttribute('href', `/admin/bans/titles/${active.id}`);

    await user.click(screen.getByRole('button', { name: 'Revoca' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revocare il ban di A1B2C3D4E5F6G7H8?')).toBeInTheDocument();
    expect(within(dialog).getByText(/va anche al sistema di biglietteria/)).toBeInTheDocument();
    // Not yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Non revocare' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoca' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoca' }));

    expect(await screen.findByText('Ban di A1B2C3D4E5F6G7H8 revocato.')).toBeInTheDocument();
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(urlOf(posts[0]?.[0] ?? '').pathname).toBe(`${TITLES}/${active.id}/lift`);
    expect(posts[0]?.[1]?.body).toBeUndefined();
    expect(new Headers(posts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // Read again: lifted, nothing more to lift or change.
    await waitFor(() => expect(screen.getByTestId('ban-state')).toHaveTextContent('Revocato'));
    expect(screen.queryByRole('button', { name: 'Revoca' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifica' })).not.toBeInTheDocument();
  });

  it('says in our words that the ban had been lifted meanwhile (409 ban_lifted), in English', async () => {
    const fetchMock = bansApi({
      [`${EMAILS}/${emailBan.id}`]: { body: emailBan },
      [`POST ${EMAILS}/${emailBan.id}/lift`]: {
        status: 409,
        body: { code: 'ban_lifted', message: 'The ban was lifted', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/bans/emails/${emailBan.id}/show`, { locale: 'en' });

    expect(await screen.findByText('Ban · fan@example.it', {}, { timeout: 15_000 })).toBeInTheDocument();
    const reads = listReads(fetchMock, `${EMAILS}/${emailBan.id}`).length;
    await user.click(screen.getByRole('button', { name: 'Lift' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lift the ban on fan@example.it?')).toBeInTheDocument();
    expect(within(dialog).getByText(/will be able to sign in, buy and receive titles again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));

    expect(await screen.findByText('The ban had already been lifted: the data has been refreshed.')).toBeInTheDocument();
    expect(screen.queryByText('The ban was lifted')).not.toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${EMAILS}/${emailBan.id}/lift`);
    await waitFor(() => expect(listReads(fetchMock, `${EMAILS}/${emailBan.id}`).length).toBeGreaterThan(reads));
  });
});

describe("a ban's form", () => {
  it('changes the dates and the reason with PUT (those alone), then opens the ban', async () => {
    const changed: TitleBan = { ...scheduled, reason: 'Striscione offensivo' };
    const fetchMock = bansApi({
      [`${TITLES}/${scheduled.id}`]: [{ body: scheduled }, { body: changed }],
      [`PUT ${TITLES}/${scheduled.id}`]: { body: changed },
    });
    const user = userEvent.setup();
    renderAdminApp(`/bans/titles/${scheduled.id}`);

    const reason = await screen.findByRole('textbox', { name: /^Motivo/ }, { timeout: 15_000 });
    expect(screen.getByText('B2C3D4E5F6G7H8I9')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Sigillo fiscale/ })).not.toBeInTheDocument();
    await user.clear(reason);
    await user.type(reason, 'Striscione offensivo');
    typeRomeTime(/^Fine/, '2027-02-10T10:00');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Ban aggiornato')).toBeInTheDocument();
    const [put, ...others] = callsWith(fetchMock, 'PUT');
    expect(others).toHaveLength(0);
    expect(urlOf(put?.[0] ?? '').pathname).toBe(`${TITLES}/${scheduled.id}`);
    expect(jsonBody(put)).toEqual({
      start_at: '2026-12-10T09:00:00Z',
      end_at: '2027-02-10T09:00:00.000Z',
      reason: 'Striscione offensivo',
    });
  });

  it('shows a lifted ban read-only', async () => {
    bansApi({ [`${TITLES}/${lifted.id}`]: { body: lifted } });
    renderAdminApp(`/bans/titles/${lifted.id}`);

    expect(await screen.findByText('Il ban è stato revocato: non si può più modificare.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Motivo/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Salva' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Revoca' })).not.toBeInTheDocument();
  });

  it('says in our words that the ban was lifted meanwhile (409 ban_lifted), and reads it again', async () => {
    const fetchMock = bansApi({
      [`${EMAILS}/${emailBan.id}`]: [{ body: emailBan }, { body: { ...emailBan, status: 0, state: 'lifted' } }],
      [`PUT ${EMAILS}/${emailBan.id}`]: { status: 409, body: { code: 'ban_lifted', message: 'The ban was lifted', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/bans/emails/${emailBan.id}`);

    const reason = await screen.findByRole('textbox', { name: /^Motivo/ }, { timeout: 15_000 });
    await user.type(reason, ' (ripetuti)');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Il ban è già stato revocato: i dati sono stati aggiornati.')).toBeInTheDocument();
    expect(screen.queryByText('The ban was lifted')).not.toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(1);
    expect(await screen.findByText('Il ban è stato revocato: non si può più modificare.')).toBeInTheDocument();
  });
});
