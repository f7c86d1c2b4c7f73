import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aBlockSeats, aFan, aFixtureDetail, aHold } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fakeEventSource';
import { LocationProbe, ROOM_ID, aRoom, aStanding, anAdmission, keepAdmission } from '../../test/queue';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { WaitingRoomInfo } from '../../../../api-types';

const HOLD = 'POST /api/fixtures/7/hold';
const JOIN = `POST /api/waiting-rooms/${ROOM_ID}/join`;

/** Fixture 7 (Como - Lazio) with the waiting room `room`; the fan signed in. */
function open(route: string, room: WaitingRoomInfo | null, routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/fixtures/7': { body: aFixtureDetail() },
    'GET /api/fixtures/7/waiting-room': { body: { room } },
    'GET /api/fixtures/7/blocks/3': { body: aBlockSeats() },
    'GET /api/fixtures/7/hold': { body: aHold() },
    [HOLD]: ({ body }) => ({ body: aHold((body as { seat_ids: number[] }).seat_ids) }),
    [JOIN]: { body: aStanding() },
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

const location = () => screen.getByTestId('location');

/** Picks seat 111 of block 3 and holds it. */
async function holdSeat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('seat-111'));
  await user.click(screen.getByTestId('hold-button'));
}

beforeAll(async () => {
  await Promise.all([
    import('./SelectedFixturePage'),
    import('../selected-fixture-tickets/SelectedFixtureTicketsPage'),
    import('../queue/QueuePage'),
    i18n.loadNamespaces('queue'),
  ]);
});

describe("entering a match's on-sale guarded by a waiting room", () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it.each(['prequeue', 'open', 'paused'] as const)('sends a fan without an admission to the queue while the room is %s', async (state) => {
    const { api } = open('/selectedfixture/7?sector=TC', aRoom({ state }));

    expect(await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" })).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/queue/fixture/7?from=${encodeURIComponent('/selectedfixture/7?sector=TC')}`);
    // The stadium was never drawn.
    expect(screen.queryByTestId('sector-TC')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(JOIN)).toHaveLength(1));
  });

  it("sends a fan without an admission from a block's seat map to the queue, to come back to it", async () => {
    open('/selectedfixturetickets/7?block=3', aRoom());

    await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" });
    expect(location()).toHaveTextContent(`/queue/fixture/7?from=${encodeURIComponent('/selectedfixturetickets/7?block=3')}`);
  });

  it('lets a fan with an unexpired admission in, saying until when it lasts', async () => {
    keepAdmission('fixture', 7);
    open('/selectedfixture/7', aRoom());

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
    expect(await screen.findByTestId('room-admitted')).toHaveTextContent(/fino alle \d{1,2}:\d{2}/);
    expect(location()).toHaveTextContent(/^\/selectedfixture\/7$/);
  });

  it('sends a fan whose admission expired to the queue', async () => {
    keepAdmission('fixture', 7, anAdmission({ expires_at: new Date(Date.now() - 1000).toISOString() }));
    open('/selectedfixture/7', aRoom());

    await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" });
  });

  it.each([
    ['no room', null],
    ['a closed room', aRoom({ state: 'closed' })],
  ])('lets everyone in with %s', async (_name, room) => {
    const { api } = open('/selectedfixture/7', room);

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
    expect(screen.getByTestId('sector-TC')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/selectedfixture\/7$/);
    expect(api.callsTo('GET /api/fixtures/7/waiting-room')).toHaveLength(1);
    expect(api.callsTo(JOIN)).toHaveLength(0);
  });

  it('lets everyone in when the room cannot be read', async () => {
    open('/selectedfixture/7', null, { 'GET /api/fixtures/7/waiting-room': { status: 503, body: { code: 'service_unavailable', message: 'Down' } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
  });

  it('says when the line of a scheduled room opens, and lets the fan look meanwhile', async () => {
    open('/selectedfixture/7', aRoom({ state: 'scheduled', prequeue_opens_at: new Date(Date.now() + 3600_000).toISOString() }));

    expect(await screen.findByTestId('room-scheduled')).toHaveTextContent(
      /^Per questa vendita c'è una sala d'attesa: apre (alle \d{1,2}:\d{2}|il .+)\. A quell'ora torna su questa pagina per metterti in fila\.$/,
    );
    expect(screen.getByTestId('sector-TC')).toBeInTheDocument();
  });
});

describe('holding seats while a waiting room guards the on-sale', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('sends the kept admission in X-Admission', async () => {
    keepAdmission('fixture', 7, anAdmission({ token: 'adm-token-7' }));
    const { api, user } = open('/selectedfixturetickets/7?block=3', aRoom());

    await holdSeat(user);

    await screen.findByTestId('hold-summary');
    const [request] = api.callsTo(HOLD);
    expect(request?.headers.get('X-Admission')).toBe('adm-token-7');
    expect(request?.body).toEqual({ seat_ids: [111] });
  });

  it('sends no X-Admission once the admission expired, nor one for another on-sale', async () => {
    keepAdmission('fixture', 7, anAdmission({ expires_at: new Date(Date.now() - 1000).toISOString() }));
    keepAdmission('fixture', 8, anAdmission({ token: 'for-match-8' }), 6);
    const { api, user } = open('/selectedfixturetickets/7?block=3', null);

    await holdSeat(user);

    await screen.findByTestId('hold-summary');
    expect(api.callsTo(HOLD)[0]?.headers.has('X-Admission')).toBe(false);
  });

  it('turns a 403 admission_required into the queue, with no error shown and the refused admission forgotten', async () => {
    keepAdmission('fixture', 7, anAdmission({ token: 'lapsed' }));
    const { api, user } = open('/selectedfixturetickets/7?block=3', aRoom(), {
      [HOLD]: { status: 403, body: { code: 'admission_required', message: 'Join the queue', errors: { room_id: ROOM_ID } } },
    });

    await holdSeat(user);

    await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" });
    expect(api.callsTo(HOLD)[0]?.headers.get('X-Admission')).toBe('lapsed');
    expect(location()).toHaveTextContent(`/queue/fixture/7?from=${encodeURIComponent('/selectedfixturetickets/7?block=3')}`);
    expect(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`)).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(JOIN)).toHaveLength(1));
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    keepAdmission('fixture', 7);
    open('/selectedfixture/7', aRoom());

    expect(await screen.findByTestId('room-admitted')).toHaveTextContent(/^It's your turn: you can hold seats until \d{1,2}:\d{2}\s?[AP]M\.$/);
    const stadium = screen.getByRole('group', { name: /stadium/i });
    expect(within(stadium).getByTestId('sector-TC')).toBeInTheDocument();
  });
});
