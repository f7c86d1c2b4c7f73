import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aFan, aTicket, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubAnswer } from '../../test/render';

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces(SEASON_ORDER_NS)]);
});

const tickets = [
  aTicket(),
  aTicket({ id: 12, number: 2, holder_name: 'Anna Neri', seal: 'B2C3D4E5F6G7H8I9', barcode: 'LARIO-7-12', state: 'used', reduction_code: 'INTERO' }),
  aTicket({
    id: 13,
    sector_code: 'PRATO',
    sector_name: 'Prato (posti in piedi)',
    block_code: 'PRATO',
    row: 'P',
    number: 41,
    no_map: true,
    gate: 'Varco 5',
    holder_name: 'Marco Neri',
    reduction_code: 'SPECIALE',
    reduction_name: 'Tariffa Speciale',
    price_cents: 1000,
    seal: 'C3D4E5F6G7H8I9J0',
    barcode: 'LARIO-7-13',
  }),
];

describe('/wallet/', () => {
  it('shows each ticket with its QR code, seat, holder, seal, state and PDF', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/wallet': { body: aWallet(tickets) } });
    renderWithProviders(<AppRoutes />, { route: '/wallet/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Il mio wallet' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Como - Lazio Tribuna Centrale, blocco TC1, fila 1, posto 1' });
    expect(within(first).getByRole('img', { name: 'Codice QR del biglietto: Tribuna Centrale, blocco TC1, fila 1, posto 1' })).toHaveAttribute(
      'data-barcode',
      'LARIO-7-11-A1B2C3D4E5F6G7H8',
    );
    expect(within(first).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(first).getByText('A1B2C3D4E5F6G7H8')).toBeInTheDocument();
    expect(within(first).getByText('Varco 1')).toBeInTheDocument();
    expect(within(first).getByText(/^Intero · 60,00\s€$/)).toBeInTheDocument();
    expect(within(first).getByText(/6 dicembre 2026.*20:45/)).toBeInTheDocument();
    expect(screen.getByTestId('ticket-state-11')).toHaveTextContent('Valido');
    expect(screen.getByTestId('ticket-state-12')).toHaveTextContent('Utilizzato');
    expect(screen.getByTestId('download-pdf-11')).toHaveAttribute('href', '/api/wallet/11/pdf?lang=it');
    expect(screen.getByTestId('download-pdf-12')).toHaveTextContent('Scarica PDF');
    expect(screen.getByTestId('ticket-qr-12').querySelector('path')).not.toBeNull();
    // A standing place has no row or seat number.
    expect(screen.getByRole('article', { name: 'Como - Lazio Prato (posti in piedi), blocco PRATO, posto in piedi' })).toBeInTheDocument();
    expect(screen.queryByText(/fila P/)).not.toBeInTheDocument();
  });

  it('says there is nothing yet, and where to find a match', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/wallet': { body: aWallet() } });
    renderWithProviders(<AppRoutes />, { route: '/wallet/' });

    expect(
      await screen.findByText('Non hai ancora biglietti. I biglietti compaiono qui appena emessi.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scegli una partita' })).toHaveAttribute('href', '/fixtures/all');
  });

  it('leads to the refund of a cancelled or postponed match', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/wallet': { body: aWallet() } });
    renderWithProviders(<AppRoutes />, { route: '/wallet/' });

    expect(await screen.findByRole('link', { name: 'Partita annullata o rinviata? Chiedi il rimborso' })).toHaveAttribute(
      'href',
      '/rimborso-biglietti-tickets-refund',
    );
  });

  it('speaks English, PDF included', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/wallet': { body: aWallet(tickets) } });
    renderWithProviders(<AppRoutes />, { route: '/wallet' });

    expect(await screen.findByTestId('download-pdf-11')).toHaveAttribute('href', '/api/wallet/11/pdf?lang=en');
    expect(screen.getByTestId('download-pdf-11')).toHaveTextContent('Download PDF');
    expect(screen.getByRole('heading', { level: 1, name: 'My wallet' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code of the ticket: Main Stand (Tribuna Centrale), block TC1, row 1, seat 2' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('ticket-state-12')).toHaveTextContent('Used');
    // The names the API sends in Italian, in English by their code; an unknown one as sent.
    const second = screen.getByTestId('ticket-12');
    expect(within(second).getByText('Gate 1')).toBeInTheDocument();
    expect(within(second).getByText(/^Full price · €60.00$/)).toBeInTheDocument();
    expect(within(screen.getByTestId('ticket-13')).getByText(/^Tariffa Speciale · €10.00$/)).toBeInTheDocument();
  });

  it('sends a visitor to sign in, coming back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/wallet/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  describe('e-mails all the tickets again', () => {
    const SEND_ALL = 'POST /api/wallet/send';

    function openWith(answer: StubAnswer) {
      const api = stubApi({
        'GET /api/me': { body: aFan() },
        'GET /api/wallet': { body: aWallet(tickets) },
        'GET /api/wallet/seasons': { body: { items: [] } },
        'GET /api/transfers': { body: { items: [] } },
        [SEND_ALL]: answer,
      });
      renderWithProviders(<AppRoutes />, { route: '/wallet/' });
      return { api, user: userEvent.setup() };
    }

    const refused = (status: number, code: string): StubAnswer => ({
      status,
      body: { code, message: 'An English message for developers', errors: {} },
    });

    it('says how many orders are on their way', async () => {
      const { api, user } = openWith({ status: 202, body: { orders: 3 } });

      const button = await screen.findByRole('button', { name: 'Inviami di nuovo tutti i biglietti' });
      expect(button).toHaveAttribute('data-testid', 'send-all-tickets');
      await user.click(button);

      expect(await screen.findByRole('status')).toHaveTextContent('Ti inviamo di nuovo i biglietti di 3 ordini per e-mail.');
      expect(api.callsTo(SEND_ALL)).toHaveLength(1);
      expect(api.callsTo(SEND_ALL)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    });

    it.each([
      ['no_tickets', refused(409, 'no_tickets'), 'Non hai biglietti per partite future.'],
      ['rate_limited', refused(429, 'rate_limited'), 'Li abbiamo appena inviati: riprova tra qualche minuto.'],
    ])("says %s in the fan's words", async (_code, answer, text) => {
      const { user } = openWith(answer);

      await user.click(await screen.findByTestId('send-all-tickets'));

      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
    });

    it('is not offered on an empty wallet', async () => {
      stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/wallet': { body: aWallet() } });
      renderWithProviders(<AppRoutes />, { route: '/wallet/' });

      expect(await screen.findByTestId('wallet-empty')).toBeInTheDocument();
      expect(screen.queryByTestId('send-all-tickets')).not.toBeInTheDocument();
    });

    it('speaks English', async () => {
      await act(() => i18n.changeLanguage('en'));
      const { user } = openWith({ status: 202, body: { orders: 1 } });

      await user.click(await screen.findByRole('button', { name: 'E-mail me all my tickets again' }));
      expect(await screen.findByRole('status')).toHaveTextContent('We are e-mailing you the tickets of 1 order again.');
    });

    it.each([
      ['no_tickets', refused(409, 'no_tickets'), 'You have no tickets for matches ahead.'],
      ['rate_limited', refused(429, 'rate_limited'), 'We have just sent them: try again in a few minutes.'],
    ])('says %s in English', async (_code, answer, text) => {
      await act(() => i18n.changeLanguage('en'));
      const { user } = openWith(answer);

      await user.click(await screen.findByTestId('send-all-tickets'));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    });
  });
});
