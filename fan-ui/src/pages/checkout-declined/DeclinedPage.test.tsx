import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan, aHolder, anOrder, anOrderLine, ORDER_ID } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import type { Order } from '../../../../api-types';

const ORDER = `/api/orders/${ORDER_ID}`;
const named = [anOrderLine({ holder: aHolder(), eligible: true }), anOrderLine({ number: 2, holder: aHolder({ first_name: 'Anna' }), eligible: true })];

beforeAll(async () => {
  await Promise.all([import('./DeclinedPage'), import('../checkout-thank-you/ThankYouPage'), import('../checkout/CheckoutPage')]);
});

function openWith(order: Order) {
  const api = stubApi({ 'GET /api/me': { body: aFan() }, [`GET ${ORDER}`]: { body: order } });
  renderWithProviders(<AppRoutes />, { route: `/checkout/declined/${ORDER_ID}` });
  return api;
}

describe('/checkout/declined/{id}', () => {
  it('says a pending unpaid order was declined, shows the time left, and offers to pay again', async () => {
    const api = openWith(anOrder({ lines: named }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento rifiutato' })).toBeInTheDocument();
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/Li teniamo per te ancora 2\d:\d\d/);
    await userEvent.click(screen.getByTestId('retry-payment'));

    // Back at checkout, which asks for the payment afresh.
    expect(await screen.findByTestId('payment-step')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo(`POST ${ORDER}/payment`)).toHaveLength(1));
  });

  it.each([
    ['paid', 1],
    ['issuing', 1],
    ['issued', 1],
  ] as const)('never says "declined" for an order that is %s: the thank-you page follows it', async (state, paymentStatus) => {
    openWith(anOrder({ state, payment_status: paymentStatus, expires_at: null, lines: named }));

    expect(await screen.findByTestId('order-outcome')).toHaveAttribute('data-state', state);
    expect(screen.queryByText('Pagamento rifiutato')).not.toBeInTheDocument();
  });

  it('treats a pending order already marked paid as paid', async () => {
    openWith(anOrder({ payment_status: 1, lines: named }));

    expect(await screen.findByTestId('order-outcome')).toBeInTheDocument();
    expect(screen.queryByText('Pagamento rifiutato')).not.toBeInTheDocument();
  });

  it('says the time is up, not "try again", once the hold has ended', async () => {
    openWith(anOrder({ lines: named, expires_at: new Date(Date.now() - 1000).toISOString() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento non completato' })).toBeInTheDocument();
    expect(screen.queryByTestId('retry-payment')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna allo stadio' })).toHaveAttribute('href', '/selectedfixture/7');
  });

  it('says a cancelled order is cancelled', async () => {
    openWith(anOrder({ state: 'cancelled', payment_status: -1, expires_at: null }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine annullato' })).toBeInTheDocument();
    expect(screen.queryByTestId('retry-payment')).not.toBeInTheDocument();
  });
});
