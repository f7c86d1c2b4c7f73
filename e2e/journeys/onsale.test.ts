/**
 * On-sale journey: a fan (phone) opens a fixture on sale, picks a sector on the stadium map,
 * then two free seats in a block, and holds them; a second browser (desktop) watching the same
 * block sees both turn unavailable live, without reloading; the fan cancels and the watcher
 * sees them free again. Staff see the fixture in the match list and the demo season ticket on sale.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_USERS, signInToAdmin } from '../src/accounts.ts';
import {
  DESKTOP_VIEWPORT,
  collectPageErrors,
  launchBrowser,
  newAdminContext,
  newFanContext,
  screenshot,
} from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Signs the context in as a demo fan through the API (the sign-in pages have their own journey). */
async function signInAsFan(context: BrowserContext, user: { email: string; password: string }): Promise<void> {
  const csrf = (await (await context.request.get(`${BASE_URL}/api/auth/csrf`)).json()) as { csrf_token: string };
  const response = await context.request.post(`${BASE_URL}/api/auth/password`, {
    data: { email: user.email, password: user.password, area: 'fan' },
    headers: { 'x-csrf-token': csrf.csrf_token },
  });
  expect(response.status()).toBe(200);
}

/** The state a seat shows on the map (free, held, sold, locked, mine, selected). */
function seatState(page: Page, seat: number): Promise<string | null> {
  return page.getByTestId(`seat-${seat}`).getAttribute('data-state');
}

async function waitForSeatState(page: Page, seat: number, state: string): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => document.querySelector(`[data-testid="seat-${id}"]`)?.getAttribute('data-state') === wanted,
    [seat, state] as const,
    { timeout: 5000 },
  );
}

interface FixtureSummary {
  id: number;
  title: string;
  status: number;
  inventory_ready: boolean;
}

describe('seats on sale', () => {
  it('a fan holds two seats, a second browser sees them go and come back live', async () => {
    const fixtures = (await (await fetch(`${BASE_URL}/api/fixtures?kind=league`)).json()) as {
      items: FixtureSummary[];
    };
    const fixture = fixtures.items.find((f) => f.status === 1 && f.inventory_ready);
    expect(fixture, 'the demo data puts the next league fixtures on sale').toBeDefined();
    if (!fixture) return;

    const fanContext = await newFanContext(browser);
    await signInAsFan(fanContext, DEMO_USERS.fan);
    const fan = await fanContext.newPage();
    const fanErrors = collectPageErrors(fan);

    // The list, then the stadium overview of the fixture.
    await fan.goto(`${BASE_URL}/fixtures/league`);
    await fan.getByText(fixture.title).first().waitFor();
    await screenshot(fan, 'onsale-fixtures-phone');
    await fan.goto(`${BASE_URL}/selectedfixture/${fixture.id}`);
    await fan.getByTestId('sector-TC').waitFor();
    await screenshot(fan, 'onsale-stadium-phone');
    await fan.getByTestId('sector-TC').click();
    const blockLink = fan.locator('[data-testid^="block-"]').first();
    await blockLink.waitFor();
    await screenshot(fan, 'onsale-sector-blocks-phone');
    await blockLink.click();
    await fan.waitForURL(/\/selectedfixturetickets\/\d+/);
    const blockId = Number(new URL(fan.url()).searchParams.get('block'));
    expect(blockId).toBeGreaterThan(0);

    // Two free seats of the block, from the API, so the watcher can look for the same ones.
    const block = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}/blocks/${blockId}`)).json()) as {
      seats: { id: number; state: string }[];
    };
    const [first, second] = block.seats.filter((s) => s.state === 'free').slice(10, 12);
    expect(first && second).toBeTruthy();
    if (!first || !second) return;

    // A second browser (desktop, not signed in) watching the same block.
    const watcherContext = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const watcher = await watcherContext.newPage();
    const watcherErrors = collectPageErrors(watcher);
    await watcher.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${blockId}`);
    await waitForSeatState(watcher, first.id, 'free');
    expect(await seatState(watcher, second.id)).toBe('free');
    await screenshot(watcher, 'onsale-block-watcher-before-desktop');

    // The fan picks the two seats and holds them.
    await waitForSeatState(fan, first.id, 'free');
    await fan.getByTestId(`seat-${first.id}`).click();
    await fan.getByTestId(`seat-${second.id}`).click();
    expect(await seatState(fan, first.id)).toBe('selected');
    await screenshot(fan, 'onsale-seats-selected-phone');
    await fan.getByTestId('hold-button').click();
    await fan.getByTestId('hold-summary').waitFor();
    await waitForSeatState(fan, first.id, 'mine');
    await fan.getByTestId('hold-countdown').waitFor();
    // The live stream announces the fan's own seats too: they are not "taken by others".
    expect(await fan.getByText(/appena preso/).count()).toBe(0);
    await screenshot(fan, 'onsale-seats-held-phone');

    // The watcher sees both go, live.
    await waitForSeatState(watcher, first.id, 'held');
    await waitForSeatState(watcher, second.id, 'held');
    await screenshot(watcher, 'onsale-block-watcher-held-desktop');

    // The fan cancels: the watcher sees them free again.
    await fan.getByTestId('cancel-hold-button').click();
    await waitForSeatState(watcher, first.id, 'free');
    await waitForSeatState(watcher, second.id, 'free');
    await waitForSeatState(fan, first.id, 'free');
    await screenshot(watcher, 'onsale-block-watcher-released-desktop');
    await screenshot(fan, 'onsale-seats-released-phone');

    expect(fanErrors).toEqual([]);
    expect(watcherErrors).toEqual([]);
    await fanContext.close();
    await watcherContext.close();
  });

  it('staff see the fixtures on sale in the match list', async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInToAdmin(page, DEMO_USERS.staff);
    await page.goto(`${BASE_URL}/admin/matchlist/upcoming`);
    await page.locator('[data-status="1"]').first().waitFor();
    await screenshot(page, 'onsale-admin-matchlist');
    await page.goto(`${BASE_URL}/admin/stadium/ticketprice`);
    await page.getByText('TC').first().waitFor();
    await screenshot(page, 'onsale-admin-prices');
    await page.goto(`${BASE_URL}/admin/stadium/sectors`);
    await page.getByText('Tribuna Centrale').first().waitFor();
    await screenshot(page, 'onsale-admin-sectors');
    await page.goto(`${BASE_URL}/admin/stadium/season`);
    await page.locator('[data-testid^="season-sellable-"]').first().waitFor();
    await screenshot(page, 'onsale-admin-season');
    // The demo season ticket is on sale, every covered match's seats copied.
    await page.goto(`${BASE_URL}/admin/seasontickets`);
    const seasonRow = page.locator('tr', { has: page.locator('[data-status="1"]') }).first();
    await seasonRow.getByText('Pronti').waitFor();
    expect(await seasonRow.getByRole('button', { name: 'Togli dalla vendita' }).count()).toBe(1);
    await screenshot(page, 'onsale-admin-season-tickets');
    await seasonRow.locator('td').first().click();
    await page.getByText('Tipo di abbonamento nel sistema di biglietteria').waitFor();
    await screenshot(page, 'onsale-admin-season-ticket');
    await page.goto(`${BASE_URL}/admin/mass/mass_lock_unlock_seats`);
    await page.getByTestId('labels-input').waitFor();
    await screenshot(page, 'onsale-admin-seat-locks');
    expect(errors).toEqual([]);
    await context.close();
  });
});
