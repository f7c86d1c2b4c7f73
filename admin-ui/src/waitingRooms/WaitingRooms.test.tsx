import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aFixture, aSeasonTicket, aWaitingRoom } from '../test/fixtures';
import { callsWith, expectColumns, jsonBody, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { WaitingRoomView } from './types';

const ROOMS = '/api/admin/waiting-rooms';
const ROOM = `${ROOMS}/5`;
const fixture = aFixture();
const season = aSeasonTicket({ status: 1, inventory_ready: true });

const open = aWaitingRoom();
const seasonRoom = aWaitingRoom({
  id: 6,
  fixture_id: null,
  season_ticket_id: 3,
  target_title: 'Abbonamento 2026-27',
  prequeue_opens_at: '2026-07-01T07:00:00Z',
  opens_at: '2026-07-01T08:00:00Z',
  admit_per_minute: 120,
  closed_at: '2026-07-03T08:00:00Z',
  state: 'closed',
  counts: { waiting: 0, admitted: 5200, shopping: 0, done: 5200, admitted_last_minute: 0, wait_at_back_seconds: 0 },
});

type Routes = Parameters<typeof stubFetch>[0];

function roomsApi(extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures/7': { body: fixture },
    '/api/admin/fixtures': listRoute('fixtures', [fixture]),
    '/api/admin/season-tickets/3': { body: season },
    '/api/admin/season-tickets': listRoute('season-tickets', [season]),
    '/api/admin/phases': listRoute('phases', []),
    [ROOMS]: listRoute('waiting-rooms', [open, seasonRoom]),
    [ROOM]: { body: open },
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const roomReads = (fetchMock: ReturnType<typeof stubFetch>) => listReads(fetchMock, ROOM);

/** The date and time input named `label`, typed as a browser's picker fills it. */
function typeRomeTime(label: RegExp, local: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: local } });
}

/** The number input named `label`, emptied and typed into. */
async function typeNumber(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const input = screen.getByRole('spinbutton', { name: label });
  await user.clear(input);
  await user.type(input, value);
}

describe('the waiting rooms list', () => {
  it('shows each room with its on-sale, state, Como opening, rate and live counts, reading them again while one is open', async () => {
    const { routes, fetchMock } = roomsApi();
    renderAdminApp('/queue');

    expect(await screen.findByRole('heading', { name: "Sale d'attesa", level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const row = await rowShowing('Como - Lazio');
    expectColumns(['Vendita', 'Stato', 'Apertura della vendita', 'Ingressi al minuto', 'In attesa', 'Stanno acquistando']);
    expect(within(row).getByRole('link', { name: 'Como - Lazio' })).toHaveAttribute('href', '/admin/fixtures/7/show');
    expect(within(row).getByText('Aperta').closest('[data-state]')).toHaveAttribute('data-state', 'open');
    // 09:00 UTC on 1 December is 10:00 in Como (winter time).
    expect(within(row).getByText('01/12/26, 10:00:00')).toBeInTheDocument();
    expect(within(row).getByTestId('waiting-room-rate')).toHaveTextContent('300/min');
    expect(within(row).getByTestId('waiting-room-waiting')).toHaveTextContent('14.400');
    expect(within(row).getByTestId('waiting-room-shopping')).toHaveTextContent('820');

    const closedRow = await rowShowing('Abbonamento 2026-27');
    expect(within(closedRow).getByRole('link', { name: 'Abbonamento 2026-27' })).toHaveAttribute('href', '/admin/season-tickets/3/show');
    expect(within(closedRow).getByText('Chiusa').closest('[data-state]')).toHaveAttribute('data-state', 'closed');
    expect(within(closedRow).getByTestId('waiting-room-waiting')).toHaveTextContent('0');
    expect(screen.getByRole('link', { name: "Nuova sala d'attesa" })).toHaveAttribute('href', '/admin/waiting-rooms/create');

    // A room is open: the list reads itself again, and shows the counts as they move.
    routes[ROOMS] = listRoute('waiting-rooms', [
      { ...open, counts: { ...open.counts, waiting: 13900, shopping: 990 } },
      seasonRoom,
    ]);
    await waitFor(() => expect(screen.getAllByTestId('waiting-room-waiting')[0]).toHaveTextContent('13.900'), { timeout: 15_000 });
    expect(screen.getAllByTestId('waiting-room-shopping')[0]).toHaveTextContent('990');
    expect(listReads(fetchMock, ROOMS).length).toBeGreaterThanOrEqual(2);
  });

  it('opens a room from its row, and from the menu, in English too', async () => {
    roomsApi();
    const user = userEvent.setup();
    renderAdminApp('/', { locale: 'en' });

    const menu = (await screen.findByRole('menuitem', { name: 'Sectors' }, { timeout: 15_000 })).closest('ul') as HTMLElement;
    await user.click(within(menu).getByRole('menuitem', { name: 'Waiting rooms' }));
    expect(await screen.findByRole('heading', { name: 'Waiting rooms', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expectColumns(['On-sale', 'State', 'Sale opens', 'Admissions per minute', 'Waiting', 'Shopping']);
    const row = await rowShowing('Como - Lazio');
    expect(within(row).getByText('Open')).toBeInTheDocument();

    await user.click(within(row).getByTestId('waiting-room-rate'));
    expect(await screen.findByText('about 48 minutes', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe("a waiting room's form", () => {
  it("creates a match's room from Italian times, sending the instants and the turn in seconds, then opens the room", async () => {
    const created = aWaitingRoom({ state: 'scheduled', shuffled_at: null, admitted: 0, placed: 0 });
    const { fetchMock } = roomsApi({ [`POST ${ROOMS}`]: { status: 201, body: created }, [ROOM]: { body: created } });
    const user = userEvent.setup();
    renderAdminApp('/waiting-rooms/create');

    expect(await screen.findByRole('radio', { name: 'Una partita' }, { timeout: 15_000 })).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: /^Partita/ }));
    await user.click(await screen.findByRole('option', { name: /^Como - Lazio/ }));
    typeRomeTime(/^Apertura della fila/, '2026-12-01T09:00');
    typeRomeTime(/^Apertura della vendita/, '2026-12-01T10:00');
    await typeNumber(user, /^Ingressi al minuto/, '300');
    await typeNumber(user, /^Acquisti contemporanei/, '1000');
    // Ten minutes by default; a quarter of an hour here.
    expect(screen.getByRole('spinbutton', { name: /^Durata del turno/ })).toHaveValue(10);
    await typeNumber(user, /^Durata del turno/, '15');
    // What each number means, in plain words.
    expect(screen.getByRole('spinbutton', { name: /^Ingressi al minuto/ })).toHaveAccessibleDescription(
      /Quanti tifosi della fila entrano ogni minuto/,
    );
    expect(screen.getByRole('spinbutton', { name: /^Acquisti contemporanei/ })).toHaveAccessibleDescription(
      /scegliere i posti nello stesso momento/,
    );
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText("Sala d'attesa attivata")).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(ROOMS);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // 09:00 and 10:00 in Como on 1 December are 08:00 and 09:00 UTC (winter time).
    expect(jsonBody(post)).toEqual({
      fixture_id: 7,
      prequeue_opens_at: '2026-12-01T08:00:00.000Z',
      opens_at: '2026-12-01T09:00:00.000Z',
      admit_per_minute: 300,
      max_shopping: 1000,
      admission_seconds: 900,
    });
    expect(await screen.findByTestId('waiting-room-counter-waiting')).toBeInTheDocument();
  });

  it("creates a season ticket's room from its page, the season ticket chosen, sending only its id", async () => {
    const created = aWaitingRoom({ ...seasonRoom, closed_at: null, state: 'scheduled' });
    const { fetchMock } = roomsApi({
      [ROOMS]: listRoute('waiting-rooms', []),
      [`POST ${ROOMS}`]: { status: 201, body: created },
      [`${ROOMS}/6`]: { body: created },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/waiting-room');

    const panel = await screen.findByTestId('waiting-room-panel', {}, { timeout: 15_000 });
    expect(within(panel).getByText(/non ha una sala d'attesa/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: "Attiva una sala d'attesa" }));

    expect(await screen.findByRole('radio', { name: 'Un abbonamento' }, { timeout: 15_000 })).toBeChecked();
    expect(await screen.findByRole('combobox', { name: /^Abbonamento/ })).toHaveTextContent('Abbonamento 2026-27');
    typeRomeTime(/^Apertura della fila/, '2026-07-01T09:00');
    typeRomeTime(/^Apertura della vendita/, '2026-07-01T10:00');
    await typeNumber(user, /^Ingressi al minuto/, '120');
    await typeNumber(user, /^Acquisti contemporanei/, '400');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText("Sala d'attesa attivata")).toBeInTheDocument();
    // Summer time: 09:00 in Como is 07:00 UTC.
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({
      season_ticket_id: 3,
      prequeue_opens_at: '2026-07-01T07:00:00.000Z',
      opens_at: '2026-07-01T08:00:00.000Z',
      admit_per_minute: 120,
      max_shopping: 400,
      admission_seconds: 600,
    });
  });

  it('refuses a line opening after the sale, and a turn over two hours, without asking the API', async () => {
    const { fetchMock } = roomsApi();
    const user = userEvent.setup();
    renderAdminApp(`/waiting-rooms/create?source=${encodeURIComponent('{"fixture_id":7}')}`);

    expect(await screen.findByRole('combobox', { name: /^Partita/ }, { timeout: 15_000 })).toHaveTextContent(/^Como - Lazio/);
    typeRomeTime(/^Apertura della fila/, '2026-12-01T11:00');
    typeRomeTime(/^Apertura della vendita/, '2026-12-01T10:00');
    await typeNumber(user, /^Ingressi al minuto/, '300');
    await typeNumber(user, /^Acquisti contemporanei/, '1000');
    await typeNumber(user, /^Durata del turno/, '121');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('La fila deve aprire prima della vendita, o insieme.')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /^Durata del turno/ })).toHaveAccessibleDescription('Da 1 a 120 minuti.');
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
  });

  it.each([
    ['it', 'Salva', /^Acquisti contemporanei/, 'Un numero intero da 1 a 1.000.000.'],
    ['en', 'Save', /^Shopping at once/, 'A whole number from 1 to 1,000,000.'],
  ] as const)("in %s, puts the API's refusal of a number (422) under its input, in our words", async (locale, save, label, message) => {
    roomsApi({
      [`POST ${ROOMS}`]: {
        status: 422,
        body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { max_shopping: 'between 1 and 1,000,000' } },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/waiting-rooms/create?source=${encodeURIComponent('{"fixture_id":7}')}`, { locale });

    await screen.findByRole('combobox', { name: locale === 'it' ? /^Partita/ : /^Match/ }, { timeout: 15_000 });
    typeRomeTime(locale === 'it' ? /^Apertura della fila/ : /^Line opens/, '2026-12-01T09:00');
    typeRomeTime(locale === 'it' ? /^Apertura della vendita/ : /^Sale opens/, '2026-12-01T10:00');
    await typeNumber(user, locale === 'it' ? /^Ingressi al minuto/ : /^Admissions per minute/, '300');
    await typeNumber(user, label, '2000');
    await user.click(screen.getByRole('button', { name: save }));

    await waitFor(() => expect(screen.getByRole('spinbutton', { name: label })).toHaveAccessibleDescription(message));
    expect(screen.queryByText('between 1 and 1,000,000')).not.toBeInTheDocument();
  });

  it('says the on-sale has a room already (409 room_exists)', async () => {
    roomsApi({
      [`POST ${ROOMS}`]: {
        status: 409,
        body: { code: 'room_exists', message: 'This on-sale has a waiting room already', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(`/waiting-rooms/create?source=${encodeURIComponent('{"fixture_id":7}')}`);

    await screen.findByRole('combobox', { name: /^Partita/ }, { timeout: 15_000 });
    typeRomeTime(/^Apertura della fila/, '2026-12-01T09:00');
    typeRomeTime(/^Apertura della vendita/, '2026-12-01T10:00');
    await typeNumber(user, /^Ingressi al minuto/, '300');
    await typeNumber(user, /^Acquisti contemporanei/, '1000');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(
      await screen.findByText("Questa vendita ha già una sala d'attesa: aprila dall'elenco delle sale."),
    ).toBeInTheDocument();
    expect(screen.queryByText('This on-sale has a waiting room already')).not.toBeInTheDocument();
  });

  it('changes the numbers of an opened room with PUT (the settings alone), its times shown but fixed', async () => {
    const { fetchMock } = roomsApi({ [`PUT ${ROOM}`]: { body: { ...open, admit_per_minute: 450 } } });
    const user = userEvent.setup();
    renderAdminApp('/waiting-rooms/5');

    expect(await screen.findByText(/La sala ha già aperto: gli orari non si cambiano più/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Apertura della vendita/)).toHaveValue('2026-12-01T10:00');
    expect(screen.getByLabelText(/^Apertura della vendita/)).toHaveAttribute('readonly');
    expect(screen.getByRole('spinbutton', { name: /^Durata del turno/ })).toHaveValue(10);
    await typeNumber(user, /^Ingressi al minuto/, '450');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText("Sala d'attesa salvata")).toBeInTheDocument();
    const [put] = callsWith(fetchMock, 'PUT');
    expect(urlOf(put?.[0] ?? '').pathname).toBe(ROOM);
    expect(jsonBody(put)).toEqual({
      prequeue_opens_at: '2026-12-01T08:00:00Z',
      opens_at: '2026-12-01T09:00:00Z',
      admit_per_minute: 450,
      max_shopping: 1000,
      admission_seconds: 600,
    });
  });
});

describe("a waiting room's page", () => {
  it('shows the live counters, the wait at the back in words and the line as a bar, read again every two seconds', async () => {
    const moved: WaitingRoomView = {
      ...open,
      admitted: 3900,
      counts: { ...open.counts, waiting: 14100, admitted: 3900, admitted_last_minute: 300, wait_at_back_seconds: 720 },
    };
    roomsApi({ [ROOM]: [{ body: open }, { body: moved }] });
    renderAdminApp('/waiting-rooms/5/show');

    const waiting = await screen.findByTestId('waiting-room-counter-waiting', {}, { timeout: 15_000 });
    expect(within(waiting).getByText('In attesa')).toBeInTheDocument();
    expect(screen.getByTestId('waiting-room-counter-waiting-value')).toHaveTextContent('14.400');
    expect(screen.getByTestId('waiting-room-counter-admitted-value')).toHaveTextContent('3600');
    expect(screen.getByTestId('waiting-room-counter-shopping-value')).toHaveTextContent('820');
    expect(screen.getByTestId('waiting-room-counter-shopping')).toHaveTextContent('al massimo 1000 insieme');
    expect(screen.getByTestId('waiting-room-counter-done-value')).toHaveTextContent('2650');
    expect(screen.getByTestId('waiting-room-counter-last-minute-value')).toHaveTextContent('287');
    expect(screen.getByTestId('waiting-room-counter-last-minute')).toHaveTextContent('su 300 al minuto impostati');
    expect(screen.getByTestId('waiting-room-counter-wait-value')).toHaveTextContent('circa 48 minuti');
    expect(screen.getByRole('progressbar', { name: 'Avanzamento della fila' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('3600 ammessi su 18.000 in fila')).toBeInTheDocument();
    expect(screen.getByText('Aperta').closest('[data-state]')).toHaveAttribute('data-state', 'open');
    expect(screen.getByRole('link', { name: 'Como - Lazio' })).toHaveAttribute('href', '/admin/fixtures/7/show');
    expect(screen.getByTestId('waiting-room-setting-admission')).toHaveTextContent('10 minuti');

    expect(await screen.findByText('circa 12 minuti', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('waiting-room-counter-waiting-value')).toHaveTextContent('14.100');
    expect(screen.getByRole('progressbar', { name: 'Avanzamento della fila' })).toHaveAttribute('aria-valuenow', '21');
  });

  it('pauses and resumes with their action calls, the page showing each answer', async () => {
    const paused: WaitingRoomView = { ...open, paused: true, state: 'paused' };
    const { routes, fetchMock } = roomsApi({
      [`POST ${ROOM}/pause`]: { body: paused },
      [`POST ${ROOM}/resume`]: { body: open },
    });
    const user = userEvent.setup();
    renderAdminApp('/waiting-rooms/5/show');

    await user.click(await screen.findByRole('button', { name: 'Metti in pausa' }, { timeout: 15_000 }));
    // The page's next reads find it paused too.
    routes[ROOM] = { body: paused };
    expect(await screen.findByText("Sala d'attesa in pausa")).toBeInTheDocument();
    expect(await screen.findByText('In pausa', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/nessuno viene ammesso finché non riprendi/)).toBeInTheDocument();
    const [pause] = callsWith(fetchMock, 'POST');
    expect(urlOf(pause?.[0] ?? '').pathname).toBe(`${ROOM}/pause`);
    expect(jsonBody(pause)).toEqual({});
    expect(new Headers(pause?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);

    await user.click(screen.getByRole('button', { name: 'Riprendi' }));
    routes[ROOM] = { body: open };
    expect(await screen.findByText("Sala d'attesa ripresa: gli ingressi ripartono")).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST').map(([input]) => urlOf(input).pathname)).toEqual([`${ROOM}/pause`, `${ROOM}/resume`]);
    expect(await screen.findByRole('button', { name: 'Metti in pausa' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('closes the room only after a confirmation that says holding needs no admission from then on; then stops reading it', async () => {
    const closed: WaitingRoomView = { ...open, closed_at: '2026-12-01T11:00:00Z', state: 'closed' };
    const { routes, fetchMock } = roomsApi({ [`POST ${ROOM}/close`]: { body: closed } });
    const user = userEvent.setup();
    renderAdminApp('/waiting-rooms/5/show');

    await user.click(await screen.findByRole('button', { name: 'Chiudi la sala' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Chiudere la sala d'attesa?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(/per riservare i posti di Como - Lazio non servirà più l'ingresso dalla sala/),
    ).toBeInTheDocument();
    // Cancelled first: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Chiudi la sala' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Chiudi' }));
    routes[ROOM] = { body: closed };

    expect(await screen.findByText("Sala d'attesa chiusa")).toBeInTheDocument();
    const [close, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(close?.[0] ?? '').pathname).toBe(`${ROOM}/close`);
    expect(jsonBody(close)).toEqual({});
    expect(await screen.findByText('Chiusa', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chiudi la sala' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Metti in pausa' })).not.toBeInTheDocument();
    const settled = roomReads(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(roomReads(fetchMock).length).toBe(settled);
  });

  it('says a room someone else closed first (409 room_closed), in English', async () => {
    roomsApi({
      [`POST ${ROOM}/pause`]: { status: 409, body: { code: 'room_closed', message: 'This waiting room is closed', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/waiting-rooms/5/show', { locale: 'en' });

    expect(await screen.findByText('about 48 minutes', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('waiting-room-counter-last-minute')).toHaveTextContent('of 300 a minute set');
    await user.click(screen.getByRole('button', { name: 'Pause' }));

    expect(await screen.findByText('The waiting room is closed: it can no longer change.')).toBeInTheDocument();
  });
});

describe("a match's waiting room tab", () => {
  it("shows the match's room at a glance with a link to it", async () => {
    roomsApi();
    renderAdminApp('/fixtures/7/show/waiting-room');

    const panel = await screen.findByTestId('waiting-room-panel', {}, { timeout: 15_000 });
    expect(screen.getByRole('tab', { name: "Sala d'attesa" })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByText('Aperta')).toBeInTheDocument();
    expect(within(panel).getByTestId('waiting-room-waiting')).toHaveTextContent('14.400');
    expect(within(panel).getByText('circa 48 minuti')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: "Apri la sala d'attesa" })).toHaveAttribute('href', '/admin/waiting-rooms/5/show');
  });

  it('offers to enable one, with the match chosen, when it has none', async () => {
    roomsApi({ [ROOMS]: listRoute('waiting-rooms', [seasonRoom]) });
    renderAdminApp('/fixtures/7/show/waiting-room', { locale: 'en' });

    const panel = await screen.findByTestId('waiting-room-panel', {}, { timeout: 15_000 });
    expect(within(panel).getByText(/has no waiting room/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Enable a waiting room' })).toHaveAttribute(
      'href',
      `/admin/waiting-rooms/create?source=${encodeURIComponent('{"fixture_id":7}')}`,
    );
  });
});
