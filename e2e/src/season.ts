/** What the season journeys share: the public sale opened in the simulator, supporter cards. */
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { apiAs, payWithTestCard } from './checkout.ts';
import { baseUrl, simUrl } from './env.ts';

/** A season ticket as `GET /api/season-tickets` lists it. */
export interface SeasonSummary {
  id: number;
  name: string;
  matches: number;
  status: number;
  inventory_ready: boolean;
}

/** A season ticket with its matches and its sectors' blocks. */
export interface SeasonDetail extends SeasonSummary {
  fixtures: { id: number; title: string }[];
  sectors: { code: string; blocks: { id: number; code: string; free: number }[] }[];
}

/** A GET of the API that must answer 200, its JSON body. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A season ticket's holder as the ticketing simulator knows persons. */
export interface SeasonHolder {
  first_name: string;
  last_name: string;
  birth_date: string;
}

/** The ticketing simulator gives the holder a valid supporter card (some matches are high-risk). */
export async function supporterCard(holder: SeasonHolder): Promise<void> {
  const response = await fetch(`${simUrl()}/_sim/ticketing/supporter-cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nome: holder.first_name, cognome: holder.last_name, dataNascita: holder.birth_date }),
  });
  expect(response.status).toBe(201);
}

/**
 * On real time the simulator moves the demo season by whole weeks so that it opened this week
 * (Friday 08:00 UTC); its renewals' pre-emption window then runs until Sunday 22:00 UTC, and the
 * ticketing system sells season tickets to the public only after it. On those days the
 * simulator's clock is moved to an hour after the window (the season's matches are weeks ahead).
 */
export async function publicSeasonSale(): Promise<void> {
  const opening = Date.parse('2025-08-01T08:00:00Z');
  const windowCloses = Date.parse('2025-08-03T22:00:00Z');
  const week = 7 * 24 * 3600 * 1000;
  const clock = (await (await fetch(`${simUrl()}/_sim/ticketing/clock`)).json()) as { now: string };
  const now = Date.parse(clock.now);
  const weeks = Math.floor((Date.now() - opening) / week);
  const publicFrom = windowCloses + weeks * week + 3600 * 1000;
  if (now < publicFrom) {
    await fetch(`${simUrl()}/_sim/ticketing/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date(publicFrom).toISOString() }),
    });
  }
}

interface Windowed {
  preemption?: { closes_at: string } | null;
}

/**
 * The simulator's clock an hour after the last pre-emption window closes (the season's renewals
 * and every match's own card holders' window), still before the first match: the public sale of
 * the season and of every covered match is open, as a collection needs. Only ever moved forward.
 */
export async function publicSaleOfEveryMatch(): Promise<void> {
  const world = (await (await fetch(`${simUrl()}/_sim/ticketing/snapshot`)).json()) as {
    events: Record<string, Windowed>;
    season_types: Windowed[];
  };
  const closes = [...Object.values(world.events), ...world.season_types]
    .map((item) => (item.preemption ? Date.parse(item.preemption.closes_at) : 0))
    .reduce((latest, at) => Math.max(latest, at), 0);
  const clock = (await (await fetch(`${simUrl()}/_sim/ticketing/clock`)).json()) as { now: string };
  const publicFrom = closes + 3600 * 1000;
  if (Date.parse(clock.now) < publicFrom) {
    const response = await fetch(`${simUrl()}/_sim/ticketing/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date(publicFrom).toISOString() }),
    });
    expect(response.ok).toBe(true);
  }
}

/** A season seat's holder as the checkout names them. */
export interface NamedSeasonHolder extends SeasonHolder {
  birth_place: string;
  document_type: string;
  document_number: string;
}

/**
 * Buys one season seat through the API for the context's fan, as the season checkout pages
 * would (hold, order, holder, the simulator's test card, the return), and waits until its
 * season title is issued: for journeys about what follows a purchase.
 */
export async function buySeasonThroughApi(
  context: BrowserContext,
  seasonId: number,
  seatId: number,
  holder: NamedSeasonHolder,
): Promise<string> {
  const api = await apiAs(context);
  await api('post', `/api/season-tickets/${seasonId}/hold`, { seat_ids: [seatId] });
  const order = await api<{ id: string; lines: { id: number; reduction_id: number }[] }>(
    'post',
    `/api/season-tickets/${seasonId}/checkout`,
    {},
  );
  await api('put', `/api/season-orders/${order.id}/holders`, {
    lines: order.lines.map((line) => ({ id: line.id, reduction_id: line.reduction_id, collection: false, holder })),
  });
  const payment = await api<{ payment_intent_id: string; client_secret: string; simulator_url?: string | null }>(
    'post',
    `/api/season-orders/${order.id}/payment`,
    {},
  );
  await payWithTestCard(payment);
  await api('post', `/api/season-orders/${order.id}/confirm`, { client_secret: payment.client_secret });
  for (let i = 0; i < 300; i++) {
    const response = await context.request.get(`${baseUrl()}/api/season-orders/${order.id}`);
    const now = (await response.json()) as { state: string };
    if (now.state === 'issued') return order.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`season order ${order.id} not issued`);
}

/**
 * The season on sale, then a free seat of the Tribuna Centrale's last block with free season
 * seats (the season journey buys in the Curva Como), bought for the context's fan through the
 * API: the `pick`-th free seat from the start, or from the end when negative.
 */
export async function buyTribunaSeasonSeat(
  context: BrowserContext,
  holder: NamedSeasonHolder,
  pick: number,
): Promise<string> {
  const { items } = await getJson<{ items: SeasonSummary[] }>('/api/season-tickets');
  const summary = items.find((season) => season.status === 1 && season.inventory_ready);
  if (!summary) throw new Error('the demo data puts the season ticket on sale');
  const season = await getJson<SeasonDetail>(`/api/season-tickets/${summary.id}`);
  const block = season.sectors.find((s) => s.code === 'TC')?.blocks.filter((b) => b.free > 0).at(-1);
  if (!block) throw new Error('a block with free season seats');
  const { seats } = await getJson<{ seats: { id: number; state: string }[] }>(
    `/api/season-tickets/${season.id}/blocks/${block.id}`,
  );
  const seat = seats.filter((s) => s.state === 'free').at(pick);
  if (!seat) throw new Error('a free season seat');
  return buySeasonThroughApi(context, season.id, seat.id, holder);
}

/** A GET of the API as the context's fan that must answer 200, its JSON body. */
export async function getJsonAs<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(`${baseUrl()}${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}
