import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { renderWithProviders, stubApi } from '../../test/render';
import { aPhaseTimeline, aSeasonTicket } from '../../test/seasons';

const serieA = aSeasonTicket();
// On sale, but every match's seats are still being copied: not open to pick yet.
const preparing = aSeasonTicket({ id: 10001, name: 'Abbonamento Coppa Italia', matches: 1, inventory_ready: false, from_price_cents: null });

function cardOf(name: string) {
  const card = screen.getByRole('heading', { level: 2, name }).closest('article');
  if (card === null) {
    throw new Error(`no card for ${name}`);
  }
  return within(card);
}

beforeAll(async () => {
  await import('./SeasonTicketsPage');
});

describe('/fixtures/season', () => {
  it('lists the season tickets: matches, first and last match day in Rome, the lowest full price', async () => {
    const api = stubApi({ 'GET /api/season-tickets': { body: { items: [serieA, preparing] } } });
    renderWithProviders(<AppRoutes />, { route: '/fixtures/season' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Abbonamenti' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Abbonamenti' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Campionato' })).toHaveAttribute('href', '/fixtures/league');
    expect(api.callsTo('GET /api/season-tickets')).toHaveLength(1);

    const season = cardOf('Abbonamento Serie A 2025-2026');
    expect(season.getByText('2025-2026')).toBeInTheDocument();
    expect(season.getByText('19 partite')).toBeInTheDocument();
    expect(season.getByTestId('season-dates')).toHaveTextContent('Dal 13 dicembre 2026 al 29 agosto 2027');
    expect(season.getByText('13 dicembre 2026')).toHaveAttribute('datetime', '2026-12-13T18:45:00Z');
    expect(season.getByText('Intero da 332,00 €')).toBeInTheDocument();
    expect(season.getByText('In vendita')).toBeInTheDocument();
    expect(season.getByRole('link', { name: 'Scegli il posto per Abbonamento Serie A 2025-2026' })).toHaveAttribute(
      'href',
      '/selectedseasonticket/10000',
    );

    const cup = cardOf('Abbonamento Coppa Italia');
    expect(cup.getByText('1 partita')).toBeInTheDocument();
    expect(cup.getByText('Prossimamente')).toBeInTheDocument();
    expect(cup.getByText(/Stiamo preparando i posti/)).toBeInTheDocument();
    expect(cup.queryByRole('link')).not.toBeInTheDocument();
  });

  it("says each season's sale phase on its card", async () => {
    stubApi({
      'GET /api/season-tickets': { body: { items: [serieA, preparing] } },
      'GET /api/season-tickets/10000/phases': { body: aPhaseTimeline('renewal') },
      'GET /api/season-tickets/10001/phases': { body: aPhaseTimeline(null) },
    });
    renderWithProviders(<AppRoutes />, { route: '/fixtures/season' });

    await screen.findByRole('heading', { level: 2, name: 'Abbonamento Serie A 2025-2026' });
    expect(await cardOf('Abbonamento Serie A 2025-2026').findByTestId('season-phase')).toHaveTextContent(
      'In corso: Rinnovo degli abbonamenti',
    );
    expect(cardOf('Abbonamento Coppa Italia').queryByTestId('season-phase')).not.toBeInTheDocument();
  });

  it('says so when no season ticket is on sale', async () => {
    stubApi({ 'GET /api/season-tickets': { body: { items: [] } } });
    renderWithProviders(<AppRoutes />, { route: '/fixtures/season' });

    expect(await screen.findByText('Nessun abbonamento in vendita per ora: torna presto.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be read, and shows it once it can', async () => {
    let fail = true;
    stubApi({
      'GET /api/season-tickets': () =>
        fail ? { status: 500, body: { code: 'internal', message: 'boom' } } : { body: { items: [serieA] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/fixtures/season' });

    expect(await screen.findByText('Qualcosa è andato storto. Riprova tra poco.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
  });

  it('is the home page card "Abbonamenti"', async () => {
    stubApi({ 'GET /api/fixtures': { body: { items: [] } }, 'GET /api/season-tickets': { body: { items: [serieA] } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/' });

    const actions = await screen.findByRole('region', { name: 'Cosa puoi fare' });
    await user.click(within(actions).getByRole('link', { name: /Abbonamenti/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubApi({ 'GET /api/season-tickets': { body: { items: [serieA] } } });
    renderWithProviders(<AppRoutes />, { route: '/fixtures/season' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Season tickets' })).toBeInTheDocument();
    const season = cardOf('Abbonamento Serie A 2025-2026');
    expect(season.getByText('19 matches')).toBeInTheDocument();
    expect(season.getByTestId('season-dates')).toHaveTextContent('From December 13, 2026 to August 29, 2027');
    expect(season.getByText('Full price from €332.00')).toBeInTheDocument();
    expect(season.getByRole('link', { name: 'Choose your seat for Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
  });
});
