import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { blockA, chooseBlockA } from '../test/seatMap';
import { aFixture, aMassIssueTask, aSeasonTicket } from '../test/fixtures';
import type {
  Fixture,
  MassIssuePreview,
  MassIssueTask,
  PreviewLine,
  Price,
  SeasonPrice,
  SeasonTicket,
  SeasonTicketDetail,
  SeatView,
  SheetLine,
} from '../../../api-types';

const PAGE = '/tickets/massissue';
const MASS = '/api/admin/mass-issues';
const PREVIEW = `${MASS}/preview`;
const TASK_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a70';

const lazio = aFixture();
// Scheduled, not yet on sale: never offered for a mass issue.
const inter: Fixture = { ...lazio, id: 8, title: 'Como - Inter', starts_at: '2026-12-13T19:45:00Z', status: 0 };

// On sale: offered for a mass issue of its seats.
const season: SeasonTicket = aSeasonTicket({ status: 1, inventory_ready: true });
// Scheduled, not yet on sale: never offered.
const cup: SeasonTicket = aSeasonTicket({ id: 4, name: 'Abbonamento Coppa', status: 0 });

const seasonPrice = (sector: string, id: number, code: string, name: string, cents: number): SeasonPrice => ({
  sector_code: sector,
  reduction_id: id,
  reduction_code: code,
  reduction_name: name,
  rule: code === 'DONNA' ? 'women' : 'anyone',
  price_cents: cents,
});
// The season's own prices and reductions: not the default prices of a match.
const seasonDetail: SeasonTicketDetail = {
  ...season,
  fixtures: [],
  sectors: [],
  prices: [seasonPrice('TC', 1, 'INTERO', 'Intero', 29000), seasonPrice('TC', 4, 'DONNA', 'Donna', 25000)],
};

const prices: Price[] = [
  { id: 'TC:1', sector_code: 'TC', sector_name: 'Tribuna Centrale', reduction_id: 1, reduction_code: 'INTERO', reduction_name: 'Intero', rule: 'anyone', price_cents: 6000 },
  { id: 'TC:2', sector_code: 'TC', sector_name: 'Tribuna Centrale', reduction_id: 2, reduction_code: 'U14', reduction_name: 'Under 14', rule: 'under_14', price_cents: 3000 },
  { id: 'CN:1', sector_code: 'CN', sector_name: 'Curva Nord', reduction_id: 1, reduction_code: 'INTERO', reduction_name: 'Intero', rule: 'anyone', price_cents: 2500 },
];

const holder = (label: string, first: string, last: string, email: string, reduction = 'INTERO'): SheetLine => ({
  label,
  first_name: first,
  last_name: last,
  birth_date: '1990-04-01',
  birth_place: 'Como',
  sex: 'M',
  document_type: 'id_card',
  document_number: 'CA1234567',
  email,
  reduction,
});

const luca = holder('TC-TC1-1-1', 'Luca', 'Neri', 'luca@example.it');
const anna = holder('TC-TC1-1-2', 'Anna', 'Bianchi', 'anna@example.it', 'U14');
const marco = holder('CN-CN1-4-9', 'Marco', 'Verdi', 'marco@example.it');
const ugo = holder('TC-TC1-1-3', 'Ugo', 'Rossi', 'ugo@example.it');
const bad = holder('ZZ-9', 'Pi3ro', 'Gialli', 'non-una-mail');

const previewLines: PreviewLine[] = [
  { row: 2, line: luca, seat_id: 101, sector_name: 'Tribuna Centrale', price_cents: 6000, valid: true, errors: [] },
  {
    row: 3,
    line: anna,
    seat_id: 102,
    sector_name: 'Tribuna Centrale',
    price_cents: 3000,
    valid: false,
    errors: [
      { field: 'label', code: 'seat_taken' },
      { field: 'reduction', code: 'reduction_not_eligible' },
    ],
  },
  { row: 4, line: marco, seat_id: 310, sector_name: 'Curva Nord', price_cents: 2500, valid: true, errors: [] },
  {
    row: 5,
    line: bad,
    seat_id: null,
    sector_name: null,
    price_cents: null,
    valid: false,
    errors: [
      { field: 'label', code: 'unknown_seat' },
      { field: 'first_name', code: 'invalid' },
      { field: 'email', code: 'invalid' },
    ],
  },
  // The ticketing system did not answer about Ugo: the contract lets the line be sent anyway.
  {
    row: 6,
    line: ugo,
    seat_id: 103,
    sector_name: 'Tribuna Centrale',
    price_cents: 6000,
    valid: false,
    errors: [{ field: 'holder', code: 'holder_unverified' }],
  },
];

const sheetPreview: MassIssuePreview = {
  fixture_id: 7,
  season_ticket_id: null,
  collection: false,
  title: 'Como - Lazio',
  total: 5,
  valid: 2,
  invalid: 3,
  lines: previewLines,
};

const task: MassIssueTask = aMassIssueTask({
  id: TASK_ID,
  total: 3,
  finalized: 3,
  finished_at: '2026-11-24T17:01:00Z',
});

type Routes = Parameters<typeof stubFetch>[0];

function massIssueApi(extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', [lazio, inter]),
    '/api/admin/prices': listRoute('prices', prices),
    '/api/admin/season-tickets': listRoute('season-tickets', [season, cup]),
    '/api/season-tickets/3': { body: seasonDetail },
    [MASS]: listRoute('mass-issues', [task]),
    [`${MASS}/${TASK_ID}`]: { body: task },
    '/api/admin/mass-issue-lines': listRoute('mass-issue-lines', []),
    [`POST ${PREVIEW}`]: { body: sheetPreview },
    [`POST ${MASS}`]: { status: 201, body: task },
    ...extra,
  });
}

const postsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && urlOf(input).pathname === path);

const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

type User = ReturnType<typeof userEvent.setup>;

async function chooseLazio(user: User, name = 'Partita in vendita') {
  await user.click(await screen.findByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
}

const sheet = () =>
  new File(['PK sponsor sheet'], 'sponsor.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function previewSheet(user: User, { choose = 'Scegli il file Excel', preview = 'Anteprima' } = {}) {
  await user.upload(screen.getByLabelText(choose), sheet());
  await screen.findByText(/^(File scelto|File chosen): sponsor\.xlsx$/);
  await user.click(screen.getByRole('button', { name: preview }));
}

const previewRow = (row: number) => {
  const cell = screen.getAllByRole('row').find((tr) => tr.getAttribute('data-row') === String(row));
  expect(cell).toBeDefined();
  return cell as HTMLElement;
};

describe('the mass issuing page', () => {
  it('offers the fixtures on sale only, and the two ways to give the lines', async () => {
    massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Emissione massiva' })).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Partita in vendita' }));
    expect(await screen.findByRole('option', { name: /Como - Lazio/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Como - Inter/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Foglio Excel' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Inserimento manuale' })).toHaveAttribute('aria-pressed', 'false');
    // Nothing to preview before a fixture and a file.
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    expect(screen.getByText('Scegli prima una partita.')).toBeInTheDocument();
  });

  it.each([
    ['it', 'Scarica il modello', 'emissione-massiva.xlsx'],
    ['en', 'Download the template', 'mass-issue.xlsx'],
  ] as const)('in %s, downloads the template in the staff member’s language', async (locale, button, name) => {
    const fetchMock = massIssueApi({
      [`${MASS}/template`]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${name}"`,
        },
      },
    });
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:template');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale });

    await user.click(await screen.findByRole('button', { name: button }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:template', download: name }]));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === `${MASS}/template`);
    expect(urlOf(call?.[0] ?? '').searchParams.get('lang')).toBe(locale);
    // With the session cookie, as any call of the app.
    expect(call?.[1]?.credentials).toBe('same-origin');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('sends the chosen sheet as base64 and flags the lines that cannot be issued, with the reasons in Italian', async () => {
    const fetchMock = massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseLazio(user);
    await previewSheet(user);

    expect(await screen.findByRole('heading', { name: 'Anteprima per Como - Lazio' })).toBeInTheDocument();
    const [post] = postsTo(fetchMock, PREVIEW);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(bodyOf(post)).toEqual({
      fixture_id: 7,
      file_name: 'sponsor.xlsx',
      file_base64: btoa('PK sponsor sheet'),
    });

    expect(screen.getByTestId('preview-summary')).toHaveTextContent('3 valide, 2 con errori · 5 righe in tutto');

    const valid = within(previewRow(2));
    expect(valid.getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(valid.getByText('Tribuna Centrale')).toBeInTheDocument();
    expect(valid.getByText('Luca Neri')).toBeInTheDocument();
    expect(valid.getByText('01/04/1990')).toBeInTheDocument();
    expect(valid.getByText('luca@example.it')).toBeInTheDocument();
    expect(valid.getByText('INTERO')).toBeInTheDocument();
    expect(valid.getByText('60,00 €')).toBeInTheDocument();
    expect(valid.getByText('Valida')).toBeInTheDocument();

    const taken = previewRow(3);
    expect(taken).toHaveAttribute('data-verdict', 'invalid');
    expect(within(taken).getByText('Con errori')).toBeInTheDocument();
    expect(within(taken).getByText('Posto: il posto non è libero (riservato, venduto o bloccato).')).toBeInTheDocument();
    expect(
      within(taken).getByText(
        'Riduzione: il titolare non ha diritto a questa riduzione il giorno della partita (Under 14: meno di 14 anni; Over 65: almeno 65 anni; Donna: sesso F).',
      ),
    ).toBeInTheDocument();

    const wrong = within(previewRow(5));
    expect(wrong.getByText('Con errori')).toBeInTheDocument();
    expect(wrong.getByText('Posto: nessun posto ha questa etichetta.')).toBeInTheDocument();
    expect(wrong.getByText('Nome: solo lettere, spazi, apostrofi, punti e trattini (niente cifre).')).toBeInTheDocument();
    expect(wrong.getByText('E-mail: non è un indirizzo e-mail valido.')).toBeInTheDocument();
    // No seat, no price.
    expect(wrong.getAllByText('—').length).toBeGreaterThan(0);

    const unverified = within(previewRow(6));
    expect(unverified.getByText('Da ricontrollare')).toBeInTheDocument();
    expect(
      unverified.getByText(
        'Titolare: il sistema di biglietteria non ha risposto: la persona viene controllata di nuovo quando il biglietto è emesso.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Emetti 3 righe valide' })).toBeEnabled();
  });

  it('says the reasons in English, each with its column', async () => {
    massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await chooseLazio(user, 'Match on sale');
    await previewSheet(user, { choose: 'Choose the Excel file', preview: 'Preview' });

    expect(await screen.findByRole('heading', { name: 'Preview for Como - Lazio' })).toBeInTheDocument();
    expect(screen.getByTestId('preview-summary')).toHaveTextContent('3 valid, 2 with errors · 5 lines in all');
    const taken = within(previewRow(3));
    expect(taken.getByText('With errors')).toBeInTheDocument();
    expect(taken.getByText('Seat: the seat is not free (held, sold or locked).')).toBeInTheDocument();
    expect(within(previewRow(5)).getByText('E-mail: not a valid e-mail address.')).toBeInTheDocument();
    expect(within(previewRow(2)).getByText('€60.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue 3 valid lines' })).toBeEnabled();
  });

  it('issues the valid lines only, as the preview read them, with the file and the language, then opens the task', async () => {
    const fetchMock = massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await chooseLazio(user, 'Match on sale');
    await previewSheet(user, { choose: 'Choose the Excel file', preview: 'Preview' });
    await user.click(await screen.findByRole('button', { name: 'Issue 3 valid lines' }));

    expect(await screen.findByText('Mass issue started: 3 lines in progress.')).toBeInTheDocument();
    const posts = postsTo(fetchMock, MASS);
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(bodyOf(posts[0])).toEqual({
      fixture_id: 7,
      file_name: 'sponsor.xlsx',
      language: 'en',
      lines: [luca, marco, ugo],
      // The sheet's rows, so the task's lines keep the numbers staff saw.
      rows: [2, 4, 6],
    });
    // The task's page, with its actions.
    expect(await screen.findByRole('button', { name: 'Download results' })).toBeInTheDocument();
    expect(screen.getByText('sponsor.xlsx')).toBeInTheDocument();
  });

  it('keeps the wide table of typed lines inside its card: every grid around it has a column that may shrink', async () => {
    massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseLazio(user);
    await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));

    // A grid column sized by default (auto) grows to the table's width and overflows the card;
    // minmax(0, 1fr) lets the table scroll in its own container instead.
    const table = await screen.findByRole('table', { name: 'Righe inserite a mano' });
    const grids: HTMLElement[] = [];
    for (let node = table.parentElement; node !== null; node = node.parentElement) {
      if (getComputedStyle(node).display === 'grid') {
        grids.push(node);
      }
    }
    expect(grids.length).toBeGreaterThanOrEqual(3);
    for (const grid of grids) {
      expect(getComputedStyle(grid).gridTemplateColumns).toBe('minmax(0, 1fr)');
    }
  });

  it('builds the lines typed in the manual mode, leaves out a blank one, and numbers the preview as the table', async () => {
    const manualPreview: MassIssuePreview = {
      fixture_id: 7,
      season_ticket_id: null,
      collection: false,
      title: 'Como - Lazio',
      total: 2,
      valid: 1,
      invalid: 1,
      lines: [
        { row: 1, line: luca, seat_id: 101, sector_name: 'Tribuna Centrale', price_cents: 6000, valid: true, errors: [] },
        {
          row: 2,
          line: { ...anna, sex: '' },
          seat_id: 102,
          sector_name: 'Tribuna Centrale',
          price_cents: 3000,
          valid: false,
          errors: [{ field: 'holder', code: 'duplicate_holder' }],
        },
      ],
    };
    const fetchMock = massIssueApi({ [`POST ${PREVIEW}`]: { body: manualPreview } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseLazio(user);
    await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();

    const type = (name: string, text: string) => user.type(screen.getByRole('textbox', { name }), text);
    await type('Posto, riga 1', ' TC-TC1-1-1 ');
    await type('Nome, riga 1', 'Luca');
    await type('Cognome, riga 1', 'Neri');
    await user.type(screen.getByLabelText('Data di nascita, riga 1'), '1990-04-01');
    await type('Luogo di nascita, riga 1', 'Como');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sesso, riga 1' }), 'M');
    await type('Numero del documento, riga 1', 'CA1234567');
    await type('E-mail, riga 1', 'luca@example.it');

    // A second line left blank, then a third.
    await user.click(screen.getByRole('button', { name: 'Aggiungi una riga' }));
    await user.click(screen.getByRole('button', { name: 'Aggiungi una riga' }));
    await type('Posto, riga 3', 'TC-TC1-1-2');
    await type('Nome, riga 3', 'Anna');
    await type('Cognome, riga 3', 'Bianchi');
    await user.type(screen.getByLabelText('Data di nascita, riga 3'), '1990-04-01');
    await type('Luogo di nascita, riga 3', 'Como');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo di documento, riga 3' }), 'id_card');
    await type('Numero del documento, riga 3', 'CA1234567');
    await type('E-mail, riga 3', 'anna@example.it');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Riduzione, riga 3' }), 'Under 14 (U14)');

    await user.click(screen.getByRole('button', { name: 'Anteprima' }));

    expect(await screen.findByRole('heading', { name: 'Anteprima per Como - Lazio' })).toBeInTheDocument();
    expect(bodyOf(postsTo(fetchMock, PREVIEW)[0])).toEqual({
      fixture_id: 7,
      lines: [luca, { ...anna, sex: '' }],
    });
    // The API numbered the lines it got 1 and 2: staff read their table's 1 and 3.
    expect(within(previewRow(1)).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(previewRow(3)).getByText('Titolare: la stessa persona è anche in un\'altra riga.')).toBeInTheDocument();
    expect(screen.getByTestId('preview-summary')).toHaveTextContent('1 valida, 1 con errori · 2 righe in tutto');

    await user.click(screen.getByRole('button', { name: 'Emetti 1 riga valida' }));
    await waitFor(() => expect(postsTo(fetchMock, MASS)).toHaveLength(1));
    // Luca is the table's line 1.
    expect(bodyOf(postsTo(fetchMock, MASS)[0])).toEqual({
      fixture_id: 7,
      file_name: null,
      language: 'it',
      lines: [luca],
      rows: [1],
    });
  });

  it('forgets the preview when the lines change, so what is issued is what was checked', async () => {
    massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseLazio(user);
    await previewSheet(user);
    expect(await screen.findByRole('button', { name: 'Emetti 3 righe valide' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));
    expect(screen.queryByRole('button', { name: 'Emetti 3 righe valide' })).not.toBeInTheDocument();
  });

  it.each([
    ['file_base64', 'unreadable', 'Il file non è un foglio Excel (.xlsx) leggibile.'],
    ['file_base64', 'no_header', "Nel file non c'è nessuna delle colonne del modello: scarica il modello e usa le sue intestazioni."],
    ['file_base64', 'too_many_lines', 'Troppe righe: al massimo 2.000 per emissione.'],
    ['file_base64', 'empty', 'Non ci sono righe da emettere.'],
  ])('says in our words why the sheet was refused (422 %s %s)', async (field, code, message) => {
    massIssueApi({
      [`POST ${PREVIEW}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { [field]: code } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseLazio(user);
    await previewSheet(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Anteprima per/ })).not.toBeInTheDocument();
  });

  it.each([
    ['it', 'La partita non è più in vendita.'],
    ['en', 'The match is no longer on sale.'],
  ] as const)('in %s, says the fixture is no longer on sale (409)', async (locale, message) => {
    massIssueApi({
      [`POST ${PREVIEW}`]: {
        status: 409,
        body: { code: 'fixture_not_on_sale', message: 'The fixture is not on sale', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale });

    await chooseLazio(user, locale === 'it' ? 'Partita in vendita' : 'Match on sale');
    await previewSheet(
      user,
      locale === 'it' ? undefined : { choose: 'Choose the Excel file', preview: 'Preview' },
    );

    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

const mapSeats: SeatView[] = [
  { id: 101, row: '1', number: 1, label: 'TC-A-1-1', state: 'free' },
  { id: 102, row: '1', number: 2, label: 'TC-A-1-2', state: 'free' },
  { id: 103, row: '1', number: 3, label: 'TC-A-1-3', state: 'free' },
  { id: 104, row: '2', number: 1, label: 'TC-A-2-1', state: 'sold' },
  { id: 105, row: '2', number: 2, label: 'TC-A-2-2', state: 'locked' },
  { id: 106, row: '2', number: 3, label: 'TC-A-2-3', state: 'held', held_until: '2026-12-01T10:30:00Z' },
];
// Another fixture on sale, whose seats are read at their own address.
const milan: Fixture = { ...lazio, id: 9, title: 'Como - Milan', starts_at: '2026-12-20T19:45:00Z' };

function mapApi(extra: Routes = {}) {
  return massIssueApi({
    '/api/admin/fixtures': listRoute('fixtures', [lazio, inter, milan]),
    '/api/admin/blocks': listRoute('blocks', [blockA]),
    '/api/admin/fixtures/7/blocks/3/seats': { body: mapSeats },
    '/api/admin/fixtures/9/blocks/3/seats': { body: mapSeats },
    ...extra,
  });
}

/** Lazio, typed lines, the map opened on block A. */
async function openMap(user: User) {
  await chooseLazio(user);
  await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));
  const open = screen.getByRole('button', { name: 'Scegli i posti sulla mappa' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  expect(screen.getByRole('button', { name: 'Chiudi la mappa' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('region', { name: 'Posti dalla mappa' })).toBeInTheDocument();
  await chooseBlockA(user);
  await screen.findByTestId('map-seat-101');
}

const labelOf = (number: number) => screen.getByRole('textbox', { name: `Posto, riga ${number}` });
const lineCount = () => screen.getAllByTestId(/^manual-line-/).length;

describe('seats picked on the map in the manual mode', () => {
  it('offers the map once a fixture is chosen, and turns each free seat picked into a line with its label', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Inserimento manuale' }));
    // No fixture, no seats to show.
    expect(screen.queryByRole('button', { name: 'Scegli i posti sulla mappa' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Foglio Excel' }));

    await openMap(user);
    const first = screen.getByTestId('map-seat-101');
    expect(first).toHaveAccessibleName('TC-A-1-1, Libero');
    await user.click(first);
    // The page's blank first line takes the seat.
    expect(lineCount()).toBe(1);
    expect(labelOf(1)).toHaveValue('TC-A-1-1');
    expect(first).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByTestId('map-seat-103'));
    expect(lineCount()).toBe(2);
    expect(labelOf(2)).toHaveValue('TC-A-1-3');
  });

  it('cannot pick a seat that is sold, locked or held: it is shown, not added', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await openMap(user);

    for (const id of [104, 105, 106]) {
      const seat = screen.getByTestId(`map-seat-${id}`);
      expect(seat).toHaveAttribute('aria-disabled', 'true');
      await user.click(seat);
      expect(seat).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByTestId('map-seat-104')).toHaveAccessibleName('TC-A-2-1, Venduto');
    expect(screen.getByTestId('map-seat-105')).toHaveAccessibleName('TC-A-2-2, Bloccato');
    expect(lineCount()).toBe(1);
    expect(labelOf(1)).toHaveValue('');
    expect(screen.getByTestId('map-seat-101')).not.toHaveAttribute('aria-disabled');
  });

  it('drops the line of a seat unpicked while nothing is typed on it, and keeps it, saying so, once it has a holder', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await openMap(user);

    await user.click(screen.getByTestId('map-seat-101'));
    await user.click(screen.getByTestId('map-seat-102'));
    await user.click(screen.getByTestId('map-seat-103'));
    expect(lineCount()).toBe(3);

    await user.click(screen.getByTestId('map-seat-102'));
    expect(lineCount()).toBe(2);
    expect(labelOf(1)).toHaveValue('TC-A-1-1');
    expect(labelOf(2)).toHaveValue('TC-A-1-3');
    expect(screen.getByTestId('map-seat-102')).toHaveAttribute('aria-pressed', 'false');

    await user.type(screen.getByRole('textbox', { name: 'Nome, riga 2' }), 'Ugo');
    await user.click(screen.getByTestId('map-seat-103'));
    expect(lineCount()).toBe(2);
    expect(labelOf(2)).toHaveValue('TC-A-1-3');
    expect(screen.getByTestId('map-seat-103')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('map-notice')).toHaveTextContent(
      'Il posto TC-A-1-3 resta alla riga 2: ha già dei dati inseriti. Togli la riga dalla tabella se non serve più.',
    );

    // The last seat dropped: the table keeps one blank line.
    await user.click(screen.getByTestId('map-seat-101'));
    expect(lineCount()).toBe(1);
    expect(labelOf(1)).toHaveValue('TC-A-1-3');
  });

  it('draws picked the seats already typed on a line', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await chooseLazio(user);
    await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));
    await user.type(labelOf(1), ' tc-a-1-2');
    await user.click(screen.getByRole('button', { name: 'Scegli i posti sulla mappa' }));
    await chooseBlockA(user);

    expect(await screen.findByTestId('map-seat-102')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('map-seat-101')).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends the picked seats in the preview, with the holders typed on their lines', async () => {
    const fetchMock = mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await openMap(user);

    await user.click(screen.getByTestId('map-seat-103'));
    await user.click(screen.getByTestId('map-seat-101'));
    await user.type(screen.getByRole('textbox', { name: 'Nome, riga 1' }), 'Ugo');
    await user.type(screen.getByRole('textbox', { name: 'Cognome, riga 1' }), 'Rossi');
    await user.type(screen.getByRole('textbox', { name: 'E-mail, riga 2' }), 'luca@example.it');
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));

    await screen.findByRole('heading', { name: 'Anteprima per Como - Lazio' });
    const sent = bodyOf(postsTo(fetchMock, PREVIEW)[0]) as { fixture_id: number; lines: SheetLine[] };
    expect(sent.fixture_id).toBe(7);
    expect(sent.lines.map((line) => [line.label, line.first_name, line.last_name, line.email])).toEqual([
      ['TC-A-1-3', 'Ugo', 'Rossi', ''],
      ['TC-A-1-1', '', '', 'luca@example.it'],
    ]);
  });

  it('drops, for another fixture, the picked lines nothing was typed on, and keeps the others', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);
    await openMap(user);

    await user.click(screen.getByTestId('map-seat-101'));
    await user.click(screen.getByTestId('map-seat-102'));
    await user.type(screen.getByRole('textbox', { name: 'Nome, riga 2' }), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Aggiungi una riga' }));
    await user.type(labelOf(3), 'TC-A-1-3');

    await user.click(screen.getByRole('combobox', { name: 'Partita in vendita' }));
    await user.click(await screen.findByRole('option', { name: /Como - Milan/ }));

    expect(lineCount()).toBe(2);
    expect(labelOf(1)).toHaveValue('TC-A-1-2');
    expect(screen.getByRole('textbox', { name: 'Nome, riga 1' })).toHaveValue('Anna');
    expect(labelOf(2)).toHaveValue('TC-A-1-3');
    // The new fixture's map: the seats still on a line are drawn picked.
    await waitFor(() => expect(screen.getByTestId('map-seat-101')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('map-seat-102')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('map-seat-103')).toHaveAttribute('aria-pressed', 'true');
  });

  it('speaks English', async () => {
    mapApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });
    await chooseLazio(user, 'Match on sale');
    await user.click(screen.getByRole('button', { name: 'Typed lines' }));
    await user.click(screen.getByRole('button', { name: 'Pick seats on the map' }));

    expect(screen.getByRole('region', { name: 'Seats from the map' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close the map' })).toBeInTheDocument();
    await chooseBlockA(user, 'Block');
    expect(await screen.findByTestId('map-seat-104')).toHaveAccessibleName('TC-A-2-1, Sold');
  });
});

describe('the latest tasks under the form', () => {
  it("marks a season ticket's tasks, titles or collections, and filters by season ticket", async () => {
    const titles: MassIssueTask = {
      ...task,
      id: 's1',
      fixture_id: null,
      season_ticket_id: 3,
      collection: false,
      title: 'Abbonamento 2026-27',
      file_name: 'abbonati.xlsx',
    };
    const collections: MassIssueTask = { ...titles, id: 's2', collection: true, file_name: 'collezioni.xlsx' };
    const fetchMock = massIssueApi({ [MASS]: listRoute('mass-issues', [collections, titles, task]) });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const collectionRow = (await screen.findByText('collezioni.xlsx')).closest('tr') as HTMLElement;
    expect(within(collectionRow).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(collectionRow).getByText('Collezione').closest('[data-kind]')).toHaveAttribute(
      'title',
      'Posti di abbonamento come collezioni: a ogni titolare un biglietto per ogni partita.',
    );
    const titlesRow = screen.getByText('abbonati.xlsx').closest('tr') as HTMLElement;
    expect(within(titlesRow).getByText('Abbonamento')).toBeInTheDocument();
    // A match's task carries no mark.
    const matchRow = screen.getByText('sponsor.xlsx').closest('tr') as HTMLElement;
    expect(within(matchRow).getByText('Como - Lazio')).toBeInTheDocument();
    expect(matchRow.querySelector('[data-kind]')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^Partita o abbonamento/ })).toBeInTheDocument();

    // The list's own season ticket filter, beside the match's.
    await user.click(screen.getByRole('combobox', { name: 'Abbonamento' }));
    await user.click(await screen.findByRole('option', { name: 'Abbonamento 2026-27' }));
    await waitFor(() => {
      const last = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === MASS).at(-1);
      expect(JSON.parse(urlOf(last?.[0] ?? '').searchParams.get('filter') ?? '')).toEqual({ season_ticket_id: 3 });
    });
  });

  it('lists them newest first, each with its progress and state, and reads them again while one runs', async () => {
    const running: MassIssueTask = {
      ...task,
      id: 'b1',
      file_name: null,
      source: 'manual',
      total: 50,
      queued: 3,
      issuing: 3,
      finalized: 40,
      unfinalized: 4,
      progress: 88,
      state: 'running',
      finished_at: null,
    };
    const routes: Routes = {
      '/api/me': { body: STAFF_ME },
      '/api/admin/fixtures': listRoute('fixtures', [lazio]),
      '/api/admin/season-tickets': listRoute('season-tickets', [season]),
      [MASS]: listRoute('mass-issues', [running, task]),
    };
    const fetchMock = stubFetch(routes);
    renderAdminApp(PAGE);

    const row = (await screen.findByText('Righe inserite a mano')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('staff@lario.test')).toBeInTheDocument();
    expect(within(row).getByText('In corso')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Avanzamento' })).toHaveAttribute('aria-valuenow', '88');
    expect(within(row).getByText('88%')).toBeInTheDocument();
    expect(within(row).getByText('40 emesse')).toBeInTheDocument();
    expect(within(row).getByText('4 non emesse')).toBeInTheDocument();
    expect(within(row).getByText('50 in tutto')).toBeInTheDocument();
    const done = (await screen.findByText('sponsor.xlsx')).closest('tr') as HTMLElement;
    expect(within(done).getByText('Conclusa')).toBeInTheDocument();

    const lists = () => fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === MASS);
    const query = urlOf(lists()[0]?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['created_at', 'DESC']);

    // The running task finishes: the list, read again within a second or two, says so.
    routes[MASS] = listRoute('mass-issues', [{ ...running, queued: 0, issuing: 0, finalized: 46, progress: 100, state: 'done' }, task]);
    await waitFor(() => expect(within(row).getByText('Conclusa con righe non emesse')).toBeInTheDocument(), {
      timeout: 15_000,
    });
    const settled = lists().length;
    // Nothing runs any more: no more reads.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(lists().length).toBe(settled);
  });
});

describe("issuing a season ticket's seats", () => {
  const sara = holder('TC-TC3-12-5', 'Sara', 'Sportello', 'sara@example.it');
  const pietro = holder('TC-TC3-12-6', 'Pietro', 'Rinnovi', 'pietro@example.it');
  const gino = holder('TC-TC3-12-7', 'Gino', 'Pieni', 'gino@example.it');

  const seasonPreview: MassIssuePreview = {
    fixture_id: null,
    season_ticket_id: 3,
    collection: true,
    title: 'Abbonamento 2026-27',
    total: 3,
    valid: 1,
    invalid: 2,
    lines: [
      { row: 2, line: sara, seat_id: 201, sector_name: 'Tribuna Centrale', price_cents: 29000, valid: true, errors: [] },
      {
        row: 3,
        line: pietro,
        seat_id: 202,
        sector_name: 'Tribuna Centrale',
        price_cents: 29000,
        valid: false,
        errors: [
          { field: 'holder', code: 'holder_has_season_ticket' },
          { field: 'label', code: 'match_not_on_sale' },
        ],
      },
      {
        row: 4,
        line: gino,
        seat_id: 203,
        sector_name: 'Tribuna Centrale',
        price_cents: 29000,
        valid: false,
        errors: [
          { field: 'label', code: 'seat_taken' },
          { field: 'holder', code: 'holder_has_seat' },
          { field: 'label', code: 'season_not_on_sale' },
        ],
      },
    ],
  };
  const seasonTask: MassIssueTask = aMassIssueTask({
    id: TASK_ID,
    fixture_id: null,
    season_ticket_id: 3,
    collection: true,
    title: 'Abbonamento 2026-27',
    total: 1,
    finalized: 1,
  });

  function seasonApi(extra: Routes = {}) {
    return massIssueApi({
      [`${MASS}/${TASK_ID}`]: { body: seasonTask },
      [`POST ${PREVIEW}`]: { body: seasonPreview },
      [`POST ${MASS}`]: { status: 201, body: seasonTask },
      ...extra,
    });
  }

  async function chooseSeason(user: User, { target = 'Abbonamento', select = 'Abbonamento in vendita' } = {}) {
    await user.click(await screen.findByRole('button', { name: target }));
    await user.click(await screen.findByRole('combobox', { name: select }));
    await user.click(await screen.findByRole('option', { name: 'Abbonamento 2026-27' }));
  }

  it('lets staff choose a match or a season ticket on sale, the match first as before', async () => {
    const fetchMock = massIssueApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const what = await screen.findByRole('group', { name: 'Cosa emettere' });
    expect(within(what).getByRole('button', { name: 'Partita' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(what).getByRole('button', { name: 'Abbonamento' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: 'Partita in vendita' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    await user.click(within(what).getByRole('button', { name: 'Abbonamento' }));
    expect(screen.queryByRole('combobox', { name: 'Partita in vendita' })).not.toBeInTheDocument();
    expect(screen.getByText('Scegli prima un abbonamento.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeDisabled();
    // Season titles unless staff ask for collections.
    const collection = screen.getByRole('switch', { name: 'Emetti come collezione di biglietti (uno per partita)' });
    expect(collection).not.toBeChecked();
    expect(collection).toHaveAccessibleDescription(/Spento: ogni posto riceve un titolo di abbonamento/);

    // The season tickets on sale only.
    await user.click(screen.getByRole('combobox', { name: 'Abbonamento in vendita' }));
    expect(await screen.findByRole('option', { name: 'Abbonamento 2026-27' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Abbonamento Coppa' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Back to a match: its flow as before, nothing of the season ticket sent.
    await user.click(within(what).getByRole('button', { name: 'Partita' }));
    await chooseLazio(user);
    await previewSheet(user);
    await screen.findByRole('heading', { name: 'Anteprima per Como - Lazio' });
    expect(bodyOf(postsTo(fetchMock, PREVIEW)[0])).toEqual({
      fixture_id: 7,
      file_name: 'sponsor.xlsx',
      file_base64: btoa('PK sponsor sheet'),
    });
  });

  it("previews typed lines as collections, with the season's reductions, then issues them for the season ticket", async () => {
    const fetchMock = seasonApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseSeason(user);
    await user.click(screen.getByRole('switch', { name: 'Emetti come collezione di biglietti (uno per partita)' }));
    await user.click(screen.getByRole('button', { name: 'Inserimento manuale' }));
    // A season ticket's seats are typed: no map.
    expect(screen.queryByRole('button', { name: 'Scegli i posti sulla mappa' })).not.toBeInTheDocument();
    expect(screen.getByText(/Una riga per posto dell'abbonamento/)).toBeInTheDocument();
    // The reductions sold with the season ticket, not the default prices' (no Under 14 here).
    const reduction = screen.getByRole('combobox', { name: 'Riduzione, riga 1' });
    await waitFor(() => expect(within(reduction).getByRole('option', { name: 'Donna (DONNA)' })).toBeInTheDocument());
    expect(within(reduction).queryByRole('option', { name: 'Under 14 (U14)' })).not.toBeInTheDocument();

    const type = (name: string, text: string) => user.type(screen.getByRole('textbox', { name }), text);
    await type('Posto, riga 1', 'TC-TC3-12-5');
    await type('Nome, riga 1', 'Sara');
    await type('Cognome, riga 1', 'Sportello');
    await user.type(screen.getByLabelText('Data di nascita, riga 1'), '1990-04-01');
    await type('Luogo di nascita, riga 1', 'Como');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sesso, riga 1' }), 'M');
    await type('Numero del documento, riga 1', 'CA1234567');
    await type('E-mail, riga 1', 'sara@example.it');
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));

    expect(await screen.findByRole('heading', { name: 'Anteprima per Abbonamento 2026-27' })).toBeInTheDocument();
    expect(bodyOf(postsTo(fetchMock, PREVIEW)[0])).toEqual({ season_ticket_id: 3, collection: true, lines: [sara] });
    const shown = screen.getByRole('region', { name: 'Anteprima per Abbonamento 2026-27' });
    expect(within(shown).getByText('Collezione').closest('[data-kind]')).toHaveAttribute('data-kind', 'collection');
    // The season's own reasons, each for its column.
    const renewed = within(previewRow(3));
    expect(renewed.getByText('Titolare: questa persona ha già un abbonamento per questa stagione.')).toBeInTheDocument();
    expect(
      renewed.getByText(
        "Posto: una delle partite dell'abbonamento non è ancora in vendita libera: la collezione non si può emettere ora. Emetti titoli di abbonamento o riprova più tardi.",
      ),
    ).toBeInTheDocument();
    const full = within(previewRow(4));
    expect(full.getByText("Posto: il posto non è libero in tutte le partite dell'abbonamento.")).toBeInTheDocument();
    expect(full.getByText('Titolare: questa persona ha già un posto di questo abbonamento.')).toBeInTheDocument();
    expect(full.getByText(/^Posto: nel sistema di biglietteria la vendita libera di questo abbonamento non è ancora aperta/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Emetti 1 riga valida' }));
    await waitFor(() => expect(postsTo(fetchMock, MASS)).toHaveLength(1));
    expect(bodyOf(postsTo(fetchMock, MASS)[0])).toEqual({
      season_ticket_id: 3,
      collection: true,
      file_name: null,
      language: 'it',
      lines: [sara],
      rows: [2],
    });
    // The task's page, marked as a season ticket's collections.
    expect(await screen.findByRole('button', { name: 'Scarica i risultati' })).toBeInTheDocument();
    expect(screen.getAllByText('Collezione').length).toBeGreaterThan(0);
  });

  it('sends a sheet for season titles, and says the reasons in English', async () => {
    const titles: MassIssuePreview = { ...seasonPreview, collection: false };
    const fetchMock = seasonApi({ [`POST ${PREVIEW}`]: { body: titles } });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await chooseSeason(user, { target: 'Season ticket', select: 'Season ticket on sale' });
    expect(screen.getByRole('switch', { name: 'Issue as a collection of tickets (one per match)' })).not.toBeChecked();
    await previewSheet(user, { choose: 'Choose the Excel file', preview: 'Preview' });

    expect(await screen.findByRole('heading', { name: 'Preview for Abbonamento 2026-27' })).toBeInTheDocument();
    expect(bodyOf(postsTo(fetchMock, PREVIEW)[0])).toEqual({
      season_ticket_id: 3,
      collection: false,
      file_name: 'sponsor.xlsx',
      file_base64: btoa('PK sponsor sheet'),
    });
    const shown = screen.getByRole('region', { name: 'Preview for Abbonamento 2026-27' });
    expect(within(shown).getByText('Season ticket').closest('[data-kind]')).toHaveAttribute('data-kind', 'season');
    expect(
      within(previewRow(3)).getByText('Holder: this person already has a season ticket for this season.'),
    ).toBeInTheDocument();
    expect(
      within(previewRow(4)).getByText("Seat: the seat is not free at every one of the season ticket's matches."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue 1 valid line' }));
    await waitFor(() => expect(postsTo(fetchMock, MASS)).toHaveLength(1));
    expect(bodyOf(postsTo(fetchMock, MASS)[0])).toEqual({
      season_ticket_id: 3,
      collection: false,
      file_name: 'sponsor.xlsx',
      language: 'en',
      lines: [sara],
      rows: [2],
    });
  });

  it('forgets the preview when the collection is switched, so what is issued is what was checked', async () => {
    seasonApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseSeason(user);
    await previewSheet(user);
    expect(await screen.findByRole('button', { name: 'Emetti 1 riga valida' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Emetti come collezione di biglietti (uno per partita)' }));
    expect(screen.queryByRole('button', { name: 'Emetti 1 riga valida' })).not.toBeInTheDocument();
  });

  it.each([
    [404, 'season_ticket_not_found', 'Abbonamento non trovato.'],
    [409, 'season_not_on_sale', "L'abbonamento non è in vendita."],
    [422, 'validation_failed', 'Scegli una partita oppure un abbonamento, non entrambi.'],
  ])('says in our words why the season ticket was refused (%s %s)', async (status, code, message) => {
    seasonApi({
      [`POST ${PREVIEW}`]: {
        status,
        body: { code, message: 'Refused', errors: status === 422 ? { season_ticket_id: 'fixture_or_season' } : {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await chooseSeason(user);
    await previewSheet(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Anteprima per/ })).not.toBeInTheDocument();
  });
});
