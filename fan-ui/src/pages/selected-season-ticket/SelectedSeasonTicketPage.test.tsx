import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import type { SeatState } from '../../fixtures/types';
import i18n from '../../i18n';
import { aBlockSeats, aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import { aPhaseTimeline, aSeasonDetail, aSeasonHold, aSeasonOrder, SEASON_ORDER_ID } from '../../test/seasons';

interface Options {
  /** Seats of block 3 that are not free over the season. */
  states?: Record<number, SeatState>;
  /** Seats the fan already holds for the season. */
  held?: number[];
  signedIn?: boolean;
  /** Seats someone else takes (in some match) just before the fan's hold arrives. */
  takenFirst?: number[];
  routes?: Record<string, StubRoute>;
}

/**
 * The season API for season ticket 10000 as a small server: block 3's seats over the season, the
 * fan's season hold, all or nothing holds that replace the earlier one (409 naming the seats
 * gone), and the release.
 */
function stubSeasonApi({ states = {}, held = [], signedIn = true, takenFirst = [], routes = {} }: Options = {}) {
  const seatStates: Record<number, SeatState> = { ...states };
  let mine = [...held];
  return stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    'GET /api/season-tickets/10000/blocks/3': () => ({
      body: { seats: aBlockSeats({ ...seatStates, ...Object.fromEntries(mine.map((id) => [id, 'mine'])) }).seats },
    }),
    'GET /api/season-tickets/10000/hold': () => (signedIn ? { body: aSeasonHold(mine) } : SIGNED_OUT),
    'POST /api/season-tickets/10000/hold': ({ body }) => {
      for (const id of takenFirst) {
        seatStates[id] = 'held';
      }
      const asked = (body as { seat_ids: number[] }).seat_ids;
      const lost = asked.filter((id) => (seatStates[id] ?? 'free') !== 'free');
      if (lost.length > 0) {
        return { status: 409, body: { code: 'seats_unavailable', message: 'Seats gone', errors: { seat_ids: lost } } };
      }
      mine = [...asked];
      return { body: aSeasonHold(mine) };
    },
    'DELETE /api/season-tickets/10000/hold': () => {
      mine = [];
      return { status: 204 };
    },
    ...routes,
  });
}

function open(options: Options = {}, route = '/selectedseasonticket/10000?block=3') {
  const api = stubSeasonApi(options);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

const seat = (id: number) => screen.getByTestId(`seat-${id}`);

async function drawnSeatMap(): Promise<HTMLElement> {
  const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
  await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
  return map;
}

const PHASES = 'GET /api/season-tickets/10000/phases';

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../sign-in/SignInPage'),
    import('../season-checkout/SeasonCheckoutPage'),
    i18n.loadNamespaces('seasonOrder'),
  ]);
});

describe('/selectedseasonticket/{id}', () => {
  it('shows the season ticket, its matches on demand, and per sector the season prices and blocks', async () => {
    const { user } = open({}, '/selectedseasonticket/10000');

    expect(await screen.findByRole('heading', { level: 1, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
    expect(screen.getByText('2025-2026')).toBeInTheDocument();
    expect(screen.getByText('3 partite')).toBeInTheDocument();
    expect(screen.getByText('Al massimo 4 abbonamenti a persona.')).toBeInTheDocument();

    // The matches: folded away, opened with the button, each with its kick-off in Rome.
    const toggle = screen.getByRole('button', { name: 'Mostra le 3 partite' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: "Partite comprese nell'abbonamento" })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Nascondi le partite' })).toHaveAttribute('aria-expanded', 'true');
    const matches = screen.getByRole('list', { name: "Partite comprese nell'abbonamento" });
    expect(within(matches).getAllByRole('listitem')).toHaveLength(3);
    expect(within(matches).getByText(/27 dicembre 2026.*19:45/)).toHaveAttribute('datetime', '2026-12-27T18:45:00Z');
    expect(within(matches).getByText('Como - Hellas Verona')).toBeInTheDocument();

    // The stadium, each sector with its free seats over the season and full season price.
    expect(screen.getByRole('heading', { level: 2, name: 'Scegli il settore' })).toBeInTheDocument();
    const tc = screen.getByTestId('sector-TC');
    expect(tc).toHaveAccessibleName(/^Tribuna Centrale, da 864\s€, 290 posti liberi$/);
    await user.click(tc);

    const sector = await screen.findByRole('region', { name: 'Tribuna Centrale: scegli il blocco' });
    expect(within(sector).getByRole('heading', { level: 3, name: "Prezzi dell'abbonamento" })).toBeInTheDocument();
    expect(within(sector).getByText('Intero').nextElementSibling).toHaveTextContent('864,00 €');
    expect(within(sector).getByText('Ridotto Under 14').nextElementSibling).toHaveTextContent('345,60 €');
    expect(within(sector).getByText('Ridotto Donna').nextElementSibling).toHaveTextContent('691,20 €');
    const block = within(sector).getByRole('link', { name: /Blocco A/ });
    expect(block).toHaveAttribute('href', '/selectedseasonticket/10000?block=3');
    expect(block).toHaveTextContent('280 liberi su 300 per tutta la stagione · Ingresso: Varco 1');
  });

  it('draws the block over the season on the seat map: taken in any match is not free, the fan\'s own are "mine"', async () => {
    open({ states: { 113: 'sold', 114: 'held' }, held: [125] });

    const map = await drawnSeatMap();
    expect(within(map).getAllByRole('button')).toHaveLength(10);
    expect(seat(111)).toHaveAccessibleName('Fila 1, posto 1, libero');
    expect(seat(113)).toHaveAccessibleName('Fila 1, posto 3, venduto');
    expect(seat(114)).toHaveAttribute('data-state', 'held');
    await waitFor(() => expect(seat(125)).toHaveAccessibleName('Fila 2, posto 5, bloccato per te'));
    expect(screen.getByRole('heading', { level: 2, name: 'Tribuna Centrale, blocco A' })).toBeInTheDocument();
    expect(screen.getByText(/Abbonamento intero: 864,00\s€/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna ai settori' })).toHaveAttribute(
      'href',
      '/selectedseasonticket/10000?sector=TC',
    );
  });

  it('holds the picked seats for the season, with the countdown and the bar leading on to the purchase', async () => {
    const { api, user } = open();
    await drawnSeatMap();
    await user.click(seat(111));
    await user.click(seat(112));
    expect(within(screen.getByRole('region', { name: 'I posti scelti' })).getByText(/^Totale: 1728,00\s€$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    const summary = await screen.findByTestId('hold-summary');
    const [request] = api.callsTo('POST /api/season-tickets/10000/hold');
    expect(request?.body).toEqual({ seat_ids: [111, 112] });
    expect(request?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(within(summary).getByRole('heading', { name: 'I tuoi posti bloccati' })).toBeInTheDocument();
    expect(within(summary).getByText(/Tribuna Centrale, blocco A, fila 1, posto 1/)).toBeInTheDocument();
    expect(within(summary).getByText(/^Totale: 1728,00\s€$/)).toBeInTheDocument();
    expect(within(summary).getByTestId('hold-countdown')).toHaveTextContent(/Li teniamo per te ancora (30:00|29:5\d)/);
    expect(within(summary).getByRole('button', { name: 'Procedi' })).toBeEnabled();
    expect(await screen.findByText('Posti bloccati per 30 minuti in tutte le partite')).toBeInTheDocument();
    await waitFor(() => expect(seat(111)).toHaveAttribute('data-state', 'mine'));
    // The map is read again (no live stream covers a season).
    expect(api.callsTo('GET /api/season-tickets/10000/blocks/3')).toHaveLength(2);

    // The bar at the bottom: the count, the time left, and the way on.
    const bar = screen.getByRole('complementary', { name: 'Posti bloccati e prossimo passo' });
    expect(within(bar).getByTestId('hold-bar-count')).toHaveTextContent(/^2 posti bloccati · 1728,00\s€$/);
    expect(within(bar).getByRole('timer')).toHaveAccessibleName(/Li teniamo per te ancora/);
    expect(within(bar).getByRole('button', { name: 'Procedi' })).toBeEnabled();
  });

  it('goes on from the hold to the season order: "Procedi" makes it an order and opens its holder check', async () => {
    const order = aSeasonOrder();
    const { api, user } = open({
      held: [111, 112],
      routes: {
        'POST /api/season-tickets/10000/checkout': { status: 201, body: order },
        [`GET /api/season-orders/${SEASON_ORDER_ID}`]: { body: order },
      },
    });
    const bar = await screen.findByRole('complementary', { name: 'Posti bloccati e prossimo passo' });

    await user.click(within(bar).getByRole('button', { name: 'Procedi' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/season-tickets/10000/checkout')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
  });

  it('says the seats are no longer held when the hold is gone by the time the fan goes on', async () => {
    const { user } = open({
      held: [111],
      routes: {
        'POST /api/season-tickets/10000/checkout': { status: 409, body: { code: 'nothing_held', message: 'Nothing held', errors: {} } },
      },
    });
    await user.click(await screen.findByTestId('hold-bar-checkout'));
    expect(await screen.findByText('Il tempo è scaduto: i posti sono stati liberati.')).toBeInTheDocument();
  });

  it('sends the seats already held with the new ones (a new hold replaces the earlier one), up to the limit', async () => {
    const { api, user } = open({ held: [125] });
    await drawnSeatMap();
    await waitFor(() => expect(seat(125)).toHaveAttribute('data-state', 'mine'));
    expect(screen.getByText('Puoi scegliere ancora 3 posti.')).toBeInTheDocument();

    await user.click(seat(111));
    await user.click(seat(112));
    await user.click(seat(113));
    await user.click(seat(114));
    expect(seat(114)).toHaveAttribute('data-state', 'free');
    expect(screen.getByText('Puoi avere al massimo 4 abbonamenti.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));
    await waitFor(() => expect(api.callsTo('POST /api/season-tickets/10000/hold')).toHaveLength(1));
    expect(api.callsTo('POST /api/season-tickets/10000/hold')[0]?.body).toEqual({ seat_ids: [125, 111, 112, 113] });
    await waitFor(() => expect(screen.getByTestId('hold-bar-count')).toHaveTextContent(/^4 posti bloccati/));
  });

  it('names the seat lost to someone quicker, keeps the rest picked and shows the map as it is now', async () => {
    const { api, user } = open({ takenFirst: [112] });
    await drawnSeatMap();
    await user.click(seat(111));
    await user.click(seat(112));

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    expect(await screen.findByText('Questo posto non è più disponibile: Fila 1, posto 2.')).toBeInTheDocument();
    await waitFor(() => expect(seat(112)).toHaveAttribute('data-state', 'held'));
    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    expect(screen.queryByTestId('hold-summary')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));
    expect(await screen.findByTestId('hold-summary')).toBeInTheDocument();
    expect(api.callsTo('POST /api/season-tickets/10000/hold')[1]?.body).toEqual({ seat_ids: [111] });
  });

  it("says the season's limit and sale in the season's words", async () => {
    const answers = [
      { status: 409, body: { code: 'buyer_limit', message: 'Limit', errors: { limit: 4 } } },
      { status: 409, body: { code: 'fixture_not_on_sale', message: 'Not on sale' } },
    ];
    const { user } = open({ routes: { 'POST /api/season-tickets/10000/hold': () => answers.shift() ?? { status: 500 } } });
    await drawnSeatMap();
    await user.click(seat(111));

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));
    expect(
      await screen.findByText('Puoi avere al massimo 4 abbonamenti, contando i posti già bloccati o acquistati.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));
    expect(await screen.findByText('La vendita di questo abbonamento non è aperta.')).toBeInTheDocument();
  });

  it("releases the seats from the hold's card: the hold goes, the map is read again", async () => {
    const { api, user } = open({ held: [111, 112] });
    const summary = await screen.findByTestId('hold-summary');

    await user.click(within(summary).getByRole('button', { name: 'Rilascia i posti' }));

    await waitFor(() => expect(screen.queryByTestId('hold-summary')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/season-tickets/10000/hold')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/season-tickets/10000/hold')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(await screen.findByText('Posti rilasciati')).toBeInTheDocument();
    expect(screen.queryByTestId('hold-bar')).not.toBeInTheDocument();
    await waitFor(() => expect(seat(111)).toHaveAttribute('data-state', 'free'));
  });

  it('sends a signed-out fan to sign in, coming back with the seats picked', async () => {
    const { api, user } = open({ signedIn: false });
    await drawnSeatMap();
    await user.click(seat(111));

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Accedi/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/season-tickets/10000/hold')).toHaveLength(0);
    expect(api.callsTo('GET /api/season-tickets/10000/hold')).toHaveLength(0);
  });

  it('during a pre-emption phase, shows the seats but lets no one pick them, and the way to renew', async () => {
    const { api, user } = open({ routes: { [PHASES]: { body: aPhaseTimeline('renewal') } } });
    await drawnSeatMap();

    const banner = await screen.findByTestId('phase-banner');
    expect(within(banner).getByText('In corso: Rinnovo degli abbonamenti')).toBeInTheDocument();
    const restricted = await screen.findByTestId('phase-restricted');
    expect(restricted).toHaveTextContent(
      'Ora possono acquistare solo i tifosi con un diritto di prelazione: puoi guardare i posti, ma non ancora sceglierli.',
    );
    expect(within(restricted).getByRole('link', { name: 'Rinnova il tuo abbonamento' })).toHaveAttribute(
      'href',
      '/selectedseasonticket/10000',
    );
    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(screen.queryByRole('button', { name: 'Blocca i posti' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/season-tickets/10000/hold')).toHaveLength(0);
  });

  it('keeps the free sale open to everyone', async () => {
    const { user } = open({ routes: { [PHASES]: { body: aPhaseTimeline('free_sale') } } });
    await drawnSeatMap();
    expect(await screen.findByTestId('phase-banner')).toHaveAttribute('data-phase', 'free_sale');

    await user.click(seat(111));
    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    expect(screen.queryByTestId('phase-restricted')).not.toBeInTheDocument();
  });

  it('turns a hold refused during a pre-emption phase into the phase and the countdown to the next', async () => {
    // The page read the phases before the renewal phase opened; the refusal has them read again.
    let opened = false;
    const now = Date.now();
    const { user } = open({
      routes: {
        [PHASES]: () => ({ body: aPhaseTimeline(opened ? 'renewal' : null) }),
        'POST /api/season-tickets/10000/hold': () => {
          opened = true;
          return {
            status: 409,
            body: {
              code: 'preemption_phase',
              message: 'Only fans with a pre-emption right may buy now',
              errors: {
                phase: {
                  current: { kind: 'renewal', ends_at: new Date(now + 2 * 86_400_000).toISOString() },
                  next: { kind: 'free_sale', starts_at: new Date(now + 3 * 86_400_000 + 3_600_000).toISOString() },
                  now: new Date(now).toISOString(),
                },
              },
            },
          };
        },
      },
    });
    await drawnSeatMap();
    expect(await screen.findByTestId('phase-banner')).toHaveAttribute('data-phase', 'none');
    await user.click(seat(111));

    await user.click(screen.getByRole('button', { name: 'Blocca i posti' }));

    const refusal = await screen.findByTestId('phase-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(
      within(refusal).getByText(
        'Ora possono acquistare solo i tifosi con un diritto di prelazione: puoi guardare i posti, ma non ancora sceglierli.',
      ),
    ).toBeInTheDocument();
    expect(within(refusal).getByText('In corso: Rinnovo degli abbonamenti')).toBeInTheDocument();
    expect(within(refusal).getByText('Prossima fase: Vendita libera')).toBeInTheDocument();
    expect(within(refusal).getByTestId('phase-refusal-countdown')).toHaveTextContent(/^(3 giorni, 1 ora|3 giorni, 0 ore, 59 minuti)/);
    expect(screen.queryByText('Only fans with a pre-emption right may buy now')).not.toBeInTheDocument();
    // The phases are read again: the banner says it too, and the map is no longer for picking.
    await waitFor(() => expect(screen.getByTestId('phase-banner')).toHaveAttribute('data-phase', 'renewal'));
    expect(await screen.findByTestId('phase-restricted')).toBeInTheDocument();
  });

  it('says "not found" for a season ticket that is not on sale', async () => {
    stubApi({
      'GET /api/season-tickets/99': {
        status: 404,
        body: { code: 'season_ticket_not_found', message: 'No such season ticket on sale' },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/selectedseasonticket/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Abbonamento non trovato' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tutti gli abbonamenti' })).toHaveAttribute('href', '/fixtures/season');
  });

  it('says when a block is not sold with the season ticket', async () => {
    open({}, '/selectedseasonticket/10000?block=40');
    expect(
      await screen.findByText("Questo blocco non è in vendita con l'abbonamento: scegline un altro."),
    ).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = open({ held: [111] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
    expect(screen.getByText('3 matches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the 3 matches' })).toBeInTheDocument();
    const summary = await screen.findByTestId('hold-summary');
    expect(within(summary).getByRole('button', { name: 'Release the seats' })).toBeInTheDocument();
    expect(within(summary).getByRole('heading', { name: /held/i })).toBeInTheDocument();
    expect(screen.getByText(/Season ticket, full price: €864.00/)).toBeInTheDocument();
    const bar = screen.getByTestId('hold-bar');
    expect(within(bar).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the sectors' }));
    const sector = await screen.findByRole('region', { name: 'Main Stand (Tribuna Centrale): choose the block' });
    expect(within(sector).getByText('Full price').nextElementSibling).toHaveTextContent('€864.00');
    expect(within(sector).getByText('Reduced: Under 14').nextElementSibling).toHaveTextContent('€345.60');
  });
});
