import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFixtureDetail } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fakeEventSource';
import { renderWithProviders, stubApi } from '../../test/render';

function openFixture(fixture = aFixtureDetail(), route = '/selectedfixture/7') {
  const api = stubApi({ 'GET /api/fixtures/7': { body: fixture } });
  renderWithProviders(<AppRoutes />, { route });
  return api;
}

// The route loads the page lazily; loaded once here, no test spends its waiting time compiling it.
beforeAll(async () => {
  await import('./SelectedFixturePage');
});

describe('/selectedfixture/{id}', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('draws every sector the API lists around the pitch, with its price and free places', async () => {
    openFixture();

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
    const stadium = screen.getByRole('group', { name: /Mappa dello stadio/ });
    for (const code of ['TC', 'TO', 'DI', 'DO', 'DP', 'CC', 'OSP', 'PRATO']) {
      expect(within(stadium).getByTestId(`sector-${code}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('sector-TC')).toHaveAccessibleName(/^Tribuna Centrale, da 60\s€, 1650 posti liberi$/);
    expect(screen.getByTestId('sector-DP')).toHaveAccessibleName('Distinti Parterre, esaurito');
    expect(screen.getByRole('list', { name: 'Disponibilità' })).toHaveTextContent('Ultimi posti');
  });

  it('lists the blocks of the sector the fan taps, each leading to its seats', async () => {
    const user = userEvent.setup();
    openFixture();

    await user.click(await screen.findByTestId('sector-TC'));

    expect(screen.getByTestId('sector-TC')).toHaveAttribute('aria-pressed', 'true');
    const blocks = screen.getByRole('region', { name: 'Tribuna Centrale: scegli il blocco' });
    const blockA = within(blocks).getByTestId('block-3');
    expect(blockA).toHaveAttribute('href', '/selectedfixturetickets/7?block=3');
    expect(blockA).toHaveTextContent('Blocco A');
    expect(blockA).toHaveTextContent('280 liberi su 300 · Ingresso: Varco 1');
    expect(within(blocks).getByTestId('block-4')).toHaveAttribute('aria-disabled', 'true');
    expect(within(blocks).getByTestId('block-4')).toHaveTextContent('Esaurito');
  });

  it('works from the keyboard too', async () => {
    const user = userEvent.setup();
    openFixture();
    (await screen.findByTestId('sector-PRATO')).focus();

    await user.keyboard('{Enter}');

    const blocks = screen.getByRole('region', { name: 'Prato: scegli il blocco' });
    expect(within(blocks).getByTestId('block-40')).toHaveTextContent('Posti in piedi, senza posto numerato');
  });

  it('says an away sector needs a supporter card, and so does a high-risk match', async () => {
    const user = userEvent.setup();
    openFixture(aFixtureDetail({ high_risk: true }));

    expect(
      await screen.findByText('Partita ad alto rischio: per acquistare i biglietti serve la Tessera del tifoso.'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('sector-OSP'));

    expect(screen.getByText(/Settore ospiti: riservato ai tifosi della squadra ospite/)).toBeInTheDocument();
  });

  it('updates free places as the live stream reports them', async () => {
    const user = userEvent.setup();
    openFixture(aFixtureDetail(), '/selectedfixture/7?sector=TC');
    expect(await screen.findByTestId('block-3')).toHaveTextContent('280 liberi su 300');
    const live = FakeEventSource.latest();
    expect(live.url).toBe('/api/fixtures/7/live');
    live.open();

    live.send('blocks', { blocks: [{ id: 3, free: 276 }] });

    await waitFor(() => expect(screen.getByTestId('block-3')).toHaveTextContent('276 liberi su 300'));
    expect(screen.getByTestId('sector-TC')).toHaveAccessibleName(/^Tribuna Centrale, da 60\s€, 1646 posti liberi$/);
    await user.click(screen.getByTestId('sector-TC'));
    expect(screen.queryByTestId('block-3')).not.toBeInTheDocument();
  });

  it('reads the fixture again when the live stream comes back after a break', async () => {
    const api = openFixture();
    await screen.findByTestId('sector-TC');
    const live = FakeEventSource.latest();
    live.open();

    live.fail();
    expect(await screen.findByText(/Aggiornamenti in tempo reale interrotti/)).toBeInTheDocument();
    live.open();

    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7')).toHaveLength(2));
    expect(screen.queryByText(/Aggiornamenti in tempo reale interrotti/)).not.toBeInTheDocument();
  });

  it('shows no map while the match is not on sale yet', async () => {
    openFixture(aFixtureDetail({ status: 0 }));

    expect(
      await screen.findByText('La vendita per questa partita non è ancora aperta: torna presto.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sector-TC')).not.toBeInTheDocument();
  });

  it('says when the sale opens, in Rome\'s time, and shows no map before it', async () => {
    openFixture(aFixtureDetail({ status: 1, sale_opens_at: '2099-01-15T09:00:00Z' }));

    const opening = await screen.findByText(/15 gennaio 2099.*10:00/);
    expect(opening).toHaveAttribute('datetime', '2099-01-15T09:00:00Z');
    expect(opening.closest('[role="alert"]')).toHaveTextContent(/^La vendita per questa partita apre il .*15 gennaio 2099.*10:00$/);
    expect(screen.queryByTestId('sector-TC')).not.toBeInTheDocument();
  });

  it('says "match not found" for a fixture fans are not shown', async () => {
    stubApi({
      'GET /api/fixtures/99': { status: 404, body: { code: 'fixture_not_found', message: 'No such fixture' } },
    });
    renderWithProviders(<AppRoutes />, { route: '/selectedfixture/99' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Partita non trovata' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tutte le partite' })).toHaveAttribute('href', '/fixtures/all');
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    openFixture();

    await user.click(await screen.findByTestId('sector-TC'));

    expect(screen.getByTestId('sector-TC')).toHaveAccessibleName('Main Stand (Tribuna Centrale), from €60, 1650 free places');
    expect(screen.getByRole('region', { name: 'Main Stand (Tribuna Centrale): choose a block' })).toBeInTheDocument();
    expect(screen.getByTestId('block-3')).toHaveTextContent('280 of 300 free · Entrance: Gate 1');
    expect(screen.getByText('At most 4 tickets per person.')).toBeInTheDocument();
  });
});
