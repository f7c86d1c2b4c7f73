import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan, aHolder, anOrder, anOrderLine, ORDER_ID } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';
import type { Order } from '../../../../api-types';

const ORDER = `/api/orders/${ORDER_ID}`;

function issued(order: Order): Order {
  return {
    ...order,
    state: 'issued',
    lines: order.lines.map((line, index) => ({
      ...line,
      title: { seal: `SEAL000${index + 1}`, barcode: `BC${index + 1}`, state: 'valid', issued_at: '2026-11-24T17:05:00Z' },
    })),
  };
}

const paid = anOrder({
  state: 'issuing',
  payment_status: 1,
  expires_at: null,
  lines: [anOrderLine({ holder: aHolder(), eligible: true }), anOrderLine({ number: 2, holder: aHolder({ first_name: 'Anna' }), eligible: true })],
});

beforeAll(async () => {
  await import('./ThankYouPage');
});

describe('/checkout/thankyou/{id}', () => {
  it('says the tickets are being issued, reads the order every 2 s, then shows them and the way to the wallet', async () => {
    const answers = [paid, paid, issued(paid)];
    const api = stubApi({
      'GET /api/me': { body: aFan() },
      [`GET ${ORDER}`]: () => ({ body: answers.shift() ?? issued(paid) }),
    });
    renderWithProviders(<AppRoutes />, { route: `/checkout/thankyou/${ORDER_ID}` });

    expect(await screen.findByText('Stiamo emettendo i tuoi biglietti…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Stiamo emettendo i tuoi biglietti…' })).toBeInTheDocument();

    expect(await screen.findByText('I tuoi 2 biglietti sono pronti.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo(`GET ${ORDER}`)).toHaveLength(3);
    expect(screen.getByText('Sigillo fiscale: SEAL0001')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-link')).toHaveAttribute('href', '/wallet/');
    // The receipt: the order's number, each ticket with holder, fare and price, the total.
    const receipt = screen.getByRole('region', { name: 'Ricevuta' });
    expect(within(receipt).getByTestId('order-number')).toHaveTextContent(`Ordine n. ${ORDER_ID}`);
    expect(within(receipt).getByText('Tribuna Centrale, blocco TC1, fila 1, posto 2')).toBeInTheDocument();
    expect(within(receipt).getByText('Anna Neri · Intero')).toBeInTheDocument();
    expect(within(receipt).getAllByText(/^60,00\s€$/)).toHaveLength(2);
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent(/^Totale: 120,00\s€$/);
    // Issued: nothing more to wait for.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.callsTo(`GET ${ORDER}`)).toHaveLength(3);
  });

  it('keeps the pre-emption badge on an order bought with a right', async () => {
    stubApi({
      'GET /api/me': { body: aFan() },
      [`GET ${ORDER}`]: { body: issued({ ...paid, preemption_right: 'TF0000000001', preemption_card: true }) },
    });
    renderWithProviders(<AppRoutes />, { route: `/checkout/thankyou/${ORDER_ID}` });

    expect(await screen.findByTestId('preemption-badge')).toHaveTextContent('Prelazione: TF0000000001');
  });

  it('says so when issuing failed', async () => {
    stubApi({ 'GET /api/me': { body: aFan() }, [`GET ${ORDER}`]: { body: { ...paid, state: 'failed' } } });
    renderWithProviders(<AppRoutes />, { route: `/checkout/thankyou/${ORDER_ID}` });

    expect(await screen.findByRole('heading', { level: 2, name: 'Emissione non riuscita' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: `/checkout/thankyou/${ORDER_ID}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });
});
