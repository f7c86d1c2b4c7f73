import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import { aWalletSeason } from '../../test/seasons';
import type { WalletSeason, WalletTicket } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces('seasonOrder')]);
});

function openWallet(seasons: WalletSeason[], tickets: WalletTicket[] = []) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/wallet': { body: aWallet(tickets) },
    'GET /api/wallet/seasons': { body: { items: seasons } },
  });
  renderWithProviders(<AppRoutes />, { route: '/wallet/' });
  return api;
}

/** A collection: the first match's ticket issued, the next two still being issued. */
const COLLECTION = aWalletSeason({
  line_id: 22,
  number: 2,
  holder_name: 'Anna Neri',
  collection: true,
  issue_queue_status: 'PENDING',
  seal: null,
  barcode: null,
  matches: [
    { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', seal: 'SEAL-M1', barcode: '9101' },
    { fixture_id: 100001, title: 'Como - Genoa', starts_at: '2026-12-27T18:45:00Z', state: 'pending', seal: null, barcode: null },
    { fixture_id: 100002, title: 'Como - Hellas Verona', starts_at: '2027-01-10T18:45:00Z', state: 'pending', seal: null, barcode: null },
  ],
});

describe('/wallet/ season tickets', () => {
  it('lists each season seat with its holder, seal, PDF and matches in Como time', async () => {
    openWallet([aWalletSeason({ matches: [...aWalletSeason().matches.slice(0, 2), { ...aWalletSeason().matches[2]!, state: 'cancelled' }] })]);

    const section = await screen.findByRole('region', { name: 'Abbonamenti' });
    const card = within(section).getByRole('article', { name: 'Abbonamento Serie A 2025-2026' });
    expect(within(card).getByText('Tribuna Centrale, blocco A, fila 1, posto 1')).toBeInTheDocument();
    expect(within(card).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(card).getByText('SEAL-SEASON-1')).toBeInTheDocument();
    expect(within(card).getByText('Abbonamento (una tessera per tutte le partite)')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "Scarica l'abbonamento (PDF)" })).toHaveAttribute('href', '/api/wallet/seasons/21/pdf?lang=it');
    const first = within(card).getByTestId('season-match-21-100000');
    // 18:45 UTC in December is 19:45 in Como.
    expect(within(first).getByText(/13 dicembre 2026.*19:45/)).toBeInTheDocument();
    expect(within(first).getByText('Valido')).toBeInTheDocument();
    expect(within(card).getByTestId('season-match-21-100002')).toHaveTextContent('Annullato');
    // No match has a ticket of its own: the season card is the ticket.
    expect(within(card).queryByRole('link', { name: /Scarica il biglietto/ })).not.toBeInTheDocument();
    // A fan with season tickets only is not told the wallet is empty.
    expect(screen.queryByTestId('wallet-empty')).not.toBeInTheDocument();
  });

  it("gives a collection's issued matches their PDF, and says how many are issued while the rest are", async () => {
    openWallet([COLLECTION]);

    const card = await screen.findByTestId('season-22');
    expect(within(card).getByTestId('season-issuing-22')).toHaveTextContent(
      'I biglietti delle partite sono in emissione: finora 1 emesso su 3.',
    );
    expect(within(card).getByRole('link', { name: 'Scarica il biglietto (PDF): Como - Lazio' })).toHaveAttribute(
      'href',
      '/api/wallet/seasons/22/pdf?fixture=100000&lang=it',
    );
    expect(within(card).getAllByRole('link', { name: /Scarica il biglietto/ })).toHaveLength(1);
    expect(within(card).getAllByText('In emissione')).toHaveLength(2);
    expect(within(card).queryByRole('link', { name: /Scarica l'abbonamento/ })).not.toBeInTheDocument();
  });

  it('shows nothing of season tickets to a fan who has none', async () => {
    openWallet([]);
    expect(await screen.findByTestId('wallet-empty')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Abbonamenti' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openWallet([COLLECTION]);
    const section = await screen.findByRole('region', { name: 'Season tickets' });
    expect(within(section).getByText('The match tickets are being issued: 1 of 3 issued so far.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Download the ticket (PDF): Como - Lazio' })).toHaveAttribute(
      'href',
      '/api/wallet/seasons/22/pdf?fixture=100000&lang=en',
    );
    expect(within(section).getAllByText('Being issued')).toHaveLength(2);
  });
});
