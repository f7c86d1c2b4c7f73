import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS, TRANSFER_NS } from '../../i18n';
import { aFan, aReceivedMatch, aTicket, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import { aWalletSeason } from '../../test/seasons';
import { aSeasonTransferView } from '../../test/transfers';
import type { ReceivedSeasonMatch, TransferView, WalletSeason, WalletTicket } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces([SEASON_ORDER_NS, TRANSFER_NS])]);
});

const RECEIVED = aReceivedMatch();

/**
 * Luca Neri's season seat: Como - Lazio still his to pass on, Como - Genoa passed on to Anna
 * Bianchi, last season's Como - Inter played.
 */
const SEASON = aWalletSeason({
  matches: [
    { fixture_id: 99999, title: 'Como - Inter', starts_at: '2026-05-10T16:00:00Z', state: 'passed', passed_to: null },
    { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', passed_to: null },
    { fixture_id: 100001, title: 'Como - Genoa', starts_at: '2026-12-27T18:45:00Z', state: 'passed_on', passed_to: 'Anna Bianchi' },
  ],
});

function openWallet({
  tickets = [],
  received = [],
  seasons = [],
  transfers = [],
}: { tickets?: WalletTicket[]; received?: ReceivedSeasonMatch[]; seasons?: WalletSeason[]; transfers?: TransferView[] } = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/wallet': { body: aWallet(tickets, received) },
    'GET /api/wallet/seasons': { body: { items: seasons } },
    'GET /api/transfers': { body: { items: transfers } },
  });
  renderWithProviders(<AppRoutes />, { route: '/wallet/' });
  return api;
}

describe('/wallet/ season seats passed on for a match', () => {
  it('shows a match ticket received from a season seat among the tickets, with its PDF and nothing to pass on', async () => {
    // Como - Lazio on 6 December, before the received Como - Genoa on the 27th; Como - Inter after.
    const later = aTicket({
      id: 16,
      fixture: { id: 9, title: 'Como - Inter', competition: 'Serie A 2025-2026', starts_at: '2027-01-17T17:00:00Z' },
      seal: 'F6G7H8I9J0K1L2M3',
      barcode: 'LARIO-9-16',
    });
    openWallet({ tickets: [aTicket(), later], received: [RECEIVED] });

    const card = await screen.findByRole('article', { name: 'Como - Genoa Distinti, blocco D2, fila 7, posto 4' });
    expect(card).toHaveAttribute('data-testid', `ticket-${RECEIVED.transfer_id}`);
    // 18:45 UTC in December is 19:45 in Como.
    expect(within(card).getByText(/27 dicembre 2026.*19:45/)).toBeInTheDocument();
    expect(within(card).getByText('Varco 3')).toBeInTheDocument();
    expect(within(card).getByText('Anna Bianchi')).toBeInTheDocument();
    expect(within(card).getByText('S1E2A3S4O5N6M7T8')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Codice QR del biglietto: Distinti, blocco D2, fila 7, posto 4' })).toHaveAttribute(
      'data-barcode',
      'LARIO-S-100001-21',
    );
    expect(await within(card).findByTestId(`ticket-from-season-${RECEIVED.transfer_id}`)).toHaveTextContent(
      "Ricevuto dall'abbonamento di Giulia Verdi",
    );
    expect(within(card).getByRole('link', { name: 'Scarica PDF' })).toHaveAttribute(
      'href',
      `/api/wallet/season-matches/${RECEIVED.transfer_id}/pdf?lang=it`,
    );
    // It cannot be passed on again, nor a copy of it shared.
    expect(within(card).queryByRole('link', { name: /Cedi/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Invia una copia' })).not.toBeInTheDocument();
    // Among the tickets, by kick-off.
    const list = screen.getAllByRole('article').map((article) => article.getAttribute('data-testid'));
    expect(list).toEqual(['ticket-11', `ticket-${RECEIVED.transfer_id}`, 'ticket-16']);
    expect(screen.queryByTestId('wallet-empty')).not.toBeInTheDocument();
  });

  it('is not empty for a fan whose only ticket was received from a season seat', async () => {
    openWallet({ received: [RECEIVED] });

    expect(await screen.findByTestId(`ticket-${RECEIVED.transfer_id}`)).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-empty')).not.toBeInTheDocument();
  });

  it('offers to pass on each valid match ahead of a season seat, and says to whom one was passed on', async () => {
    openWallet({ seasons: [SEASON] });

    const card = await screen.findByTestId('season-21');
    const lazio = within(card).getByTestId('season-match-21-100000');
    expect(await within(lazio).findByRole('link', { name: 'Cedi questa partita: Como - Lazio' })).toHaveAttribute(
      'href',
      '/transfer_season/21/100000',
    );
    expect(within(lazio).getByText('Valido')).toBeInTheDocument();
    const genoa = within(card).getByTestId('season-match-21-100001');
    expect(within(genoa).getByTestId('season-passed-to-21-100001')).toHaveTextContent('Ceduta a Anna Bianchi');
    expect(within(genoa).getByText('Ceduta')).toBeInTheDocument();
    expect(within(genoa).queryByRole('link', { name: /Cedi questa partita/ })).not.toBeInTheDocument();
    // A match played: nothing to pass on.
    expect(within(within(card).getByTestId('season-match-21-99999')).queryByRole('link', { name: /Cedi/ })).not.toBeInTheDocument();
    expect(within(card).getAllByRole('link', { name: /Cedi questa partita/ })).toHaveLength(1);
  });

  it('says a match being passed on is in progress instead of offering it again, and lists it passed on', async () => {
    openWallet({ seasons: [SEASON], transfers: [aSeasonTransferView({ fixture_id: 100000, fixture_title: 'Como - Lazio', to_name: 'Marta Neri' })] });

    const lazio = await screen.findByTestId('season-match-21-100000');
    expect(await within(lazio).findByTestId('season-transfer-in-progress-21-100000')).toHaveTextContent('Cessione in corso');
    expect(within(lazio).queryByRole('link', { name: /Cedi questa partita/ })).not.toBeInTheDocument();
    const passedOn = await screen.findByRole('region', { name: 'Biglietti ceduti' });
    expect(passedOn).toHaveTextContent('Cessione a Marta Neri in corso');
    expect(passedOn).toHaveTextContent('Sigillo fiscale del tuo abbonamento: SEAL-SEASON-1');
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openWallet({ received: [RECEIVED], seasons: [SEASON] });

    const card = await screen.findByTestId(`ticket-${RECEIVED.transfer_id}`);
    expect(await within(card).findByTestId(`ticket-from-season-${RECEIVED.transfer_id}`)).toHaveTextContent(
      "Received from Giulia Verdi's season ticket",
    );
    expect(within(card).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/wallet/season-matches/${RECEIVED.transfer_id}/pdf?lang=en`,
    );
    const season = await screen.findByTestId('season-21');
    expect(await within(season).findByRole('link', { name: 'Pass on this match: Como - Lazio' })).toBeInTheDocument();
    expect(within(season).getByTestId('season-passed-to-21-100001')).toHaveTextContent('Passed on to Anna Bianchi');
  });
});
