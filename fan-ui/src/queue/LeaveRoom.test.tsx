import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../AppRoutes';
import { aFan, aHolder, anOrder, anOrderLine, ORDER_ID } from '../test/fixtures';
import { ROOM_ID, aRoom, anAdmission, keepAdmission } from '../test/queue';
import { renderWithProviders, stubApi, type StubRoute } from '../test/render';
import { aSeasonOrder, SEASON_ORDER_ID } from '../test/seasons';
import type { Order } from '../../../api-types';

const LEAVE = `DELETE /api/waiting-rooms/${ROOM_ID}/me`;

const issued: Order = anOrder({
  state: 'issued',
  payment_status: 1,
  expires_at: null,
  lines: [anOrderLine({ holder: aHolder(), eligible: true })],
});

function thankYou(order: Order, routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [`GET /api/orders/${ORDER_ID}`]: { body: order },
    [LEAVE]: { status: 204 },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route: `/checkout/thankyou/${ORDER_ID}` });
  return api;
}

beforeAll(async () => {
  await Promise.all([import('../pages/checkout-thank-you/ThankYouPage'), import('../pages/season-checkout/SeasonThankYouPage')]);
});

describe('leaving the waiting room once the order is paid', () => {
  it("leaves the room whose admission this tab keeps for the match, and forgets it", async () => {
    keepAdmission('fixture', 7, anAdmission());
    const api = thankYou(issued);

    await screen.findByTestId('order-outcome');
    await waitFor(() => expect(api.callsTo(LEAVE)).toHaveLength(1));
    expect(api.callsTo(LEAVE)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`)).toBeNull();
    expect(api.callsTo('GET /api/fixtures/7/waiting-room')).toHaveLength(0);
  });

  it("reads the match's room when no admission is kept, and leaves it", async () => {
    const api = thankYou(issued, { 'GET /api/fixtures/7/waiting-room': { body: { room: aRoom() } } });

    await waitFor(() => expect(api.callsTo(LEAVE)).toHaveLength(1));
  });

  it('leaves nothing when the match has no room', async () => {
    const api = thankYou(issued, {
      'GET /api/fixtures/7/waiting-room': { body: { room: null } },
    });
    await screen.findByTestId('order-outcome');
    await waitFor(() => expect(api.callsTo('GET /api/fixtures/7/waiting-room')).toHaveLength(1));
    expect(api.callsTo(LEAVE)).toHaveLength(0);
  });

  it('stays in line while the order is not paid', async () => {
    keepAdmission('fixture', 7, anAdmission());
    const api = thankYou(anOrder({ state: 'cancelled', payment_status: -1 }));

    expect(await screen.findByTestId('order-outcome')).toHaveAttribute('data-state', 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(LEAVE)).toHaveLength(0);
    expect(window.sessionStorage.getItem(`lario.admission.${ROOM_ID}`)).not.toBeNull();
  });

  it("leaves a season ticket's room after its paid order", async () => {
    keepAdmission('season', 10000, anAdmission());
    const order = aSeasonOrder({ state: 'issued', payment_status: 1 });
    const api = stubApi({
      'GET /api/me': { body: aFan() },
      [`GET /api/season-orders/${SEASON_ORDER_ID}`]: { body: order },
      [LEAVE]: { status: 500, body: { code: 'internal', message: 'Oops' } },
    });
    renderWithProviders(<AppRoutes />, { route: `/seasonticketcheckout/thankyou/${SEASON_ORDER_ID}` });

    await waitFor(() => expect(api.callsTo(LEAVE)).toHaveLength(1));
    // A failure is the fan's business no more than a success: the page goes on as ever.
    expect(await screen.findByTestId('order-outcome')).toBeInTheDocument();
  });
});
