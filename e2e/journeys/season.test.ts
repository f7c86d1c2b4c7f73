/**
 * Season ticket journey (issue 17, the fan's part the API supports): a fan (phone) signed in
 * opens the home page's season card, the season ticket, a sector and a block, picks a seat and
 * holds it for the season, and sees the countdown in the bottom bar. A second browser, anonymous
 * on a desktop, opens the block of a covered match and sees that seat taken; the fan releases it
 * and the match's map shows it free again. Then the fan holds it again and buys it: names the
 * holder, has them checked, pays with the simulator's card, waits on the thank-you page for the
 * season title, and finds it in the wallet with every covered match and its PDF; the second
 * browser sees the seat sold.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInThroughApi } from '../src/accounts.ts';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  SCREENSHOTS_DIR,
  collectPageErrors,
  launchBrowser,
  newFanContext,
  screenshot,
} from '../src/browser.ts';
import { fillCard, saveAndCheckHolders } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { type SeasonDetail, type SeasonSummary, getJson, publicSeasonSale, supporterCard } from '../src/season.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function waitForSeatState(page: Page, seat: number, state: string): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => document.querySelector(`[data-testid="seat-${id}"]`)?.getAttribute('data-state') === wanted,
    [seat, state] as const,
    { timeout: 10_000 },
  );
}

/** The season ticket's holder in the journey (a supporter card: some matches are high-risk). */
const HOLDER = { first_name: 'Chiara', last_name: 'Abbonata', birth_date: '1988-03-12' };

describe('season tickets', () => {
  it('a fan holds a seat for the season; a covered match shows it taken, then free once released', async () => {
    const { items } = await getJson<{ items: SeasonSummary[] }>('/api/season-tickets');
    const summary = items.find((season) => season.status === 1 && season.inventory_ready);
    expect(summary, 'the demo data puts the season ticket on sale with every match copied').toBeDefined();
    if (!summary) return;
    const season = await getJson<SeasonDetail>(`/api/season-tickets/${summary.id}`);
    expect(season.fixtures).toHaveLength(summary.matches);
    // Curva Como: the other journeys buy in the main stand.
    const sector = season.sectors.find((candidate) => candidate.code === 'CC') ?? season.sectors[0];
    const block = sector?.blocks.find((candidate) => candidate.free > 0);
    const match = season.fixtures[0];
    expect(sector && block && match).toBeTruthy();
    if (!sector || !block || !match) return;
    const { seats } = await getJson<{ seats: { id: number; state: string }[] }>(
      `/api/season-tickets/${season.id}/blocks/${block.id}`,
    );
    const seat = seats.filter((candidate) => candidate.state === 'free')[12];
    expect(seat).toBeDefined();
    if (!seat) return;

    const fanContext = await newFanContext(browser);
    await signInThroughApi(fanContext, DEMO_USERS.fan);
    const fan = await fanContext.newPage();
    const fanErrors = collectPageErrors(fan);

    // Home: the season card leads to the list of season tickets.
    await fan.goto(`${BASE_URL}/`);
    await fan.getByRole('region', { name: 'Cosa puoi fare' }).getByRole('link', { name: /Abbonamenti/ }).click();
    await fan.waitForURL('**/fixtures/season');
    const choose = fan.getByRole('link', { name: `Scegli il posto per ${season.name}` });
    await choose.waitFor();
    expect(await fan.getByText(`${summary.matches} partite`).count()).toBe(1);
    await screenshot(fan, 'season-1-list-phone');

    // The season ticket: its matches, opened on demand, and the stadium.
    await choose.click();
    await fan.waitForURL(`**/selectedseasonticket/${season.id}`);
    await fan.getByRole('heading', { level: 1, name: season.name }).waitFor();
    await fan.getByRole('button', { name: `Mostra le ${summary.matches} partite` }).click();
    await fan.getByRole('list', { name: "Partite comprese nell'abbonamento" }).getByText(match.title).first().waitFor();
    await screenshot(fan, 'season-2-matches-phone');
    await fan.getByRole('button', { name: 'Nascondi le partite' }).click();

    // A sector: its season prices and blocks; then the block's seats for the season.
    await fan.getByTestId(`sector-${sector.code}`).click();
    const sectorCard = fan.getByTestId(`season-sector-${sector.code}`);
    await sectorCard.getByText('Intero', { exact: true }).waitFor();
    await screenshot(fan, 'season-3-sector-phone');
    await sectorCard.getByTestId(`block-${block.id}`).click();
    await fan.waitForURL(`**/selectedseasonticket/${season.id}?block=${block.id}`);
    await waitForSeatState(fan, seat.id, 'free');

    // The fan picks the seat and holds it: every covered match's seat, for 30 minutes.
    await fan.getByTestId(`seat-${seat.id}`).click();
    await waitForSeatState(fan, seat.id, 'selected');
    await screenshot(fan, 'season-4-selected-phone');
    await fan.getByTestId('hold-button').click();
    await fan.getByTestId('hold-summary').waitFor();
    await waitForSeatState(fan, seat.id, 'mine');
    const countdown = fan.getByTestId('hold-bar-countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^(30:00|29:[0-5]\d)$/);
    const bar = fan.getByTestId('hold-bar');
    await bar.getByTestId('hold-bar-checkout').waitFor();
    await fan.getByTestId('release-hold-button').waitFor();
    await screenshot(fan, 'season-5-held-phone');
    // The bar on the phone's screen, as the fan sees it (not the whole page).
    await fan.screenshot({ path: path.join(SCREENSHOTS_DIR, 'season-5-held-phone-screen.png'), animations: 'disabled' });

    // The same page on a desktop.
    await fan.setViewportSize(DESKTOP_VIEWPORT);
    await fan.getByTestId('hold-summary').scrollIntoViewIfNeeded();
    await screenshot(fan, 'season-6-held-desktop');
    await fan.setViewportSize(PHONE_VIEWPORT);

    // A second browser, anonymous, opens the block of a covered match: the seat is taken.
    const watcherContext = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const watcher = await watcherContext.newPage();
    const watcherErrors = collectPageErrors(watcher);
    await watcher.goto(`${BASE_URL}/selectedfixturetickets/${match.id}?block=${block.id}`);
    await waitForSeatState(watcher, seat.id, 'held');
    await screenshot(watcher, 'season-7-match-seat-taken-desktop');

    // The fan releases the seats: the match's map shows the seat free again, live.
    await fan.getByTestId('release-hold-button').click();
    await fan.getByTestId('hold-summary').waitFor({ state: 'hidden' });
    await bar.waitFor({ state: 'detached' });
    await waitForSeatState(fan, seat.id, 'free');
    await waitForSeatState(watcher, seat.id, 'free');
    await screenshot(fan, 'season-8-released-phone');

    // The fan holds it again and buys it: the holder named, checked, the card paid; the thank-you
    // page waits for the season title; the wallet shows it with every covered match.
    await publicSeasonSale();
    await supporterCard(HOLDER);
    await fan.getByTestId(`seat-${seat.id}`).click();
    await waitForSeatState(fan, seat.id, 'selected');
    await fan.getByTestId('hold-button').click();
    await waitForSeatState(fan, seat.id, 'mine');
    await fan.getByTestId('hold-bar-checkout').click();
    await fan.waitForURL(/\/seasonticketvrocheck\/[0-9a-f-]+/);
    const orderId = fan.url().split('/seasonticketvrocheck/')[1]?.replace(/\/$/, '') ?? '';
    const field = (name: string) => fan.getByLabel(`${name}, biglietto 1`, { exact: true });
    await field('Nome').fill(HOLDER.first_name);
    await field('Cognome').fill(HOLDER.last_name);
    await field('Data di nascita').fill(HOLDER.birth_date);
    await field('Luogo di nascita').fill('Como');
    await field('Tipo di documento').selectOption('id_card');
    await field('Numero del documento').fill('CA7654321');
    await screenshot(fan, 'season-9-holder-phone');
    await saveAndCheckHolders(fan, 1);
    await fan.getByText('Titolari salvati').waitFor({ state: 'hidden' });
    await fillCard(fan, '4242 4242 4242 4242');
    await screenshot(fan, 'season-10-card-phone');
    await fan.getByTestId('pay-button').click();
    await fan.waitForURL(`**/seasonticketcheckout/thankyou/${orderId}`);
    await fan.locator('[data-testid="order-outcome"][data-state="issued"]').waitFor({ timeout: 90_000 });
    await screenshot(fan, 'season-11-thankyou-phone');
    // The covered match's map, live: sold.
    await waitForSeatState(watcher, seat.id, 'sold');
    await fan.goto(`${BASE_URL}/wallet`);
    const wallet = fan.getByTestId('wallet-seasons');
    await wallet.waitFor();
    const matches = wallet.locator(`[data-testid^="season-match-"]`);
    await expect.poll(() => matches.count(), { timeout: 15_000 }).toBe(summary.matches);
    await screenshot(fan, 'season-12-wallet-phone');
    const pdf = wallet.locator('[data-testid^="download-season-pdf-"]').first();
    const pdfUrl = await pdf.getAttribute('href');
    expect(pdfUrl).toBeTruthy();
    const download = await fanContext.request.get(`${BASE_URL}${pdfUrl ?? ''}`);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(fanErrors).toEqual([]);
    expect(watcherErrors).toEqual([]);
    await fanContext.close();
    await watcherContext.close();
  });

  it('the list and the season ticket on a desktop', async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${BASE_URL}/fixtures/season`);
    const choose = page.getByRole('link', { name: /^Scegli il posto per / }).first();
    await choose.waitFor();
    await screenshot(page, 'season-list-desktop');
    await choose.click();
    await page.getByTestId('sector-TC').click();
    await page.getByTestId('season-sector-TC').waitFor();
    await screenshot(page, 'season-sector-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
