import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aBlockSeats, aFan } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fakeEventSource';
import { LocationProbe, ROOM_ID, aRoom, aStanding, anAdmission, keepAdmission } from '../../test/queue';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import { aPhaseTimeline, aSeasonDetail, aSeasonHold } from '../../test/seasons';
import type { WaitingRoomInfo } from '../../../../api-types';

const HOLD = 'POST /api/season-tickets/10000/hold';
const RENEWAL = 'POST /api/season-tickets/10000/renewal';
const JOIN = `POST /api/waiting-rooms/${ROOM_ID}/join`;

/** Season ticket 10000 with the waiting room `room`; the fan signed in. */
function open(route: string, room: WaitingRoomInfo | null, routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    'GET /api/season-tickets/10000/waiting-room': { body: { room } },
    'GET /api/season-tickets/10000/blocks/3': { body: { seats: aBlockSeats().seats } },
    'GET /api/season-tickets/10000/hold': { body: aSeasonHold() },
    [HOLD]: ({ body }) => ({ body: aSeasonHold((body as { seat_ids: number[] }).seat_ids) }),
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

async function holdSeat(user: UserEvent) {
  await user.click(await screen.findByTestId('seat-111'));
  await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));
}

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../queue/QueuePage'),
    import('../season-checkout/SeasonCheckoutPage'),
    i18n.loadNamespaces(['queue', SEASON_ORDER_NS]),
  ]);
});

describe("a season ticket's on-sale guarded by a waiting room", () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('sends a fan without an admission to the queue', async () => {
    open('/selectedseasonticket/10000?block=3', aRoom());

    expect(await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/queue/season/10000?from=${encodeURIComponent('/selectedseasonticket/10000?block=3')}`,
    );
  });

  it('holds season seats with the kept admission in X-Admission', async () => {
    keepAdmission('season', 10000, anAdmission({ token: 'season-adm' }));
    const { api, user } = open('/selectedseasonticket/10000?block=3', aRoom());

    await holdSeat(user);

    await screen.findByTestId('hold-summary');
    expect(api.callsTo(HOLD)[0]?.headers.get('X-Admission')).toBe('season-adm');
  });

  it('holds without X-Admission when none is kept and no room guards', async () => {
    const { api, user } = open('/selectedseasonticket/10000?block=3', null);

    await holdSeat(user);

    await screen.findByTestId('hold-summary');
    expect(api.callsTo(HOLD)[0]?.headers.has('X-Admission')).toBe(false);
  });

  it('renews with the kept admission, and a renewal refused for want of one leads to the queue', async () => {
    keepAdmission('season', 10000, anAdmission({ token: 'renew-adm' }));
    const { api, user } = open('/selectedseasonticket/10000', aRoom(), {
      'GET /api/season-tickets/10000/phases': { body: aPhaseTimeline('renewal') },
      [RENEWAL]: { status: 403, body: { code: 'admission_required', message: 'Join the queue', errors: { room_id: ROOM_ID } } },
    });
    await screen.findByTestId('renewal-form');
    await user.type(screen.getByRole('textbox', { name: 'Sigillo fiscale o codice di rinnovo' }), 'A1B2C3D4E5F60718');
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Mario');
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Bianchi');
    await user.type(screen.getByLabelText(/^Data di nascita/), '1980-05-17');
    await user.type(screen.getByRole('textbox', { name: 'Provincia di nascita' }), 'CO');
    await user.type(screen.getByRole('textbox', { name: 'Luogo di nascita' }), 'Como');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sesso' }), 'M');

    await user.click(screen.getByRole('button', { name: "Rinnova l'abbonamento" }));

    await screen.findByRole('heading', { level: 1, name: "Sala d'attesa" });
    expect(api.callsTo(RENEWAL)[0]?.headers.get('X-Admission')).toBe('renew-adm');
    expect(screen.getByTestId('location')).toHaveTextContent('/queue/season/10000?from=');
    expect(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`)).toBeNull();
    await waitFor(() => expect(api.callsTo(JOIN)).toHaveLength(1));
  });

  it('goes back to the season ticket at the turn', async () => {
    open('/queue/season/10000', aRoom(), {
      [JOIN]: { body: aStanding({ turn: true, ahead: 0, admitted: 200, admission: anAdmission() }) },
      'GET /api/season-tickets/10000/phases': { body: aPhaseTimeline(null) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Abbonamento Serie A 2025-2026' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/selectedseasonticket\/10000$/);
  });
});
