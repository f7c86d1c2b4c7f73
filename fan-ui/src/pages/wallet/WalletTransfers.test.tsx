import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS, TRANSFER_NS } from '../../i18n';
import { aFan, aTicket, aWallet } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import { aTransferView } from '../../test/transfers';
import type { TransferView, WalletTicket } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([import('./WalletPage'), i18n.loadNamespaces([SEASON_ORDER_NS, TRANSFER_NS])]);
});

const SHARE = 'POST /api/wallet/11/share';

const tickets = [
  aTicket(),
  aTicket({ id: 12, number: 2, holder_name: 'Anna Neri', seal: 'B2C3D4E5F6G7H8I9', barcode: 'LARIO-7-12', state: 'used' }),
  aTicket({ id: 14, number: 4, holder_name: 'Luca Rossi', seal: 'D4E5F6G7H8I9J0K1', barcode: 'LARIO-7-14', received: true }),
  // Last season's match: nothing to pass on.
  aTicket({
    id: 15,
    fixture: { id: 3, title: 'Como - Inter', competition: 'Serie A 2025-2026', starts_at: '2026-05-10T16:00:00Z' },
    seal: 'E5F6G7H8I9J0K1L2',
    barcode: 'LARIO-3-15',
  }),
];

function openWallet({ transfers = [], routes = {} }: { transfers?: TransferView[]; routes?: Record<string, StubRoute> } = {}, items: WalletTicket[] = tickets) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/wallet': { body: aWallet(items) },
    'GET /api/wallet/seasons': { body: { items: [] } },
    'GET /api/transfers': { body: { items: transfers } },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route: '/wallet/' });
  return { api, user: userEvent.setup() };
}

describe('/wallet/ passing tickets on', () => {
  it('offers to pass on or share each valid ticket of a match ahead, and marks those received', async () => {
    openWallet();

    const first = await screen.findByTestId('ticket-11');
    expect(await within(first).findByRole('link', { name: 'Cedi il biglietto' })).toHaveAttribute('href', '/transfer_title/A1B2C3D4E5F6G7H8');
    expect(within(first).getByRole('button', { name: 'Invia una copia' })).toBeInTheDocument();
    expect(within(first).queryByText('Ricevuto')).not.toBeInTheDocument();
    // Used, or of a match gone: nothing to pass on.
    expect(within(screen.getByTestId('ticket-12')).queryByTestId('pass-on-12')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('ticket-15')).queryByTestId('share-15')).not.toBeInTheDocument();
    const received = screen.getByTestId('ticket-14');
    expect(within(received).getByTestId('ticket-received-14')).toHaveTextContent('Ricevuto');
    expect(within(received).getByTestId('pass-on-14')).toBeInTheDocument();
    // Nothing passed on yet: no such section.
    expect(screen.queryByTestId('wallet-passed-on')).not.toBeInTheDocument();
  });

  it('e-mails a copy of a ticket and says it is on its way', async () => {
    const { api, user } = openWallet({ routes: { [SHARE]: { status: 202 } } });

    await user.click(await screen.findByTestId('share-11'));
    const dialog = await screen.findByRole('dialog', { name: 'Invia una copia del biglietto' });
    expect(dialog).toHaveTextContent('Tribuna Centrale, blocco TC1, fila 1, posto 1');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail del destinatario' });
    await user.click(within(dialog).getByTestId('share-send'));
    expect(email).toHaveAccessibleDescription('Scrivi un indirizzo e-mail valido, per esempio nome@esempio.it.');
    expect(api.callsTo(SHARE)).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' anna.bianchi@example.it ' } });
    await user.click(within(dialog).getByTestId('share-send'));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('La copia del biglietto è in viaggio verso anna.bianchi@example.it.');
    expect(api.callsTo(SHARE)).toHaveLength(1);
    expect(api.callsTo(SHARE)[0]?.body).toEqual({ email: 'anna.bianchi@example.it' });
    expect(api.callsTo(SHARE)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['title_used', 409, "Il biglietto è già stato usato: non c'è nulla da inviare."],
    ['rate_limited', 429, "Hai inviato molte copie nell'ultima ora: riprova più tardi."],
  ])("says %s in the fan's words", async (code, status, text) => {
    const { user } = openWallet({ routes: { [SHARE]: { status, body: { code, message: 'An English message', errors: {} } } } });

    await user.click(await screen.findByTestId('share-11'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail del destinatario' }), { target: { value: 'anna@example.it' } });
    await user.click(within(dialog).getByTestId('share-send'));

    expect(await within(dialog).findByTestId('share-failure')).toHaveTextContent(text);
    expect(within(dialog).queryByText('An English message')).not.toBeInTheDocument();
  });

  it('lists the tickets passed on: to whom and when, under way, refused and why', async () => {
    openWallet({
      transfers: [
        aTransferView({ id: 't-3', from_seal: 'A1B2C3D4E5F6G7H8', to_name: 'Marta Neri' }),
        aTransferView({ id: 't-2', state: 'refused', refusal_code: 'supporter_card_required', number: 5, to_name: 'Paolo Verdi' }),
        aTransferView({ id: 't-1', state: 'done', done_at: '2026-11-25T10:00:05Z', from_seal: 'Z9Y8X7W6V5U4T3S2', number: 6 }),
      ],
    });

    const section = await screen.findByRole('region', { name: 'Biglietti ceduti' });
    const done = within(section).getByTestId('passed-on-t-1');
    expect(done).toHaveTextContent('Ceduto a Anna Bianchi il 25 nov 2026, 11:00');
    expect(done).toHaveTextContent('Sigillo fiscale del tuo biglietto: Z9Y8X7W6V5U4T3S2');
    expect(done).toHaveTextContent('Tribuna Centrale, fila 1, posto 6');
    expect(within(section).getByTestId('passed-on-t-3')).toHaveTextContent('Cessione a Marta Neri in corso');
    const refusedItem = within(section).getByTestId('passed-on-t-2');
    expect(refusedItem).toHaveTextContent('Cessione a Paolo Verdi non riuscita');
    expect(refusedItem).toHaveTextContent('Per questo biglietto il nuovo titolare deve avere la tessera del tifoso.');
    // The ticket being passed on says so instead of offering it again.
    const ticket = screen.getByTestId('ticket-11');
    expect(within(ticket).getByTestId('transfer-in-progress-11')).toHaveTextContent('Cessione in corso');
    expect(within(ticket).queryByTestId('pass-on-11')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openWallet({ transfers: [aTransferView({ state: 'done', done_at: '2026-11-25T10:00:05Z' })] });

    const ticket = await screen.findByTestId('ticket-14');
    expect(await within(ticket).findByRole('link', { name: 'Pass on' })).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Send a copy' })).toBeInTheDocument();
    expect(within(ticket).getByTestId('ticket-received-14')).toHaveTextContent('Received');
    const section = await screen.findByRole('region', { name: 'Passed on' });
    expect(section).toHaveTextContent('Passed on to Anna Bianchi on Nov 25, 2026, 11:00 AM');
  });
});
