import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { RESALE_NS, SEASON_ORDER_NS, TRANSFER_NS } from '../../i18n';
import { aFan, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import { RESALE_ID } from '../../test/resale';
import { aWalletSeason } from '../../test/seasons';
import { aSeasonTransferView } from '../../test/transfers';
import type { TransferView, WalletSeason } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces([SEASON_ORDER_NS, TRANSFER_NS, RESALE_NS])]);
});

/**
 * Luca Neri's season seat: Como - Lazio his to resell, Como - Genoa on resale at 45,00 €, Como -
 * Hellas Verona sold and being passed on to its buyer, Como - Udinese resold to Anna Bianchi,
 * last season's Como - Inter played.
 */
const SEASON = aWalletSeason({
  matches: [
    { fixture_id: 99999, title: 'Como - Inter', starts_at: '2026-05-10T16:00:00Z', state: 'passed', passed_to: null, resale: null },
    { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', passed_to: null, resale: null },
    {
      fixture_id: 100001,
      title: 'Como - Genoa',
      starts_at: '2026-12-27T18:45:00Z',
      state: 'valid',
      passed_to: null,
      resale: { id: RESALE_ID, state: 'listed', price_cents: 4500 },
    },
    {
      fixture_id: 100002,
      title: 'Como - Hellas Verona',
      starts_at: '2027-01-10T18:45:00Z',
      state: 'valid',
      passed_to: null,
      resale: { id: RESALE_ID, state: 'sold', price_cents: 4000 },
    },
    {
      fixture_id: 100003,
      title: 'Como - Udinese',
      starts_at: '2027-01-24T18:45:00Z',
      state: 'passed_on',
      passed_to: 'Anna Bianchi',
      resale: { id: RESALE_ID, state: 'completed', price_cents: 4000 },
    },
  ],
});

function openWallet(seasons: WalletSeason[] = [SEASON], transfers: TransferView[] = []) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/wallet': { body: aWallet() },
    'GET /api/wallet/seasons': { body: { items: seasons } },
    'GET /api/transfers': { body: { items: transfers } },
  });
  renderWithProviders(<AppRoutes />, { route: '/wallet/' });
  return api;
}

const row = (fixtureId: number) => screen.getByTestId(`season-match-21-${fixtureId}`);

describe('/wallet/ season seats on resale for a match', () => {
  it('offers to put each valid match ahead on resale, and says which are on resale, sold or resold', async () => {
    openWallet();

    // A match ahead, neither passed on nor on resale: passed on, or put on resale.
    const resell = await screen.findByTestId('season-resale-100000');
    expect(resell).toHaveAccessibleName('Metti in rivendita: Como - Lazio');
    expect(resell).toHaveAttribute('href', '/resale_season/21/100000');
    expect(within(row(100000)).getByRole('link', { name: 'Cedi questa partita: Como - Lazio' })).toBeInTheDocument();
    expect(within(row(100000)).queryByTestId('season-resale-state-100000')).not.toBeInTheDocument();

    // On resale: its price, and its page; neither passed on nor offered again meanwhile.
    const listed = screen.getByTestId('season-resale-state-100001');
    expect(listed).toHaveTextContent('In rivendita a 45,00 €');
    expect(listed).toHaveAttribute('href', '/resale_season/21/100001');
    expect(within(row(100001)).queryByTestId('season-resale-100001')).not.toBeInTheDocument();
    expect(within(row(100001)).queryByRole('link', { name: /Cedi/ })).not.toBeInTheDocument();

    // Sold: being passed on to the buyer.
    expect(screen.getByTestId('season-resale-state-100002')).toHaveTextContent('Venduta: cessione in corso');
    expect(within(row(100002)).queryAllByRole('link')).toHaveLength(0);

    // Resold: passed on to the buyer's holder.
    expect(within(row(100003)).getByTestId('season-passed-to-21-100003')).toHaveTextContent('Ceduta a Anna Bianchi');
    expect(screen.getByTestId('season-resale-state-100003')).toHaveTextContent('Rivenduta');
    expect(within(row(100003)).queryByTestId('season-resale-100003')).not.toBeInTheDocument();

    // A match played: nothing to do with it.
    expect(within(row(99999)).queryAllByRole('link')).toHaveLength(0);
    // One row per match still.
    expect(screen.getAllByTestId(/^season-match-/)).toHaveLength(5);
  });

  it('offers no resale of a match being passed on', async () => {
    openWallet([SEASON], [aSeasonTransferView({ fixture_id: 100000, season_line_id: 21 })]);

    expect(await screen.findByTestId('season-transfer-in-progress-21-100000')).toBeInTheDocument();
    expect(screen.queryByTestId('season-resale-100000')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openWallet();

    expect(await screen.findByTestId('season-resale-100000')).toHaveAccessibleName('Put on resale: Como - Lazio');
    expect(screen.getByTestId('season-resale-state-100001')).toHaveTextContent('On resale at €45.00');
    expect(screen.getByTestId('season-resale-state-100002')).toHaveTextContent('Sold: being passed on');
    expect(screen.getByTestId('season-resale-state-100003')).toHaveTextContent('Resold');
  });
});
