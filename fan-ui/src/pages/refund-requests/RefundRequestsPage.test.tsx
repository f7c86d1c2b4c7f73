import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { REFUND_NS } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { REFUND_ORDER_ID, aRefundRequest, aRefundableOrder, myRefundRequests } from '../../test/refunds';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';

beforeAll(async () => {
  await Promise.all([import('./RefundRequestsPage'), i18n.loadNamespaces(REFUND_NS)]);
});

const LIST = 'GET /api/refund-requests';
const SEND = 'POST /api/refund-requests';

function openRefunds(routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [LIST]: { body: myRefundRequests() },
    [SEND]: { status: 201, body: aRefundRequest({ reason: 'Non posso venire' }) },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route: '/rimborso-biglietti-tickets-refund' });
  return { api, user: userEvent.setup() };
}

const refused = (status: number, code: string) => ({
  status,
  body: { code, message: 'An English message for developers', errors: {} },
});

describe('/rimborso-biglietti-tickets-refund', () => {
  it('lists the refundable orders and the requests sent, with their state and the staff note', async () => {
    openRefunds({
      [LIST]: {
        body: myRefundRequests({
          refundable: [
            aRefundableOrder(),
            aRefundableOrder({
              order_id: 'other-order',
              fixture: { id: 8, title: 'Como - Inter', competition: 'Serie A', starts_at: '2026-12-13T14:00:00Z' },
              why: 'postponed',
              tickets: 1,
              amount_cents: 3500,
              pending: true,
            }),
          ],
          items: [
            aRefundRequest({ id: 'r1', order_id: 'other-order', fixture: { id: 8, title: 'Como - Inter', competition: 'Serie A', starts_at: '2026-12-13T14:00:00Z' } }),
            aRefundRequest({ id: 'r2', state: 'declined', staff_note: 'Biglietti già usati', decided_at: '2026-11-26T12:00:00Z' }),
            aRefundRequest({ id: 'r3', state: 'approved', decided_at: '2026-11-26T12:00:00Z' }),
          ],
        }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Rimborso biglietti' })).toBeInTheDocument();
    const lazio = await screen.findByTestId(`refundable-${REFUND_ORDER_ID}`);
    expect(within(lazio).getByRole('heading', { name: 'Como - Lazio' })).toBeInTheDocument();
    expect(lazio).toHaveTextContent('Partita annullata');
    expect(lazio).toHaveTextContent('2 biglietti');
    expect(lazio).toHaveTextContent('Importo: 50,00 €');
    expect(within(lazio).getByRole('button', { name: 'Chiedi il rimborso' })).toBeInTheDocument();

    const inter = screen.getByTestId('refundable-other-order');
    expect(inter).toHaveTextContent('Partita rinviata');
    expect(inter).toHaveTextContent('1 biglietto');
    expect(inter).toHaveTextContent('Richiesta inviata');
    expect(within(inter).queryByRole('button', { name: 'Chiedi il rimborso' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Le tue richieste' })).toBeInTheDocument();
    expect(screen.getByTestId('refund-request-r1')).toHaveTextContent('In attesa');
    const declined = screen.getByTestId('refund-request-r2');
    expect(declined).toHaveTextContent('Non accolta');
    expect(declined).toHaveTextContent('Risposta dello staff: «Biglietti già usati»');
    expect(screen.getByTestId('refund-request-r3')).toHaveTextContent('Approvata');
    expect(within(screen.getByTestId('refund-request-r3')).queryByTestId('refund-staff-note')).not.toBeInTheDocument();
  });

  it('says so when nothing is refundable', async () => {
    openRefunds({ [LIST]: { body: myRefundRequests({ refundable: [] }) } });

    expect(await screen.findByTestId('refundable-empty')).toHaveTextContent('Non hai biglietti da rimborsare');
    expect(screen.queryByRole('heading', { name: 'Le tue richieste' })).not.toBeInTheDocument();
  });

  it('sends the order and the reason, then shows the request as sent and listed', async () => {
    let sent = false;
    const { api, user } = openRefunds({
      [LIST]: () => ({
        body: sent
          ? myRefundRequests({ refundable: [aRefundableOrder({ pending: true })], items: [aRefundRequest({ reason: 'Non posso venire' })] })
          : myRefundRequests(),
      }),
      [SEND]: () => {
        sent = true;
        return { status: 201, body: aRefundRequest({ reason: 'Non posso venire' }) };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Chiedi il rimborso' }));
    await user.type(screen.getByRole('textbox', { name: 'Motivo (facoltativo)' }), '  Non posso venire ');
    await user.click(screen.getByTestId('refund-submit'));

    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    expect(api.callsTo(SEND)[0]?.body).toEqual({ order_id: REFUND_ORDER_ID, reason: 'Non posso venire' });
    expect(api.callsTo(SEND)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(await screen.findByTestId('refund-sent')).toHaveTextContent('Richiesta inviata');
    expect(screen.queryByTestId('refund-form')).not.toBeInTheDocument();
    const request = await screen.findByTestId('refund-request-0193c4d5-e6f7-7a80-9b1c-000000000001');
    expect(request).toHaveTextContent('In attesa');
    expect(request).toHaveTextContent('Il tuo motivo: «Non posso venire»');
  });

  it('sends no reason when none is written', async () => {
    const { api, user } = openRefunds();

    await user.click(await screen.findByRole('button', { name: 'Chiedi il rimborso' }));
    await user.click(screen.getByTestId('refund-submit'));

    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    expect(api.callsTo(SEND)[0]?.body).toEqual({ order_id: REFUND_ORDER_ID });
  });

  it.each([
    ['refunds_not_open', 'Per questa partita i rimborsi non sono (più) aperti.'],
    ['request_pending', 'Hai già una richiesta di rimborso in attesa per questo ordine.'],
    ['nothing_to_refund', 'In questo ordine non ci sono più biglietti da rimborsare.'],
  ])("says a 409 %s in the fan's words", async (code, text) => {
    const { user } = openRefunds({ [SEND]: refused(409, code) });

    await user.click(await screen.findByRole('button', { name: 'Chiedi il rimborso' }));
    await user.click(screen.getByTestId('refund-submit'));

    expect(await screen.findByTestId('refund-failure')).toHaveTextContent(text);
    expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
    expect(screen.getByTestId('refund-submit')).toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    openRefunds({ 'GET /api/me': SIGNED_OUT });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openRefunds({ [LIST]: { body: myRefundRequests({ items: [aRefundRequest({ state: 'declined', staff_note: 'Tickets used' })] }) } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket refunds' })).toBeInTheDocument();
    const order = await screen.findByTestId(`refundable-${REFUND_ORDER_ID}`);
    expect(order).toHaveTextContent('Match cancelled');
    expect(order).toHaveTextContent('2 tickets');
    expect(order).toHaveTextContent('Amount: €50.00');
    expect(within(order).getByRole('button', { name: 'Ask for a refund' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your requests' })).toBeInTheDocument();
    expect(screen.getByText('Not granted')).toBeInTheDocument();
    expect(screen.getByTestId('refund-staff-note')).toHaveTextContent('Tickets used');
  });
});
