import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { RESALE_NS } from '../../i18n';
import { FakeEventSource } from '../../test/fakeEventSource';
import { aBlockSeats, aFan, aFixtureDetail } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import { RESALE_ID, aListedResale, aResaleOffer } from '../../test/resale';
import type { BlockSeats, ResaleListed } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([
    import('./SelectedFixtureTicketsPage'),
    import('../selected-fixture/SelectedFixturePage'),
    import('../resale/ResalePage'),
    i18n.loadNamespaces(RESALE_NS),
  ]);
});

/** Block 3 with seat 113 on resale (`resale_id` as the block gives it, unless `withId` is false) and 114 sold. */
function aBlockWithResale(withId = true): BlockSeats {
  const block = aBlockSeats({ 113: 'resale', 114: 'sold' });
  return { ...block, seats: block.seats.map((seat) => (seat.id === 113 && withId ? { ...seat, resale_id: RESALE_ID } : seat)) };
}

function openBlock({ block = aBlockWithResale(), resales = [aListedResale()] }: { block?: BlockSeats; resales?: ResaleListed[] } = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/fixtures/7': { body: aFixtureDetail() },
    'GET /api/fixtures/7/blocks/3': { body: block },
    'GET /api/fixtures/7/hold': { body: { seats: [], standing: [], expires_at: null } },
    'GET /api/fixtures/7/resales': { body: { items: resales } },
    [`GET /api/resales/${RESALE_ID}`]: { body: aResaleOffer() },
  });
  renderWithProviders(<AppRoutes />, { route: '/selectedfixturetickets/7?block=3' });
  return { api, user: userEvent.setup() };
}

/** The block's map once its seats are drawn (they come just after its frame, in a transition). */
async function drawnSeatMap(): Promise<HTMLElement> {
  const map = await screen.findByRole('group', { name: 'Posti del blocco A' });
  await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
  return map;
}

const seat = (id: number) => screen.getByTestId(`seat-${id}`);

describe('/selectedfixturetickets/{id}?block={block_id}: seats on resale', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('draws a seat on resale apart, named with its price, and opens its offer when chosen', async () => {
    const { user } = openBlock();

    await drawnSeatMap();
    await waitFor(() => expect(seat(113)).toHaveAccessibleName(/^Fila 1, posto 3, in rivendita a 40,00\s€$/));
    expect(seat(113)).toHaveAttribute('data-state', 'resale');
    expect(seat(113)).toHaveAttribute('aria-disabled', 'false');
    expect(seat(113)).not.toHaveAttribute('aria-pressed');
    expect(seat(114)).toHaveAccessibleName('Fila 1, posto 4, venduto');
    expect(screen.getByRole('list', { name: 'Legenda' })).toHaveTextContent('In rivendita');

    await user.click(seat(113));

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Genoa' })).toBeInTheDocument();
    expect(screen.getByTestId('resale-offer-summary')).toHaveTextContent('Prezzo nominale');
  });

  it('opens a seat on resale from the keyboard too', async () => {
    const { user } = openBlock();
    await drawnSeatMap();

    seat(113).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByTestId('resale-offer-summary')).toBeInTheDocument();
  });

  it("lists the match's seats on resale, each with its price and a way to its offer", async () => {
    openBlock({
      resales: [aListedResale(), aListedResale({ id: 'other-offer', seat_id: 501, block_id: 9, seat_label: 'CC-C1-4-7', sector_name: 'Curva Como', price_cents: 2000, face_value_cents: 2500 })],
    });

    const list = await screen.findByRole('region', { name: 'Posti in rivendita' });
    const first = within(list).getByTestId(`resale-offer-${RESALE_ID}`);
    expect(first).toHaveTextContent('Tribuna Centrale, posto TC-A-1-3');
    expect(first).toHaveTextContent('40,00 € (prezzo nominale 45,00 €)');
    expect(within(first).getByRole('link', { name: 'Vedi il posto: Tribuna Centrale, posto TC-A-1-3' })).toHaveAttribute('href', `/resale/${RESALE_ID}`);
    expect(within(list).getByTestId('resale-offer-other-offer')).toHaveTextContent('Curva Como, posto CC-C1-4-7');
  });

  it('shows no list when no seat is on resale, and a seat on resale it cannot open as sold', async () => {
    const { api } = openBlock({ block: aBlockWithResale(false), resales: [] });

    await drawnSeatMap();
    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7/resales')).toHaveLength(1));
    expect(seat(113)).toHaveAttribute('data-state', 'sold');
    expect(seat(113)).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('region', { name: 'Posti in rivendita' })).not.toBeInTheDocument();
  });

  it('names a seat on resale without its price when the list does not have it', async () => {
    openBlock({ resales: [] });

    await drawnSeatMap();
    expect(seat(113)).toHaveAccessibleName('Fila 1, posto 3, in rivendita');
    expect(seat(113)).toHaveAttribute('data-state', 'resale');
  });

  it('reads the offers again as the live stream puts a seat on resale, and opens it', async () => {
    let resales: ResaleListed[] = [];
    const api = stubApi({
      'GET /api/me': { body: aFan() },
      'GET /api/fixtures/7': { body: aFixtureDetail() },
      'GET /api/fixtures/7/blocks/3': { body: aBlockSeats({ 114: 'sold' }) },
      'GET /api/fixtures/7/hold': { body: { seats: [], standing: [], expires_at: null } },
      'GET /api/fixtures/7/resales': () => ({ body: { items: resales } }),
    });
    renderWithProviders(<AppRoutes />, { route: '/selectedfixturetickets/7?block=3' });
    await drawnSeatMap();
    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7/resales')).toHaveLength(1));
    expect(seat(113)).toHaveAttribute('data-state', 'free');

    resales = [aListedResale()];
    const live = FakeEventSource.latest();
    live.open();
    live.send('seats', { block_id: 3, seats: [{ id: 113, state: 'resale' }] });

    await waitFor(() => expect(seat(113)).toHaveAttribute('data-state', 'resale'));
    await waitFor(() => expect(seat(113)).toHaveAccessibleName(/in rivendita a 40,00\s€$/));
    expect(await screen.findByTestId(`resale-offer-${RESALE_ID}`)).toBeInTheDocument();
  });

  it("lists the match's seats on resale on the stadium page too: a sold-out block's are found there", async () => {
    stubApi({
      'GET /api/fixtures/7': { body: aFixtureDetail() },
      'GET /api/fixtures/7/resales': { body: { items: [aListedResale()] } },
    });
    renderWithProviders(<AppRoutes />, { route: '/selectedfixture/7' });

    const list = await screen.findByRole('region', { name: 'Posti in rivendita' });
    expect(within(list).getByTestId(`resale-offer-${RESALE_ID}`)).toHaveTextContent('Tribuna Centrale, posto TC-A-1-3');
    expect(within(list).getByRole('link', { name: /^Vedi il posto/ })).toHaveAttribute('href', `/resale/${RESALE_ID}`);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openBlock();

    const map = await screen.findByRole('group', { name: 'Seats in block A' });
    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(seat(113)).toHaveAccessibleName('Row 1, seat 3, on resale at €40.00'));
    expect(screen.getByRole('list', { name: 'Key' })).toHaveTextContent('On resale');
    expect(await screen.findByRole('region', { name: 'Seats on resale' })).toBeInTheDocument();
  });
});
