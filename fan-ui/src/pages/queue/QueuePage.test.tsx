import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, aFixtureDetail } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fakeEventSource';
import { LocationProbe, ROOM_ID, aRoom, aStanding, anAdmission } from '../../test/queue';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import type { WaitingRoomInfo } from '../../../../api-types';

const JOIN = `POST /api/waiting-rooms/${ROOM_ID}/join`;
const ME = `GET /api/waiting-rooms/${ROOM_ID}/me`;

interface Options {
  room?: WaitingRoomInfo | null;
  join?: StubRoute;
  signedIn?: boolean;
  routes?: Record<string, StubRoute>;
}

/** Como - Lazio (fixture 7) with its waiting room 5, the fan joining it. */
function openQueue({ room = aRoom(), join = { body: aStanding() }, signedIn = true, routes = {} }: Options = {}, route = '/queue/fixture/7') {
  const api = stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/fixtures/7': { body: aFixtureDetail() },
    'GET /api/fixtures/7/waiting-room': { body: { room } },
    [JOIN]: join,
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route },
  );
  return { api, user };
}

const queueState = () => screen.findByTestId('queue-state');

/** The room's stream, once the page has opened it. */
async function stream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances).not.toHaveLength(0));
  return FakeEventSource.latest();
}

// The routes load pages lazily; loaded once here, no test spends its waiting time compiling one.
beforeAll(async () => {
  await Promise.all([
    import('./QueuePage'),
    import('../selected-fixture/SelectedFixturePage'),
    import('../selected-fixture-tickets/SelectedFixtureTicketsPage'),
    i18n.loadNamespaces('queue'),
  ]);
});

describe('/queue/{type}/{id}', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('joins the room and shows the pre-queue, its fairness explained, counting down to the opening', async () => {
    // Ten minutes ahead may be tomorrow (a run just before midnight): "alle 0:05" or "il ...".
    const opensAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const { api } = openQueue({
      room: aRoom({ state: 'prequeue', opens_at: opensAt }),
      join: { body: aStanding({ state: 'prequeue', position: null, ahead: null, placed: 0, admitted: 0, estimated_wait_seconds: null, opens_at: opensAt }) },
    });

    const card = await queueState();
    expect(card).toHaveAttribute('data-state', 'prequeue');
    expect(api.callsTo(JOIN)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: "Sala d'attesa" })).toBeInTheDocument();
    expect(await screen.findByTestId('queue-on-sale')).toHaveTextContent('Como - Lazio');
    expect(within(card).getByRole('heading', { level: 2, name: 'Sei nella pre-coda' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      /Tutti quelli in pre-coda ricevono un posto in fila a caso (alle \d{1,2}:\d{2}|il .+?): arrivare prima non dà alcun vantaggio, e ricaricare la pagina o aprire altre schede non cambia nulla\./,
    );
    const countdown = within(card).getByRole('timer');
    expect(countdown).toHaveAttribute('data-testid', 'queue-prequeue-countdown');
    expect(countdown.textContent).toMatch(/^(10:00|9:5\d)$/);
    const first = Number(countdown.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(590);
    // It ticks.
    await waitFor(() => expect(Number(countdown.getAttribute('data-seconds'))).toBeLessThan(first), { timeout: 15_000 });
    // Live from the room's stream, the fan's own.
    expect((await stream()).url).toBe(`/api/waiting-rooms/${ROOM_ID}/events`);
    expect(screen.queryByTestId('queue-position')).not.toBeInTheDocument();
  });

  it('follows the standing events: place, people ahead, estimated wait and progress, told politely', async () => {
    openQueue();

    const card = await queueState();
    expect(card).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByTestId('queue-position')).toHaveTextContent('120');
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('100 persone');
    expect(screen.getByTestId('queue-estimate')).toHaveTextContent('circa 5 minuti');
    const bar = screen.getByRole('progressbar', { name: 'Il tuo avanzamento in fila' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() =>
      expect(screen.getByTestId('queue-live-polite')).toHaveTextContent(
        'Sei in fila al posto 120. Davanti a te: 100 persone. Attesa stimata: circa 5 minuti.',
      ),
    );

    (await stream()).send('standing', aStanding({ ahead: 40, admitted: 79, placed: 900, estimated_wait_seconds: 123 }));

    expect(screen.getByTestId('queue-position')).toHaveTextContent('120');
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('40 persone');
    expect(screen.getByTestId('queue-ahead')).toHaveAttribute('data-value', '40');
    expect(screen.getByTestId('queue-estimate')).toHaveTextContent('circa 2 minuti');
    // 60 of the 100 who were ahead have gone in (however many joined behind meanwhile).
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(bar).toHaveAttribute('aria-valuetext', 'È già entrato il 60% di chi era davanti a te');

    FakeEventSource.latest().send('standing', aStanding({ ahead: 0, admitted: 119, estimated_wait_seconds: 30 }));
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('Nessuno: sei il prossimo');
    expect(screen.getByTestId('queue-estimate')).toHaveTextContent('meno di un minuto');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    // Within 30 s of the last announcement: not read out again.
    expect(screen.getByTestId('queue-live-polite')).toHaveTextContent('Sei in fila al posto 120.');
    expect(screen.getByTestId('queue-live-assertive')).toBeEmptyDOMElement();
  });

  it('at the turn keeps the admission, says so assertively and goes straight to the seat map', async () => {
    const admission = anAdmission();
    openQueue({
      routes: {
        'GET /api/fixtures/7/hold': { body: { seats: [], standing: [], expires_at: null } },
      },
    });
    await queueState();

    (await stream()).send('standing', aStanding({ ahead: 0, admitted: 120, turn: true, estimated_wait_seconds: null, admission }));

    expect(screen.getByTestId('queue-state')).toHaveAttribute('data-state', 'turn');
    expect(screen.getByTestId('queue-live-assertive')).toHaveTextContent('È il tuo turno! Ti portiamo alla scelta dei posti.');
    expect(JSON.parse(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`) ?? 'null')).toEqual({
      token: admission.token,
      expires_at: admission.expires_at,
      type: 'fixture',
      id: 7,
    });
    // The seat map (without a block: the stadium), let in: the room still guards, the admission is kept.
    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/selectedfixture\/7$/);
    expect(await screen.findByTestId('room-admitted')).toHaveTextContent(/^È il tuo turno: puoi bloccare i posti fino alle \d{1,2}:\d{2}\.$/);
  });

  it('at the turn goes back to the block the fan was sent from', async () => {
    const from = '/selectedfixturetickets/7?block=3&seats=111';
    openQueue({ join: { body: aStanding({ turn: true, ahead: 0, admitted: 130, admission: anAdmission() }) } }, `/queue/fixture/7?from=${encodeURIComponent(from)}`);

    expect(await queueState()).toHaveAttribute('data-state', 'turn');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(from), { timeout: 15_000 });
  });

  it('never goes to another page than the on-sale’s from `from`', async () => {
    openQueue({ join: { body: aStanding({ turn: true, ahead: 0, admitted: 130, admission: anAdmission() }) } }, `/queue/fixture/7?from=${encodeURIComponent('/selectedfixture/8')}`);

    await queueState();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/selectedfixture\/7$/), { timeout: 15_000 });
  });

  it('says calmly that entry is paused and the place kept', async () => {
    openQueue();
    await queueState();

    (await stream()).send('standing', aStanding({ state: 'paused' }));

    expect(screen.getByTestId('queue-state')).toHaveAttribute('data-state', 'paused');
    const paused = screen.getByTestId('queue-paused');
    expect(paused).toHaveTextContent('Ingresso in pausa');
    expect(paused).toHaveTextContent('Il tuo posto in fila resta tuo');
    expect(paused).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('queue-position')).toHaveTextContent('120');
    expect(screen.getByTestId('queue-live-polite')).toHaveTextContent('Ingresso in pausa: il tuo posto in fila resta tuo.');
  });

  it('goes to the seat map without an admission once the room closes', async () => {
    openQueue();
    await queueState();

    (await stream()).send('standing', aStanding({ state: 'closed' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/selectedfixture\/7$/));
    expect(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`)).toBeNull();
  });

  it('goes to the seat map when the on-sale has no room', async () => {
    const { api } = openQueue({ room: null });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/selectedfixture\/7$/));
    expect(api.callsTo(JOIN)).toHaveLength(0);
  });

  it('reads the standing from /me after the stream breaks', async () => {
    const { api } = openQueue({ routes: { [ME]: { body: aStanding({ ahead: 10, admitted: 109, estimated_wait_seconds: 45 }) } } });
    await queueState();

    (await stream()).fail();

    await waitFor(() => expect(screen.getByTestId('queue-ahead')).toHaveTextContent('10 persone'));
    expect(api.callsTo(ME)).toHaveLength(1);
    expect(screen.getByTestId('queue-interrupted')).toHaveTextContent('Connessione interrotta');
  });

  it('joins again, keeping the place, when /me says the fan is no longer in line', async () => {
    const { api } = openQueue({
      routes: { [ME]: { status: 404, body: { code: 'not_in_room', message: 'Not in room' } } },
    });
    await queueState();

    (await stream()).fail(true);

    await waitFor(() => expect(api.callsTo(JOIN)).toHaveLength(2));
  });

  it('asks a visitor to sign in and come back, and joins nothing', async () => {
    const { api } = openQueue({ signedIn: false });

    const prompt = await screen.findByTestId('sign-in-prompt');
    expect(prompt).toHaveTextContent('Accedi per metterti in fila');
    expect(within(prompt).getByRole('link', { name: 'Accedi per continuare' })).toHaveAttribute(
      'href',
      `/accedi?return_to=${encodeURIComponent('/queue/fixture/7')}`,
    );
    expect(api.callsTo(JOIN)).toHaveLength(0);
  });

  it('counts down to the pre-queue of a room not open yet', async () => {
    const { api } = openQueue({ room: aRoom({ state: 'scheduled', prequeue_opens_at: new Date(Date.now() + 3 * 3600_000).toISOString() }) });

    const card = await queueState();
    expect(card).toHaveAttribute('data-state', 'scheduled');
    expect(within(card).getByRole('timer')).toHaveTextContent(/^(3:00:00|2:59:5\d)$/);
    expect(api.callsTo(JOIN)).toHaveLength(0);
  });

  it('tries again by itself when joining is rate limited', async () => {
    const answers: { status?: number; body: unknown }[] = [
      { status: 429, body: { code: 'rate_limited', message: 'Slow down' } },
      { body: aStanding() },
    ];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      openQueue({ join: () => answers.shift() ?? { body: aStanding() } });
      expect(await screen.findByTestId('queue-rate-limited')).toHaveTextContent('Troppe richieste');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByTestId('queue-position')).toHaveTextContent('120');
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    openQueue({
      join: { body: aStanding({ state: 'prequeue', position: null, ahead: null, estimated_wait_seconds: null, opens_at: new Date(Date.now() + 60_000).toISOString() }) },
    });

    const card = await queueState();
    expect(screen.getByRole('heading', { level: 1, name: 'Waiting room' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2, name: 'You are in the pre-queue' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      /Everyone in the pre-queue gets a random place in line at \d{1,2}:\d{2}\s?[AP]M: arriving early gives no advantage, and refreshing or opening more tabs changes nothing\./,
    );
    expect(card).toHaveTextContent(/Places given in (1:00|0:5\d)/);

    (await stream()).send('standing', aStanding({ ahead: 1, estimated_wait_seconds: 4000 }));
    expect(screen.getByTestId('queue-state')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('1 person');
    expect(screen.getByTestId('queue-estimate')).toHaveTextContent('about 1 h 5 min');
    expect(screen.getByRole('progressbar', { name: 'Your progress in line' })).toBeInTheDocument();
    expect(screen.getByTestId('queue-live-polite')).toHaveTextContent('You are in line at place 120. Ahead of you: 1 person.');
  });
});
