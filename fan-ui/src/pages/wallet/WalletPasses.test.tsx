import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS, TRANSFER_NS } from '../../i18n';
import { aFan, aReceivedMatch, aTicket, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import { aWalletSeason } from '../../test/seasons';
import type { ReceivedSeasonMatch, WalletSeason, WalletTicket } from '../../../../api-types';
import { leaveForGoogleWallet } from './googleWallet';

// The browser cannot leave jsdom for Google Wallet's page: the test stands in for it.
vi.mock('./googleWallet', () => ({ leaveForGoogleWallet: vi.fn() }));

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces([SEASON_ORDER_NS, TRANSFER_NS])]);
});

beforeEach(() => {
  vi.mocked(leaveForGoogleWallet).mockClear();
});

const RECEIVED = aReceivedMatch();
const SAVE_URL = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln';

function openWallet({
  tickets = [],
  received = [],
  seasons = [],
  routes = {},
}: { tickets?: WalletTicket[]; received?: ReceivedSeasonMatch[]; seasons?: WalletSeason[]; routes?: Record<string, StubRoute> } = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/wallet': { body: aWallet(tickets, received) },
    'GET /api/wallet/seasons': { body: { items: seasons } },
    'GET /api/transfers': { body: { items: [] } },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route: '/wallet/' });
  return { api, user: userEvent.setup() };
}

describe('/wallet/ phone wallet passes', () => {
  it("links a match ticket to its Apple Wallet pass in the fan's language, named after the match", async () => {
    openWallet({ tickets: [aTicket()] });

    const card = await screen.findByTestId('ticket-11');
    const apple = await within(card).findByRole('link', { name: 'Aggiungi a Apple Wallet: Como - Lazio' });
    expect(apple).toHaveAttribute('href', '/api/wallet/11/pass/apple?lang=it');
    expect(apple).toHaveAttribute('data-testid', 'apple-pass-11');
    expect(within(card).getByRole('button', { name: 'Aggiungi a Google Wallet: Como - Lazio' })).toBeEnabled();
    // Beside the PDF.
    expect(within(card).getByRole('link', { name: 'Scarica PDF' })).toHaveAttribute('href', '/api/wallet/11/pdf?lang=it');
  });

  it('links a season title, and each issued match of a collection, to their passes', async () => {
    const collection = aWalletSeason({
      line_id: 22,
      season_name: 'Carnet Serie A 2025-2026',
      collection: true,
      seal: null,
      barcode: null,
      matches: [
        { fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', seal: 'SEAL-M1', barcode: '9101' },
        { fixture_id: 100001, title: 'Como - Genoa', starts_at: '2026-12-27T18:45:00Z', state: 'pending', seal: null, barcode: null },
        { fixture_id: 100002, title: 'Como - Roma', starts_at: '2027-01-10T18:45:00Z', state: 'cancelled', seal: 'SEAL-M3', barcode: '9103' },
      ],
    });
    openWallet({ seasons: [aWalletSeason(), collection] });

    const season = await screen.findByTestId('season-21');
    expect(within(season).getByRole('link', { name: 'Aggiungi a Apple Wallet: Abbonamento Serie A 2025-2026' })).toHaveAttribute(
      'href',
      '/api/wallet/seasons/21/pass/apple?lang=it',
    );
    expect(within(season).getByTestId('google-pass-season-21')).toHaveAccessibleName(
      'Aggiungi a Google Wallet: Abbonamento Serie A 2025-2026',
    );
    // The season card is the ticket: its matches have no pass of their own.
    expect(within(season).getAllByRole('link', { name: /Apple Wallet/ })).toHaveLength(1);

    const carnet = screen.getByTestId('season-22');
    expect(within(carnet).getByRole('link', { name: 'Aggiungi a Apple Wallet: Como - Lazio' })).toHaveAttribute(
      'href',
      '/api/wallet/seasons/22/pass/apple?fixture=100000&lang=it',
    );
    // None for a match still being issued, nor for a cancelled one.
    expect(within(carnet).getAllByRole('link', { name: /Apple Wallet/ })).toHaveLength(1);
    expect(within(carnet).getAllByRole('button', { name: /Google Wallet/ })).toHaveLength(1);
  });

  it('links a match ticket received from a season seat to its pass', async () => {
    openWallet({ received: [RECEIVED] });

    const card = await screen.findByTestId(`ticket-${RECEIVED.transfer_id}`);
    expect(await within(card).findByRole('link', { name: 'Aggiungi a Apple Wallet: Como - Genoa' })).toHaveAttribute(
      'href',
      `/api/wallet/season-matches/${RECEIVED.transfer_id}/pass/apple?lang=it`,
    );
  });

  it('speaks English, the Apple passes in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    openWallet({ tickets: [aTicket()], received: [RECEIVED], seasons: [aWalletSeason()] });

    const ticket = await screen.findByTestId('ticket-11');
    expect(await within(ticket).findByRole('link', { name: 'Add to Apple Wallet: Como - Lazio' })).toHaveAttribute(
      'href',
      '/api/wallet/11/pass/apple?lang=en',
    );
    expect(within(ticket).getByRole('button', { name: 'Add to Google Wallet: Como - Lazio' })).toBeInTheDocument();
    const received = screen.getByTestId(`ticket-${RECEIVED.transfer_id}`);
    expect(await within(received).findByRole('link', { name: 'Add to Apple Wallet: Como - Genoa' })).toHaveAttribute(
      'href',
      `/api/wallet/season-matches/${RECEIVED.transfer_id}/pass/apple?lang=en`,
    );
    const season = await screen.findByTestId('season-21');
    expect(within(season).getByRole('link', { name: 'Add to Apple Wallet: Abbonamento Serie A 2025-2026' })).toHaveAttribute(
      'href',
      '/api/wallet/seasons/21/pass/apple?lang=en',
    );
  });

  it("reads a ticket's Google Wallet save link, disabled meanwhile, then leaves for it", async () => {
    const GOOGLE = 'GET /api/wallet/11/pass/google';
    const { api, user } = openWallet({ tickets: [aTicket()], routes: { [GOOGLE]: { body: { save_url: SAVE_URL } } } });
    // The API answers when the test says so.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/pass/google')) {
        await answered;
      }
      return stubbed(input, init);
    });

    const button = await screen.findByRole('button', { name: 'Aggiungi a Google Wallet: Como - Lazio' });
    await user.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    expect(leaveForGoogleWallet).not.toHaveBeenCalled();
    answer();
    await waitFor(() => expect(leaveForGoogleWallet).toHaveBeenCalledWith(SAVE_URL));
    expect(api.callsTo(GOOGLE)).toHaveLength(1);
    expect(api.callsTo(GOOGLE)[0]?.search).toBe('');
  });

  it("reads the save link of a season title, a collection's match and a received match", async () => {
    const collection = aWalletSeason({
      line_id: 22,
      collection: true,
      seal: null,
      barcode: null,
      matches: [{ fixture_id: 100000, title: 'Como - Lazio', starts_at: '2026-12-13T18:45:00Z', state: 'valid', seal: 'SEAL-M1', barcode: '9101' }],
    });
    const { api, user } = openWallet({
      received: [RECEIVED],
      seasons: [aWalletSeason(), collection],
      routes: {
        'GET /api/wallet/seasons/21/pass/google': { body: { save_url: `${SAVE_URL}-season` } },
        'GET /api/wallet/seasons/22/pass/google': ({ search }) => ({ body: { save_url: `${SAVE_URL}-${search.get('fixture')}` } }),
        [`GET /api/wallet/season-matches/${RECEIVED.transfer_id}/pass/google`]: { body: { save_url: `${SAVE_URL}-received` } },
      },
    });

    await user.click(await screen.findByTestId('google-pass-season-21'));
    await waitFor(() => expect(leaveForGoogleWallet).toHaveBeenLastCalledWith(`${SAVE_URL}-season`));
    await user.click(screen.getByTestId('google-pass-season-22-100000'));
    await waitFor(() => expect(leaveForGoogleWallet).toHaveBeenLastCalledWith(`${SAVE_URL}-100000`));
    await user.click(await screen.findByTestId(`google-pass-${RECEIVED.transfer_id}`));
    await waitFor(() => expect(leaveForGoogleWallet).toHaveBeenLastCalledWith(`${SAVE_URL}-received`));
    expect(api.callsTo('GET /api/wallet/seasons/21/pass/google')[0]?.search).toBe('');
  });

  it.each([
    ['the ticket is gone', { status: 404, body: { code: 'ticket_not_found', message: 'No such ticket', errors: {} } }, 'Questo biglietto non è più nel tuo wallet: ricarica la pagina.'],
    ['the API fails', { status: 503, body: { code: 'service_unavailable', message: 'Down', errors: {} } }, 'Non siamo riusciti a preparare il biglietto per Google Wallet: riprova tra poco.'],
    ['staff barred the ticket', { status: 403, body: { code: 'title_banned', message: 'This ticket is barred', errors: {} } }, 'Il club ha bloccato questo biglietto: non si può aggiungere al telefono. Per informazioni scrivi alla biglietteria.'],
  ])('says so when %s, and stays', async (_, failure, message) => {
    const { user } = openWallet({ tickets: [aTicket()], routes: { 'GET /api/wallet/11/pass/google': failure } });

    const button = await screen.findByRole('button', { name: 'Aggiungi a Google Wallet: Como - Lazio' });
    await user.click(button);

    expect(await screen.findByTestId('pass-error-11')).toHaveTextContent(message);
    expect(button).toBeEnabled();
    expect(leaveForGoogleWallet).not.toHaveBeenCalled();
  });

  it("says a season title's failure in its own words, in English too", async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = openWallet({
      seasons: [aWalletSeason()],
      routes: { 'GET /api/wallet/seasons/21/pass/google': { status: 500, body: { code: 'internal', message: 'Oops', errors: {} } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Add to Google Wallet: Abbonamento Serie A 2025-2026' }));

    expect(await screen.findByTestId('pass-error-season-21')).toHaveTextContent(
      'We could not get the season ticket ready for Google Wallet: please try again shortly.',
    );
  });

  it('offers no pass for a cancelled or used ticket', async () => {
    openWallet({
      tickets: [
        aTicket(),
        aTicket({ id: 12, state: 'cancelled', seal: 'B2C3D4E5F6G7H8I9', barcode: 'LARIO-7-12' }),
        aTicket({ id: 13, state: 'used', seal: 'C3D4E5F6G7H8I9J0', barcode: 'LARIO-7-13' }),
      ],
    });

    // The valid one's passes are in: the others' would be by now.
    expect(await within(await screen.findByTestId('ticket-11')).findByTestId('apple-pass-11')).toBeInTheDocument();
    for (const id of [12, 13]) {
      const card = screen.getByTestId(`ticket-${id}`);
      expect(within(card).getByRole('link', { name: 'Scarica PDF' })).toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: /Apple Wallet/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /Google Wallet/ })).not.toBeInTheDocument();
    }
  });
});
