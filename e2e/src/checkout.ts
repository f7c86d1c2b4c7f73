/**
 * What the checkout journeys share: picking seats on a block's map, holding them, naming the
 * holders, paying with the simulator's test cards, and reading the order back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import { csrfHeaders } from './accounts.ts';
import { baseUrl } from './env.ts';

export interface FixtureSummary {
  id: number;
  planet_event_id: number;
  title: string;
  status: number;
  inventory_ready: boolean;
}

export interface Holder {
  first_name: string;
  last_name: string;
  birth_place: string;
  document_type: 'id_card' | 'passport' | 'driving_licence';
  document_number: string;
  /** A reduction id of the demo season (1 Intero: the others ask the holder's age or sex). */
  reduction_id: number;
}

export interface OrderLine {
  id: number;
  seat_id: number;
  price_cents: number;
  holder: { first_name: string; last_name: string } | null;
  eligible: boolean | null;
  ineligible_reason?: string | null;
  title: { seal: string; barcode: string; state: string } | null;
}

export interface Order {
  id: string;
  state: string;
  payment_status: number;
  total_cents: number;
  lines: OrderLine[];
}

/** The fixtures on sale with their seat map ready, in the API's order. */
export async function fixturesOnSale(): Promise<FixtureSummary[]> {
  const fixtures = (await (await fetch(`${baseUrl()}/api/fixtures?kind=league`)).json()) as {
    items: FixtureSummary[];
  };
  return fixtures.items.filter((f) => f.status === 1 && f.inventory_ready);
}

/**
 * A full-page screenshot from the top of the page: scrolled, the sticky app bar would be drawn
 * across the middle of the picture, over what it was scrolled past.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

export async function waitForSeatState(page: Page, seat: number, state: string): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => document.querySelector(`[data-testid="seat-${id}"]`)?.getAttribute('data-state') === wanted,
    [seat, state] as const,
    { timeout: 5000 },
  );
}

/** The free seats of a block, in the API's order. */
export async function freeSeats(fixtureId: number, blockId: number): Promise<number[]> {
  const block = (await (await fetch(`${baseUrl()}/api/fixtures/${fixtureId}/blocks/${blockId}`)).json()) as {
    seats: { id: number; state: string }[];
  };
  return block.seats.filter((s) => s.state === 'free').map((s) => s.id);
}

/** On the block's page: picks the seats, holds them and goes on to checkout; returns the order id. */
export async function holdAndCheckOut(page: Page, seats: number[], prefix: string): Promise<string> {
  for (const seat of seats) {
    await waitForSeatState(page, seat, 'free');
    await page.getByTestId(`seat-${seat}`).click();
  }
  await page.getByTestId('hold-button').click();
  await page.getByTestId('hold-summary').waitFor();
  for (const seat of seats) {
    await waitForSeatState(page, seat, 'mine');
  }
  // The notice of the hold would cover the seats in the picture: closed, as a fan would.
  const notice = page.getByRole('alert').filter({ hasText: 'Posti bloccati' });
  await notice.getByRole('button').click();
  await notice.waitFor({ state: 'hidden' });
  await shot(page, `${prefix}-held`);
  await page.getByTestId('checkout-button').click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByTestId('order-summary').waitFor();
  await page.getByTestId('hold-countdown').waitFor();
  return orderId;
}

/** Fills ticket `index` (1-based)'s holder fields, by their accessible names. */
export async function fillHolder(page: Page, index: number, holder: Holder): Promise<void> {
  const field = (name: string) => page.getByLabel(`${name}, biglietto ${index}`, { exact: true });
  await field('Nome').fill(holder.first_name);
  await field('Cognome').fill(holder.last_name);
  await field('Data di nascita').fill('1990-04-01');
  await field('Luogo di nascita').fill(holder.birth_place);
  await field('Tipo di documento').selectOption(holder.document_type);
  await field('Numero del documento').fill(holder.document_number);
  await field('Tariffa').selectOption(String(holder.reduction_id));
}

/** Saves the holders, waits for the check that follows to find every one of them eligible. */
export async function saveAndCheckHolders(page: Page, count: number): Promise<void> {
  await page.getByTestId('save-holders').click();
  for (let i = 0; i < count; i++) {
    await page.locator(`[data-testid="eligibility-${i}"][data-state="eligible"]`).waitFor({ timeout: 15_000 });
  }
  // Every holder eligible: the payment intent is asked for, and the card form shows.
  await page.getByTestId('card-form').waitFor({ timeout: 15_000 });
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Numero della carta', exact: true }).fill(number);
  await page.getByRole('textbox', { name: 'Scadenza (MM/AA)', exact: true }).fill('12/30');
  await page.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
}

export async function getOrder(context: BrowserContext, id: string): Promise<Order> {
  const response = await context.request.get(`${baseUrl()}/api/orders/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Order;
}

/** Pays an intent with the payments simulator's card that succeeds, as its card form would. */
export async function payWithTestCard(payment: { payment_intent_id: string; client_secret: string; simulator_url?: string | null }): Promise<void> {
  const paid = await fetch(`${payment.simulator_url}/v1/payment_intents/${payment.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_lario_simulator', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: payment.client_secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    }),
  });
  expect(paid.ok).toBe(true);
}

/** The API as the context's fan: a POST or PUT that must succeed, its JSON answer. */
export type ApiCall = <T>(method: 'post' | 'put', path: string, data: unknown) => Promise<T>;

export async function apiAs(context: BrowserContext): Promise<ApiCall> {
  const headers = await csrfHeaders(context);
  return async <T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> => {
    const response = await context.request[method](`${baseUrl()}${path}`, { data, headers });
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * Buys `seats` of a fixture through the API for the context's fan, as the checkout pages would
 * (hold, order, holders, the simulator's test card, the return), and waits until the order is
 * issued: for journeys about what follows a purchase (the checkout has its own journey).
 */
export async function buyThroughApi(
  context: BrowserContext,
  fixtureId: number,
  seats: number[],
  holders: Holder[],
): Promise<Order> {
  const api = await apiAs(context);
  await api('post', `/api/fixtures/${fixtureId}/hold`, { seat_ids: seats });
  const order = await api<Order>('post', `/api/fixtures/${fixtureId}/checkout`, { language: 'it' });
  await api('put', `/api/orders/${order.id}/holders`, {
    lines: order.lines.map((line, i) => {
      const named = holders[i];
      if (!named) throw new Error(`no holder for ticket ${i + 1}`);
      const { reduction_id, ...holder } = named;
      return { id: line.id, reduction_id, holder: { ...holder, birth_date: '1990-04-01' } };
    }),
  });
  const payment = await api<{ payment_intent_id: string; client_secret: string; simulator_url: string }>(
    'post',
    `/api/orders/${order.id}/payment`,
    {},
  );
  await payWithTestCard(payment);
  await api('post', `/api/orders/${order.id}/confirm`, { client_secret: payment.client_secret });
  for (let i = 0; i < 300; i++) {
    const now = await getOrder(context, order.id);
    if (now.state === 'issued') return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`order ${order.id} not issued`);
}
