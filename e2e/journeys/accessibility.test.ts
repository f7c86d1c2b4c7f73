/**
 * Accessibility (issue 15): axe finds no serious or critical violation on the fan's home, a
 * fixture's page, a block's seat map and the checkout (phone), nor on three staff pages (orders,
 * an order's page, the failed issues; desktop).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { seriousViolations } from '../src/axe.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import { fixturesOnSale, freeSeats, holdAndCheckOut, type FixtureSummary } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;
let fixture: FixtureSummary;
let blockId = 0;
/** The order the fan's checkout opens: the staff's order page shows it. */
let orderId = '';

/** Runs axe on the page and fails with the list of what it found. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const first = (await fixturesOnSale())[0];
  expect(first, 'the demo data puts fixtures on sale').toBeDefined();
  if (!first) return;
  fixture = first;
  const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
    sectors?: { no_map: boolean; blocks: { id: number }[] }[];
  };
  blockId = detail.sectors?.find((s) => !s.no_map && s.blocks.length > 0)?.blocks[0]?.id ?? 0;
  expect(blockId, 'a block with a seat map').toBeGreaterThan(0);
});

afterAll(async () => {
  await browser?.close();
});

describe('axe finds no serious violation', () => {
  it('on the fan pages, on a phone: home, a fixture, a seat map, the checkout', async () => {
    const context = await newFanContext(browser);
    await signUpThroughApi(context, uniqueEmail('axe'), 'Chiara');
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('home-fixtures').waitFor();
    await page.getByRole('button', { name: /^Account di / }).waitFor();
    await expectNoSeriousViolations(page, 'the home page');

    await page.goto(`${BASE_URL}/selectedfixture/${fixture.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The stadium map with its sectors is drawn.
    await page.locator('[data-testid^="sector-"]').first().waitFor();
    await expectNoSeriousViolations(page, "the fixture's page");

    await page.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${blockId}`);
    await page.getByTestId('hold-button').waitFor();
    await page.locator('[data-testid^="seat-"]').first().waitFor();
    await expectNoSeriousViolations(page, "the block's seat map");

    // Seats far into the block, clear of the other journeys' (they start from the front).
    const seat = (await freeSeats(fixture.id, blockId)).at(-5);
    expect(seat, 'a free seat in the block').toBeDefined();
    if (seat === undefined) return;
    orderId = await holdAndCheckOut(page, [seat], 'axe');
    await expectNoSeriousViolations(page, 'the checkout page');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the staff pages, on a desktop: the orders, an order, the failed issues', async () => {
    expect(orderId, 'the fan journey above opened an order').not.toBe('');
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInToAdmin(page, DEMO_USERS.staff2);

    await page.goto(`${BASE_URL}/admin/orders`);
    await page.locator('.RaDataTable-root tbody tr').first().waitFor();
    await expectNoSeriousViolations(page, 'the orders list');

    await page.goto(`${BASE_URL}/admin/orders/${orderId}/show`);
    await page.getByText(orderId).first().waitFor();
    await expectNoSeriousViolations(page, "an order's page");

    await page.goto(`${BASE_URL}/admin/tickets/issuefailed`);
    // Rows, or react-admin's word that there are none: the list has loaded either way.
    await page.locator('.RaList-main').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'the failed issues');

    expect(errors).toEqual([]);
    await context.close();
  });
});
