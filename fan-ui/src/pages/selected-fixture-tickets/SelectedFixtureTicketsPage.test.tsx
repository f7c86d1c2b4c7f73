import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import type { SeatState } from '../../fixtures/types';
import i18n from '../../i18n';
import { aBlock, aBlockSeats, aFan, aFixtureDetail, aHold, anOrder, ORDER_ID } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fakeEventSource';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import type { FixtureDetail, HoldView } from '../../../../api-types';

interface Options {
  fixture?: FixtureDetail;
  /** Seats of block 3 that are not free, as the API sees them (the fan's own go in `held`). */
  states?: Record<number, SeatState>;
  /** Seats of block 3 the fan already holds. */
  held?: number[];
  signedIn?: boolean;
  /** Seats someone else takes just before the fan's hold arrives. */
  takenFirst?: number[];
  routes?: Record<string, StubRoute>;
}

/**
 * The on-sale API for fixture 7 as a small server: block 3's seats, the fan's hold, all or
 * nothing holds that answer 409 naming the seats already gone, and the cancel.
 */
function stubOnSaleApi({ fixture = aFixtureDetail(), states = {}, held = [], signedIn = true, takenFirst = [], routes = {} }: Options = {}) {
  const seatStates: Record<number, SeatState> = { ...states };
  let mine = [...held];
  const hold = (): HoldView => aHold(mine);
  return stubApi({
    'GET /api/me': signedIn ? { body: aFan() } : SIGNED_OUT,
    'GET /api/fixtures/7': { body: fixture },
    'GET /api/fixtures/7/blocks/3': () => ({
      body: aBlockSeats({ ...seatStates, ...Object.fromEntries(mine.map((id) => [id, 'mine'])) }),
    }),
    'GET /api/fixtures/7/hold': () => (signedIn ? { body: hold() } : SIGNED_OUT),
    'POST /api/fixtures/7/hold': ({ body }) => {
      for (const id of takenFirst) {
        seatStates[id] = 'held';
      }
      const asked = (body as { seat_ids: number[] }).seat_ids;
      const lost = asked.filter((id) => (seatStates[id] ?? 'free') !== 'free');
      if (lost.length > 0) {
        return { status: 409, body: { code: 'seats_unavailable', message: 'Seats gone', errors: { seat_ids: lost } } };
      }
      mine = [...mine, ...asked];
      return { body: hold() };
    },
    'DELETE /api/fixtures/7/hold': () => {
      mine = [];
      return { status: 204 };
    },
    ...routes,
  });
}

function openBlock(options: Options = {}, route = '/selectedfixturetickets/7?block=3') {
  const api = stubOnSaleApi(options);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

const seat = (id: number) => screen.getByTestId(`seat-${id}`);

/** The block's map once its seats are drawn (they come just after its frame, in a transition). */
async function drawnSeatMap(name = 'Posti del blocco A'): Promise<HTMLElement> {
  const map = await screen.findByRole('group', { name });
  await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
  return map;
}

// The routes load pages lazily (this one and those it sends the fan to): loaded once here, no
// test spends its waiting time compiling one.
beforeAll(async () => {
  await Promise.all([
    import('./SelectedFixtureTicketsPage'),
    import('../selected-fixture/SelectedFixturePage'),
    import('../sign-in/SignInPage'),
    import('../checkout/CheckoutPage'),
  ]);
});

describe('/selectedfixturetickets/{id}?block={block_id}', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it("draws the block's seats, each a button named by row, number and state", async () => {
    openBlock({ states: { 113: 'sold', 114: 'held', 115: 'locked' }, held: [125] });

    const map = await drawnSeatMap();
    expect(within(map).getAllByRole('button')).toHaveLength(10);
    expect(seat(111)).toHaveAccessibleName('Fila 1, posto 1, libero');
    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(seat(113)).toHaveAccessibleName('Fila 1, posto 3, venduto');
    expect(seat(114)).toHaveAttribute('data-state', 'held');
    expect(seat(115)).toHaveAccessibleName('Fila 1, posto 5, non disponibile');
    expect(seat(115)).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(seat(125)).toHaveAccessibleName('Fila 2, posto 5, bloccato per te'));
    expect(screen.getByRole('heading', { level: 2, name: 'Tribuna Centrale, blocco A' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legenda' })).toHaveTextContent('selezionato');
  });

  it('numbers the seats, keeps the row names in a column of their own, and zooms to fit or to a finger', async () => {
    const { user } = openBlock({ states: { 113: 'sold' } });
    const map = await drawnSeatMap();

    expect(within(seat(111)).getByText('1')).toBeInTheDocument();
    expect(within(seat(113)).getByText('3')).toBeInTheDocument();
    const rowNames = screen.getByTestId('row-names');
    expect(rowNames).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(Array.from(rowNames.querySelectorAll('text')).map((text) => text.textContent)).toEqual(['1', '2']);

    // Zoomed in as far as it goes: each seat at least 44 px, a finger's touch target.
    const zoomIn = screen.getByRole('button', { name: 'Ingrandisci la mappa' });
    while (!zoomIn.hasAttribute('disabled')) {
      await user.click(zoomIn);
    }
    expect(Number(map.getAttribute('width')) / 5).toBeGreaterThanOrEqual(44);
    expect(Number(rowNames.getAttribute('height'))).toBe(Number(map.getAttribute('height')));
    // Back to the whole block in the frame.
    await user.click(screen.getByRole('button', { name: 'Adatta la mappa allo schermo' }));
    expect(Number(map.getAttribute('width'))).toBeLessThan(5 * 44);
    expect(screen.getByRole('button', { name: 'Adatta la mappa allo schermo' })).toBeDisabled();
  });

  it('holds the best available seats: N adjacent ones the server picks in this block', async () => {
    const { api, user } = openBlock({
      routes: {
        'POST /api/fixtures/7/hold': ({ body }) =>
          (body as { quantity: number }).quantity === 3
            ? { status: 409, body: { code: 'no_adjacent_seats', message: 'No adjacent seats' } }
            : { body: aHold([123, 124]) },
      },
    });
    const best = await screen.findByRole('region', { name: 'Migliori posti disponibili' });
    // From 1 to the per-buyer limit (4).
    expect(within(best).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3', '4']);

    await user.selectOptions(within(best).getByTestId('best-quantity'), '3');
    await user.click(within(best).getByRole('button', { name: 'Blocca 3 posti vicini' }));
    expect(
      await screen.findByText(
        'In questo blocco non ci sono abbastanza posti liberi vicini nella stessa fila: prova con meno posti, un altro blocco, o sceglili sulla mappa.',
      ),
    ).toBeInTheDocument();

    await user.selectOptions(within(best).getByTestId('best-quantity'), '2');
    await user.click(within(best).getByRole('button', { name: 'Blocca 2 posti vicini' }));

    const summary = await screen.findByTestId('hold-summary');
    expect(api.callsTo('POST /api/fixtures/7/hold').map((call) => call.body)).toEqual([
      { block_id: 3, quantity: 3 },
      { block_id: 3, quantity: 2 },
    ]);
    expect(within(summary).getByText(/fila 2, posto 3/)).toBeInTheDocument();
    // What is left of the limit: 4 less the 2 held.
    await waitFor(() =>
      expect(within(best).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2']),
    );
  });

  it('lets the fan pick seats up to the per-buyer limit, less what they already hold', async () => {
    const { user } = openBlock({ fixture: aFixtureDetail({ per_buyer_limit: 3 }), held: [125] });
    await waitFor(() => expect(seat(125)).toHaveAttribute('data-state', 'mine'));

    await user.click(seat(111));
    await user.click(seat(112));
    await user.click(seat(113));

    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    expect(seat(111)).toHaveAttribute('aria-pressed', 'true');
    expect(seat(112)).toHaveAttribute('data-state', 'selected');
    expect(seat(113)).toHaveAttribute('data-state', 'free');
    expect(screen.getByText('Hai già il massimo di 3 biglietti per questa partita.')).toBeInTheDocument();
    const selection = screen.getByRole('region', { name: 'I posti scelti' });
    expect(within(selection).getByText('Fila 1, posto 1')).toBeInTheDocument();
    expect(within(selection).getByText(/^Totale: 120,00\s€$/)).toBeInTheDocument();
    expect(within(selection).getByText('Puoi scegliere ancora 0 posti.')).toBeInTheDocument();

    // Letting one go makes room for another.
    await user.click(within(selection).getByRole('button', { name: 'Togli Fila 1, posto 2' }));
    await user.click(seat(113));
    expect(seat(112)).toHaveAttribute('data-state', 'free');
    expect(seat(113)).toHaveAttribute('data-state', 'selected');
  });

  it('picks seats from the keyboard: arrows move, Enter chooses', async () => {
    const { user } = openBlock();
    await drawnSeatMap();

    await user.tab();
    while (document.activeElement !== seat(111)) {
      await user.tab();
    }
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(seat(122)).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(seat(122)).toHaveAttribute('data-state', 'selected');
    expect(seat(122)).toHaveAttribute('tabindex', '0');
    expect(seat(111)).toHaveAttribute('tabindex', '-1');
  });

  it('holds the picked seats and shows the hold with its countdown', async () => {
    const { api, user } = openBlock();
    await user.click(await screen.findByTestId('seat-111'));
    await user.click(seat(112));

    await user.click(screen.getByTestId('hold-button'));

    const summary = await screen.findByTestId('hold-summary');
    const [request] = api.callsTo('POST /api/fixtures/7/hold');
    expect(request?.body).toEqual({ seat_ids: [111, 112] });
    expect(request?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(within(summary).getByRole('heading', { name: 'I tuoi posti bloccati' })).toBeInTheDocument();
    expect(within(summary).getByText(/Tribuna Centrale, blocco A, fila 1, posto 1/)).toBeInTheDocument();
    expect(within(summary).getAllByText('Ingresso: Varco 1')).toHaveLength(2);
    expect(within(summary).getByText(/^Totale: 120,00\s€$/)).toBeInTheDocument();
    expect(within(summary).getByTestId('hold-countdown')).toHaveTextContent(/Li teniamo per te ancora (30:00|29:5\d)/);
    expect(within(summary).getByRole('button', { name: "Procedi all'acquisto" })).toBeEnabled();
    expect(seat(111)).toHaveAttribute('data-state', 'mine');
    expect(seat(112)).toHaveAttribute('data-state', 'mine');
    expect(screen.getByText('Posti bloccati per 30 minuti')).toBeInTheDocument();
    expect(screen.getByText('Tocca un posto libero sulla mappa per sceglierlo.')).toBeInTheDocument();
  });

  it('names the seats lost to someone quicker and shows the map as it is now', async () => {
    const { api, user } = openBlock({ takenFirst: [112] });
    await user.click(await screen.findByTestId('seat-111'));
    await user.click(seat(112));

    await user.click(screen.getByTestId('hold-button'));

    expect(await screen.findByText('Questo posto non è più disponibile: Fila 1, posto 2.')).toBeInTheDocument();
    await waitFor(() => expect(seat(112)).toHaveAttribute('data-state', 'held'));
    expect(seat(111)).toHaveAttribute('data-state', 'selected');
    expect(api.callsTo('GET /api/fixtures/7/blocks/3')).toHaveLength(2);
    expect(screen.queryByTestId('hold-summary')).not.toBeInTheDocument();

    // What is left can still be held.
    await user.click(screen.getByTestId('hold-button'));
    expect(await screen.findByTestId('hold-summary')).toBeInTheDocument();
    expect(api.callsTo('POST /api/fixtures/7/hold')[1]?.body).toEqual({ seat_ids: [111] });
  });

  it('greys seats as the live stream reports them taken, and keeps the fan\'s own', async () => {
    const { user } = openBlock({ held: [125] });
    await waitFor(() => expect(seat(125)).toHaveAttribute('data-state', 'mine'));
    await user.click(seat(111));
    const live = FakeEventSource.latest();
    expect(live.url).toBe('/api/fixtures/7/live');
    live.open();

    live.send('seats', {
      block_id: 3,
      seats: [
        { id: 111, state: 'held' },
        { id: 113, state: 'sold' },
        { id: 125, state: 'held' },
      ],
    });
    // Another block's seats with the same ids mean nothing here.
    live.send('seats', { block_id: 4, seats: [{ id: 114, state: 'sold' }] });

    await waitFor(() => expect(seat(113)).toHaveAttribute('data-state', 'sold'));
    expect(seat(111)).toHaveAttribute('data-state', 'held');
    expect(seat(125)).toHaveAttribute('data-state', 'mine');
    expect(seat(114)).toHaveAttribute('data-state', 'free');
    expect(screen.getByText('Un altro tifoso ha appena preso questo posto: Fila 1, posto 1.')).toBeInTheDocument();
    expect(screen.getByTestId('hold-button')).toBeDisabled();

    live.send('seats', { block_id: 3, seats: [{ id: 113, state: 'free' }] });
    await waitFor(() => expect(seat(113)).toHaveAttribute('data-state', 'free'));
  });

  it('reads the block again when the live stream comes back after a break', async () => {
    const { api } = openBlock();
    await screen.findByTestId('seat-111');
    const live = FakeEventSource.latest();
    live.open();

    live.fail();
    live.open();

    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7/blocks/3')).toHaveLength(2));
  });

  it('turns the hold into an order and goes to checkout', async () => {
    const { api, user } = openBlock({
      held: [111, 112],
      routes: {
        'POST /api/fixtures/7/checkout': { status: 201, body: anOrder() },
        [`GET /api/orders/${ORDER_ID}`]: { body: anOrder() },
      },
    });
    const summary = await screen.findByTestId('hold-summary');

    await user.click(within(summary).getByTestId('checkout-button'));

    expect(await screen.findByRole('region', { name: 'Titolari dei biglietti' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/fixtures/7/checkout')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it('after holding, keeps the seats held, the time left and the way on in a bar fixed at the bottom', async () => {
    const { api, user } = openBlock({
      routes: {
        'POST /api/fixtures/7/checkout': { status: 201, body: anOrder() },
        [`GET /api/orders/${ORDER_ID}`]: { body: anOrder() },
      },
    });
    expect(screen.queryByTestId('hold-bar')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('seat-111'));
    await user.click(seat(112));
    await user.click(screen.getByTestId('hold-button'));

    const bar = await screen.findByRole('complementary', { name: 'Posti bloccati e prossimo passo' });
    expect(bar).toHaveStyle({ position: 'fixed', bottom: '0px' });
    expect(within(bar).getByTestId('hold-bar-count')).toHaveTextContent(/^2 posti bloccati · 120,00\s€$/);
    expect(within(bar).getByRole('timer')).toHaveTextContent(/^(30:00|29:5\d)$/);
    expect(within(bar).getByRole('timer')).toHaveAccessibleName(/Li teniamo per te ancora (30:00|29:5\d)/);
    // The page makes room for it: nothing ends up under the bar.
    expect(Number.parseInt(document.body.style.paddingBottom, 10)).toBeGreaterThanOrEqual(72);

    await user.click(within(bar).getByRole('button', { name: "Procedi all'acquisto" }));

    expect(await screen.findByRole('region', { name: 'Titolari dei biglietti' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/fixtures/7/checkout')).toHaveLength(1);
    // Gone with the hold, and the padding with it.
    expect(screen.queryByTestId('hold-bar')).not.toBeInTheDocument();
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('says why checkout could not start', async () => {
    const { user } = openBlock({
      held: [111],
      routes: { 'POST /api/fixtures/7/checkout': { status: 409, body: { code: 'nothing_held', message: 'Nothing held' } } },
    });

    await user.click(within(await screen.findByTestId('hold-summary')).getByTestId('checkout-button'));

    expect(
      await screen.findByText('Non hai più posti bloccati per questa partita: scegli di nuovo i posti.'),
    ).toBeInTheDocument();
  });

  it('cancels the hold: the seats are free again and the summary goes', async () => {
    const { api, user } = openBlock({ held: [111, 112] });
    const summary = await screen.findByTestId('hold-summary');

    await user.click(within(summary).getByTestId('cancel-hold-button'));

    await waitFor(() => expect(screen.queryByTestId('hold-summary')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/fixtures/7/hold')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/fixtures/7/hold')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    await waitFor(() => expect(seat(111)).toHaveAttribute('data-state', 'free'));
    expect(seat(112)).toHaveAttribute('data-state', 'free');
    expect(screen.getByText('Posti liberati')).toBeInTheDocument();
  });

  it('sends a visitor to sign in, coming back to the same seats', async () => {
    const { api, user } = openBlock({ signedIn: false });
    await user.click(await screen.findByTestId('seat-111'));
    await user.click(seat(112));
    expect(screen.getByText('Per bloccare i posti ti chiederemo di accedere.')).toBeInTheDocument();

    await user.click(screen.getByTestId('hold-button'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      `/api/auth/google/start?return_to=${encodeURIComponent('/selectedfixturetickets/7?block=3&seats=111,112')}&language=it`,
    );
    expect(api.callsTo('POST /api/fixtures/7/hold')).toHaveLength(0);
    expect(api.callsTo('GET /api/fixtures/7/hold')).toHaveLength(0);
  });

  it('comes back from sign-in with the seats still picked', async () => {
    openBlock({}, '/selectedfixturetickets/7?block=3&seats=111,112,999');

    await waitFor(() => expect(seat(111)).toHaveAttribute('data-state', 'selected'));
    expect(seat(112)).toHaveAttribute('data-state', 'selected');
    expect(screen.getByText(/^Totale: 120,00\s€$/)).toBeInTheDocument();
  });

  it('sells a standing block by quantity', async () => {
    const standing = aBlock({ id: 40, code: 'P', sector_code: 'PRATO', gate: 'Varco 9', no_map: true, capacity: 500, free: 120 });
    const { api, user } = openBlock(
      {
        routes: {
          'GET /api/fixtures/7/blocks/40': { body: { block: standing, price_cents: 1500, seats: [] } },
          'POST /api/fixtures/7/hold': {
            body: aHold([], [{ block_id: 40, sector_code: 'PRATO', quantity: 2, gate: 'Varco 9', price_cents: 1500 }]),
          },
        },
      },
      '/selectedfixturetickets/7?block=40',
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Posti in piedi' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Posti del blocco/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Quanti biglietti' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    expect(screen.getByText(/^Totale: 30,00\s€$/)).toBeInTheDocument();
    await user.click(screen.getByTestId('hold-button'));

    const summary = await screen.findByTestId('hold-summary');
    expect(api.callsTo('POST /api/fixtures/7/hold')[0]?.body).toEqual({ block_id: 40, quantity: 2 });
    expect(within(summary).getByText(/Prato: 2 posti in piedi/)).toBeInTheDocument();
    expect(within(summary).getByText('Ingresso: Varco 9')).toBeInTheDocument();
  });

  it('tells a full standing block in the fan\'s words', async () => {
    const standing = aBlock({ id: 40, code: 'P', sector_code: 'PRATO', no_map: true, free: 3 });
    const { user } = openBlock(
      {
        routes: {
          'GET /api/fixtures/7/blocks/40': { body: { block: standing, price_cents: 1500, seats: [] } },
          'POST /api/fixtures/7/hold': { status: 409, body: { code: 'sector_full', message: 'Full' } },
        },
      },
      '/selectedfixturetickets/7?block=40',
    );

    await user.click(await screen.findByTestId('hold-button'));

    expect(await screen.findByText('In questo settore non ci sono più abbastanza posti liberi.')).toBeInTheDocument();
  });

  it('shows the map without picking when the match is not on sale', async () => {
    const { user } = openBlock({ fixture: aFixtureDetail({ status: 2 }) });

    await user.click(await screen.findByTestId('seat-111'));

    expect(seat(111)).toHaveAttribute('data-state', 'free');
    expect(seat(111)).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByTestId('hold-button')).not.toBeInTheDocument();
    expect(screen.getByText('Questi posti non sono in vendita ora.')).toBeInTheDocument();
  });

  it('goes back to the stadium without a block', async () => {
    stubOnSaleApi();
    renderWithProviders(<AppRoutes />, { route: '/selectedfixturetickets/7' });

    expect(await screen.findByTestId('sector-TC')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = openBlock({ held: [125] });

    await drawnSeatMap('Seats in block A');
    expect(seat(111)).toHaveAccessibleName('Row 1, seat 1, free');
    await waitFor(() => expect(seat(125)).toHaveAccessibleName('Row 2, seat 5, held for you'));
    await user.click(seat(111));
    expect(seat(111)).toHaveAccessibleName('Row 1, seat 1, selected');
    expect(screen.getByTestId('hold-button')).toHaveTextContent('Hold seats');
    const summary = screen.getByTestId('hold-summary');
    expect(within(summary).getByText(/Main Stand \(Tribuna Centrale\), block A, row 2, seat 5/)).toBeInTheDocument();
    expect(within(summary).getByTestId('hold-countdown')).toHaveTextContent(/We keep them for you for/);
    expect(within(summary).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});

describe('the hold countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down, and when time is up says so and reads the hold again', async () => {
    const { api } = openBlock({ held: [111] });
    const countdown = await screen.findByTestId('hold-countdown');
    expect(countdown).toHaveTextContent('Li teniamo per te ancora 30:00');

    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(countdown).toHaveTextContent('Li teniamo per te ancora 28:59');
    act(() => {
      vi.advanceTimersByTime(1800_000);
    });

    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('Il tempo è scaduto: i posti sono stati liberati.');
    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7/hold').length).toBeGreaterThan(1));
  });
});
