import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onAPhone } from '../test/media';
import { callsWith, jsonBody, lastListParam, listReads, rowShowing, sortableHeaders } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { blacklistFieldErrorKey, newEntryRequest } from './blacklistRequest';
import { blacklistMessages } from './messages';
import type { BlacklistEntry } from './types';

const BLACKLIST = '/api/admin/blacklist';

/** In force since 18:00 in Como on 27 November, added by a staff member; the ticketing system has it. */
const current: BlacklistEntry = {
  id: '0193b1c0-7c1e-7d2a-9f00-5e1d2c3b4c01',
  first_name: 'Mario',
  last_name: 'Rossi',
  birth_date: '1990-04-01',
  fiscal_code: 'RSSMRA90D01C933P',
  reason: 'Lancio di fumogeni',
  created_at: '2026-11-27T17:00:00Z',
  created_by: 'staff@lario.test',
  removed_at: null,
  mirror: 'done',
};
/** No fiscal code; its maker's account is gone; the ticketing system not told yet. */
const pending: BlacklistEntry = {
  ...current,
  id: '0193b1c0-7c1e-7d2a-9f00-5e1d2c3b4c02',
  first_name: 'Luca',
  last_name: 'Bianchi',
  birth_date: '1985-08-12',
  fiscal_code: '',
  reason: 'Aggressione a uno steward',
  created_at: '2026-11-26T10:00:00Z',
  created_by: null,
  mirror: 'pending',
};
/** Taken off the list; the ticketing system did not take the change. */
const removed: BlacklistEntry = {
  ...current,
  id: '0193b1c0-7c1e-7d2a-9f00-5e1d2c3b4c03',
  first_name: 'Giuseppina',
  last_name: 'Verdi',
  birth_date: '1970-01-01',
  fiscal_code: 'VRDGPP70A41H501W',
  reason: 'Errore di persona',
  created_at: '2026-11-20T10:00:00Z',
  removed_at: '2026-11-28T08:00:00Z',
  mirror: 'failed',
};

type Routes = Parameters<typeof stubFetch>[0];

function blacklistApi(extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [BLACKLIST]: listRoute('blacklist', [current, pending, removed]),
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

/** The birth date input, typed as a browser's date picker fills it (yyyy-mm-dd). */
function typeBirthDate(label: RegExp, date: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: date } });
}

describe("the blacklist's strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(blacklistMessages.en).sort()).toEqual(keysOf(blacklistMessages.it).sort());
  });

  it("has our words for every code the API gives on a new entry's fields", () => {
    const codes = {
      first_name: ['required', 'too_long'],
      last_name: ['required', 'too_long'],
      reason: ['required', 'too_long'],
      birth_date: ['required', 'in_future'],
      fiscal_code: ['invalid_format', 'check_character'],
    };
    const it = blacklistMessages.it.resources as { blacklist: { errors: Record<string, string> } };
    for (const [field, fieldCodes] of Object.entries(codes)) {
      for (const code of fieldCodes) {
        const key = blacklistFieldErrorKey(field, code);
        expect(key, `${field}: ${code}`).toMatch(/^resources\.blacklist\.errors\./);
        expect(it.blacklist.errors[key?.split('.').at(-1) ?? '']).toBeDefined();
      }
    }
    expect(blacklistFieldErrorKey('fiscal_code', 'something_new')).toBeUndefined();
  });

  it("sends the names and reason trimmed, the fiscal code in capitals or empty", () => {
    expect(
      newEntryRequest({ first_name: ' Mario ', last_name: 'Rossi ', birth_date: '1990-04-01', fiscal_code: ' rssmra90d01c933p ', reason: ' Fumogeni ' }),
    ).toEqual({ first_name: 'Mario', last_name: 'Rossi', birth_date: '1990-04-01', fiscal_code: 'RSSMRA90D01C933P', reason: 'Fumogeni' });
    expect(newEntryRequest({ first_name: 'Mario', last_name: 'Rossi', birth_date: '1990-04-01', reason: 'Fumogeni' }).fiscal_code).toBe('');
  });
});

describe('the blacklist', () => {
  it('reads /api/admin/blacklist newest first at /admin/ban/blacklist and shows each person with their state and the ticketing system', async () => {
    const fetchMock = blacklistApi();
    renderAdminApp('/ban/blacklist');

    const row = await rowOf('RSSMRA90D01C933P');
    expect(columns()).toEqual([
      'Cognome',
      'Nome',
      'Data di nascita',
      'Codice fiscale',
      'Motivo',
      'Aggiunto il',
      'Da',
      'Stato',
      'Sistema di biglietteria',
    ]);
    // The API lists them newest first, whatever the sort: no header pretends otherwise.
    expect(sortableHeaders()).toEqual([]);
    expect(lastListParam(fetchMock, BLACKLIST, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, BLACKLIST, 'range')).toEqual([0, 24]);
    expect(lastListParam(fetchMock, BLACKLIST, 'filter')).toEqual({});

    expect(within(row).getByText('Rossi')).toBeInTheDocument();
    expect(within(row).getByText('Mario')).toBeInTheDocument();
    // A calendar day, day first with the year in full; the instant in Como time (winter: UTC+1).
    expect(within(row).getByText('01/04/1990')).toBeInTheDocument();
    expect(within(row).getByText('27/11/26, 18:00:00')).toBeInTheDocument();
    expect(within(row).getByText('Lancio di fumogeni')).toBeInTheDocument();
    expect(within(row).getByText('staff@lario.test')).toBeInTheDocument();
    expect(within(row).getByTestId('blacklist-state')).toHaveTextContent('In vigore');
    expect(within(row).getByTestId('blacklist-mirror')).toHaveTextContent('Registrato');

    const noCode = await rowShowing('Bianchi');
    expect(within(noCode).getByText('—')).toBeInTheDocument();
    expect(within(noCode).getByText('Account eliminato')).toBeInTheDocument();
    expect(within(noCode).getByTestId('blacklist-mirror')).toHaveTextContent('Da inviare');

    const off = await rowShowing('Verdi');
    expect(within(off).getByTestId('blacklist-state')).toHaveTextContent('Rimosso');
    expect(within(off).getByTestId('blacklist-mirror')).toHaveTextContent('Non riuscito');

    expect(screen.getByRole('link', { name: 'Aggiungi alla blacklist' })).toHaveAttribute('href', '/admin/blacklist/create');
    expect(screen.getByRole('menuitem', { name: 'Blacklist' })).toHaveClass('RaMenuItemLink-active');
  });

  it('is searched by a part of the name or fiscal code and narrowed to those in force, as the API reads its filter', async () => {
    const fetchMock = blacklistApi();
    const user = userEvent.setup();
    renderAdminApp('/ban/blacklist');
    await rowOf('RSSMRA90D01C933P');

    await user.type(screen.getByRole('textbox', { name: 'Cerca' }), 'ross');
    await waitFor(() => expect(lastListParam(fetchMock, BLACKLIST, 'filter')).toEqual({ q: 'ross' }));
    const currentOnly = screen.getByRole('switch', { name: 'Solo in vigore' });
    expect(currentOnly).not.toBeChecked();
    await user.click(currentOnly);
    await waitFor(() => expect(lastListParam(fetchMock, BLACKLIST, 'filter')).toEqual({ q: 'ross', current: true }));
    expect(screen.getByRole('switch', { name: 'Solo in vigore' })).toBeChecked();
    // Off again: the whole list, not only those removed.
    await user.click(screen.getByRole('switch', { name: 'Solo in vigore' }));
    await waitFor(() => expect(lastListParam(fetchMock, BLACKLIST, 'filter')).toEqual({ q: 'ross' }));
  });

  it('shows in English too', async () => {
    blacklistApi();
    renderAdminApp('/ban/blacklist', { locale: 'en' });

    await rowOf('RSSMRA90D01C933P');
    expect(columns()).toEqual(['Last name', 'First name', 'Date of birth', 'Fiscal code', 'Reason', 'Added on', 'By', 'State', 'Ticketing system']);
    expect(screen.getAllByTestId('blacklist-state').map((chip) => chip.textContent)).toEqual(['In force', 'In force', 'Removed']);
    expect(screen.getAllByTestId('blacklist-mirror').map((chip) => chip.textContent)).toEqual(['Recorded', 'To send', 'Failed']);
    expect(screen.getByText('Account deleted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to the blacklist' })).toHaveAttribute('href', '/admin/blacklist/create');
    expect(screen.getByRole('switch', { name: 'In force only' })).toBeInTheDocument();
  });

  it('is where the resource\'s own list address leads', async () => {
    const fetchMock = blacklistApi();
    renderAdminApp('/blacklist');

    await rowOf('RSSMRA90D01C933P');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Blacklist' })).toHaveClass('RaMenuItemLink-active'));
    expect(listReads(fetchMock, BLACKLIST).length).toBeGreaterThan(0);
  });
});

describe('the blacklist on a phone', () => {
  it('shows a line per person, surname first, that opens their page', async () => {
    onAPhone();
    blacklistApi({ [`${BLACKLIST}/${current.id}`]: { body: current } });
    const user = userEvent.setup();
    renderAdminApp('/ban/blacklist');

    const line = await screen.findByText('Rossi Mario', {}, { timeout: 15_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('01/04/1990 · RSSMRA90D01C933P · In vigore')).toBeInTheDocument();
    expect(screen.getByText('12/08/1985 · In vigore')).toBeInTheDocument();
    await user.click(line);

    expect(await screen.findByText('Blacklist · Mario Rossi', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rimuovi dalla blacklist' })).toBeInTheDocument();
  });
});

describe('a person added to the blacklist', () => {
  it('posts the names, the birth date, the fiscal code in capitals and the reason, then opens the entry', async () => {
    const created: BlacklistEntry = { ...current, id: '0193b1c0-7c1e-7d2a-9f00-5e1d2c3b4c09', mirror: 'pending' };
    const fetchMock = blacklistApi({
      [`POST ${BLACKLIST}`]: { status: 201, body: created },
      [`${BLACKLIST}/${created.id}`]: { body: created },
    });
    const user = userEvent.setup();
    renderAdminApp('/blacklist/create');

    await user.type(await screen.findByRole('textbox', { name: 'Nome' }, { timeout: 15_000 }), 'Mario');
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Rossi ');
    typeBirthDate(/^Data di nascita/, '1990-04-01');
    await user.type(screen.getByRole('textbox', { name: 'Codice fiscale' }), 'rssmra90d01c933p');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Lancio di fumogeni');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Persona aggiunta alla blacklist')).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(BLACKLIST);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(jsonBody(post)).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      birth_date: '1990-04-01',
      fiscal_code: 'RSSMRA90D01C933P',
      reason: 'Lancio di fumogeni',
    });
    // The entry's page.
    expect(await screen.findByText('Blacklist · Mario Rossi', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('sends an empty fiscal code when none is typed', async () => {
    const fetchMock = blacklistApi({
      [`POST ${BLACKLIST}`]: { status: 201, body: pending },
      [`${BLACKLIST}/${pending.id}`]: { body: pending },
    });
    const user = userEvent.setup();
    renderAdminApp('/blacklist/create');

    await user.type(await screen.findByRole('textbox', { name: 'Nome' }, { timeout: 15_000 }), 'Luca');
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Bianchi');
    typeBirthDate(/^Data di nascita/, '1985-08-12');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Aggressione a uno steward');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(callsWith(fetchMock, 'POST')).toHaveLength(1));
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      first_name: 'Luca',
      last_name: 'Bianchi',
      birth_date: '1985-08-12',
      fiscal_code: '',
      reason: 'Aggressione a uno steward',
    });
  });

  it('refuses missing fields, a birth date to come and a fiscal code of the wrong form, without asking the API', async () => {
    const fetchMock = blacklistApi();
    const user = userEvent.setup();
    renderAdminApp('/blacklist/create');

    await user.type(await screen.findByRole('textbox', { name: 'Codice fiscale' }, { timeout: 15_000 }), 'RSSMRA90');
    typeBirthDate(/^Data di nascita/, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription('Obbligatorio.'));
    expect(screen.getByRole('textbox', { name: 'Cognome' })).toHaveAccessibleDescription('Obbligatorio.');
    expect(screen.getByLabelText(/^Data di nascita/)).toHaveAccessibleDescription('La data di nascita non può essere nel futuro.');
    expect(screen.getByRole('textbox', { name: 'Codice fiscale' })).toHaveAccessibleDescription(
      'Non è un codice fiscale valido (16 lettere e cifre).',
    );
    expect(screen.getByRole('textbox', { name: 'Motivo' })).toHaveAccessibleDescription('Scrivi il motivo.');
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
  });

  it.each([
    ['it', 'Salva', 'Codice fiscale', /^Data di nascita/, "Il codice fiscale non torna (l'ultima lettera, di controllo, non corrisponde): ricontrollalo.", 'La data di nascita non può essere nel futuro.'],
    ['en', 'Save', 'Fiscal code', /^Date of birth/, 'The fiscal code does not add up (its last letter, the check character, does not match): check it again.', 'The date of birth cannot be in the future.'],
  ] as const)("in %s, puts the API's field refusals (422) under their inputs, in our words", async (locale, save, code, born, check, future) => {
    const fetchMock = blacklistApi({
      [`POST ${BLACKLIST}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { fiscal_code: 'check_character', birth_date: 'in_future' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/blacklist/create', { locale });

    await user.type(await screen.findByRole('textbox', { name: locale === 'it' ? 'Nome' : 'First name' }, { timeout: 15_000 }), 'Mario');
    await user.type(screen.getByRole('textbox', { name: locale === 'it' ? 'Cognome' : 'Last name' }), 'Rossi');
    typeBirthDate(born, '1990-04-01');
    // The right form, but not the right last letter: only the API tells.
    await user.type(screen.getByRole('textbox', { name: code }), 'RSSMRA90D01C933X');
    await user.type(screen.getByRole('textbox', { name: locale === 'it' ? 'Motivo' : 'Reason' }), 'Lancio di fumogeni');
    await user.click(screen.getByRole('button', { name: save }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: code })).toHaveAccessibleDescription(check));
    expect(screen.getByLabelText(born)).toHaveAccessibleDescription(future);
    expect(screen.queryByText('check_character')).not.toBeInTheDocument();
    expect(screen.queryByText('in_future')).not.toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      birth_date: '1990-04-01',
      fiscal_code: 'RSSMRA90D01C933X',
      reason: 'Lancio di fumogeni',
    });
  });

  it('says in our words that the person is on the list already (409 already_blacklisted)', async () => {
    blacklistApi({
      [`POST ${BLACKLIST}`]: { status: 409, body: { code: 'already_blacklisted', message: 'This person is on the blacklist already', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/blacklist/create');

    await user.type(await screen.findByRole('textbox', { name: 'Nome' }, { timeout: 15_000 }), 'Mario');
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Rossi');
    typeBirthDate(/^Data di nascita/, '1990-04-01');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Lancio di fumogeni');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Questa persona è già in blacklist.')).toBeInTheDocument();
    expect(screen.queryByText('This person is on the blacklist already')).not.toBeInTheDocument();
  });
});

describe("a blacklisted person's page", () => {
  it('shows the entry and removes the person after a confirmation, with POST .../remove, then reads it again', async () => {
    const afterRemoval: BlacklistEntry = { ...current, removed_at: '2026-11-28T08:00:00Z', mirror: 'pending' };
    const fetchMock = blacklistApi({
      [`${BLACKLIST}/${current.id}`]: [{ body: current }, { body: afterRemoval }],
      [`POST ${BLACKLIST}/${current.id}/remove`]: { body: afterRemoval },
    });
    const user = userEvent.setup();
    renderAdminApp(`/blacklist/${current.id}/show`);

    expect(await screen.findByText('Blacklist · Mario Rossi', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('RSSMRA90D01C933P')).toBeInTheDocument();
    expect(screen.getByText('01/04/1990')).toBeInTheDocument();
    expect(screen.getByText('Lancio di fumogeni')).toBeInTheDocument();
    expect(screen.getByText('staff@lario.test')).toBeInTheDocument();
    expect(screen.getByTestId('blacklist-state')).toHaveTextContent('In vigore');
    expect(screen.getByTestId('blacklist-mirror')).toHaveTextContent('Registrato');
    // Added and removed only: no form.
    expect(screen.queryByRole('link', { name: 'Modifica' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rimuovi dalla blacklist' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rimuovere Mario Rossi dalla blacklist?')).toBeInTheDocument();
    expect(within(dialog).getByText(/potranno di nuovo vendere titoli a Mario Rossi/)).toBeInTheDocument();
    // Not yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Non rimuovere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rimuovi dalla blacklist' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rimuovi dalla blacklist' }));

    expect(await screen.findByText('Mario Rossi non è più in blacklist.')).toBeInTheDocument();
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(urlOf(posts[0]?.[0] ?? '').pathname).toBe(`${BLACKLIST}/${current.id}/remove`);
    expect(posts[0]?.[1]?.body).toBeUndefined();
    expect(new Headers(posts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // Read again: removed, the change on its way to the ticketing system, nothing more to remove.
    await waitFor(() => expect(screen.getByTestId('blacklist-state')).toHaveTextContent('Rimosso'));
    expect(screen.getByTestId('blacklist-mirror')).toHaveTextContent('Da inviare');
    expect(screen.getByText('Rimosso il')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rimuovi dalla blacklist' })).not.toBeInTheDocument();
  });

  it('says in our words that the person had been removed meanwhile (409 already_removed), in English, and reads the page again', async () => {
    const fetchMock = blacklistApi({
      [`${BLACKLIST}/${pending.id}`]: { body: pending },
      [`POST ${BLACKLIST}/${pending.id}/remove`]: {
        status: 409,
        body: { code: 'already_removed', message: 'This entry was removed already', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/blacklist/${pending.id}/show`, { locale: 'en' });

    expect(await screen.findByText('Blacklist · Luca Bianchi', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Account deleted')).toBeInTheDocument();
    const reads = listReads(fetchMock, `${BLACKLIST}/${pending.id}`).length;
    await user.click(screen.getByRole('button', { name: 'Remove from the blacklist' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Luca Bianchi from the blacklist?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the blacklist' }));

    expect(await screen.findByText('The person had already been removed from the blacklist: the data has been refreshed.')).toBeInTheDocument();
    expect(screen.queryByText('This entry was removed already')).not.toBeInTheDocument();
    await waitFor(() => expect(listReads(fetchMock, `${BLACKLIST}/${pending.id}`).length).toBeGreaterThan(reads));
  });

  it('shows a removed entry without the button', async () => {
    blacklistApi({ [`${BLACKLIST}/${removed.id}`]: { body: removed } });
    renderAdminApp(`/blacklist/${removed.id}/show`);

    expect(await screen.findByText('Blacklist · Giuseppina Verdi', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('blacklist-state')).toHaveTextContent('Rimosso');
    expect(screen.getByTestId('blacklist-mirror')).toHaveTextContent('Non riuscito');
    expect(screen.getByText('28/11/26, 09:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rimuovi dalla blacklist' })).not.toBeInTheDocument();
  });
});
