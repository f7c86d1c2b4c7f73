/**
 * The waiting room (issue 19): staff enable a room for a match's on-sale. Three fans arrive
 * before the opening: the pre-queue with its countdown. At the opening each gets a place and
 * sees it move, with the places ahead, an estimate and a progress bar; in turn each is admitted,
 * goes to the seat map and holds a seat. A fourth fan without an admission is sent to the
 * queue. Staff watch the counts and close the room.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, csrfHeaders, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext, screenshot } from '../src/browser.ts';
import { fixturesOnSale, freeSeats, waitForSeatState } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;
let staffContext: BrowserContext | undefined;
let roomId: number | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  // The room must not outlive the journey: the other journeys hold seats without queueing.
  if (staffContext && roomId !== undefined) {
    await staffContext.request.post(`${BASE_URL}/api/admin/waiting-rooms/${roomId}/close`, {
      data: {},
      headers: await csrfHeaders(staffContext),
    });
  }
  await browser?.close();
});

/** `at` as a datetime-local value in Rome time (YYYY-MM-DDTHH:mm). */
function romeLocal(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
}

const queueState = (page: Page) => page.getByTestId('queue-state');

describe('waiting room', () => {
  it(
    'three fans in the pre-queue are placed at the opening, admitted in turn and hold seats; a fourth without an admission is sent to the queue',
    async () => {
      // A match other journeys also sell: the room is closed at the end, whatever happens, and
      // the seats held here are the last free ones of the last block.
      const fixture = (await fixturesOnSale())[0];
      expect(fixture).toBeDefined();
      if (!fixture) return;
      const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
        sectors: { code: string; blocks: { id: number; free: number }[] }[];
      };
      // The last seated block with free seats (a standing block lists none).
      let block: { id: number } | undefined;
      let seats: number[] = [];
      for (const candidate of detail.sectors.flatMap((s) => s.blocks).filter((b) => b.free > 10).reverse()) {
        seats = (await freeSeats(fixture.id, candidate.id)).slice(-3);
        if (seats.length === 3) {
          block = candidate;
          break;
        }
      }
      if (!block) throw new Error('a block with free seats');

      // Staff enable the room: the line open now, the sale at the next full minute (at least
      // 40 s ahead, for the fans to arrive), 20 admissions a minute.
      staffContext = await newAdminContext(browser);
      const staff = await staffContext.newPage();
      const staffErrors = collectPageErrors(staff);
      await signInToAdmin(staff, DEMO_USERS.staff2);
      const opening = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
      await staff.goto(`${BASE_URL}/admin/queue`);
      await staff.getByRole('link', { name: "Nuova sala d'attesa" }).click();
      await staff.getByRole('radio', { name: 'Una partita' }).check();
      await staff.getByRole('combobox', { name: /^Partita/ }).click();
      await staff.getByRole('option', { name: new RegExp(fixture.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
      await screenshot(staff, 'waiting-room-1-staff-target');
      await staff.getByLabel(/^Apertura della fila/).fill(romeLocal(new Date(Date.now() - 120_000)));
      await staff.getByLabel(/^Apertura della vendita/).fill(romeLocal(opening));
      await staff.getByLabel(/^Ingressi al minuto/).fill('20');
      await staff.getByLabel(/^Acquisti contemporanei/).fill('10');
      await staff.getByLabel(/^Durata del turno/).fill('10');
      await screenshot(staff, 'waiting-room-1-staff-form');
      await staff.getByRole('button', { name: 'Salva' }).click();
      const listed = await staffContext.request.get(
        `${BASE_URL}/api/admin/waiting-rooms?filter=${encodeURIComponent(JSON.stringify({ fixture_id: fixture.id }))}`,
      );
      await expect.poll(async () => ((await (await staffContext!.request.get(listed.url())).json()) as unknown[]).length).toBe(1);
      const [room] = (await (await staffContext.request.get(listed.url())).json()) as { id: number }[];
      roomId = room?.id;
      if (roomId === undefined) throw new Error('the room');

      // Three fans arrive before the opening: sent from the seat map to the pre-queue.
      const fans: { context: BrowserContext; page: Page; errors: string[] }[] = [];
      for (let i = 0; i < 3; i += 1) {
        const context = await newFanContext(browser);
        await signUpThroughApi(context, uniqueEmail(`coda${i}`), `Tifoso Coda${i}`);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${block.id}`);
        await page.waitForURL(new RegExp(`/queue/fixture/${fixture.id}`));
        await page.locator('[data-testid="queue-state"][data-state="prequeue"]').waitFor();
        fans.push({ context, page, errors });
      }
      const first = fans[0]!.page;
      await first.getByTestId('queue-prequeue-countdown').waitFor();
      await screenshot(first, 'waiting-room-2-prequeue-phone');

      // The opening: every fan gets a place; the last in line sees it move.
      const placed = await Promise.all(
        fans.map(async ({ page }) => {
          await page.getByTestId('queue-position').waitFor({ timeout: 120_000 });
          return Number(await page.getByTestId('queue-position').getAttribute('data-value'));
        }),
      );
      expect([...placed].sort()).toEqual([1, 2, 3]);
      const last = fans[placed.indexOf(3)]!.page;
      if ((await queueState(last).getAttribute('data-state')) === 'waiting') {
        await last.getByTestId('queue-progress').waitFor();
        await last.getByTestId('queue-estimate').waitFor();
        await screenshot(last, 'waiting-room-3-in-line-phone');
      }

      // In turn, each is admitted and goes to the seat map, where they hold a seat.
      for (const [i, { page }] of fans.entries()) {
        // Back to the block's map they came from.
        await page.waitForURL(new RegExp(`/selectedfixturetickets/${fixture.id}\\?block=${block.id}`), { timeout: 60_000 });
        const seat = seats[i]!;
        await page.getByTestId(`seat-${seat}`).waitFor({ timeout: 30_000 });
        await waitForSeatState(page, seat, 'free');
        await page.getByTestId(`seat-${seat}`).click();
        await page.getByTestId('hold-button').click();
        await page.getByTestId('hold-summary').waitFor();
        await waitForSeatState(page, seat, 'mine');
      }
      await screenshot(fans[placed.indexOf(3)]!.page, 'waiting-room-4-admitted-held-phone');

      // A fourth fan, without an admission, is sent to the queue from the seat map.
      const lateContext = await newFanContext(browser);
      await signUpThroughApi(lateContext, uniqueEmail('senzaturno'), 'Senza Turno');
      const late = await lateContext.newPage();
      const lateErrors = collectPageErrors(late);
      await late.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${block.id}`);
      await late.waitForURL(new RegExp(`/queue/fixture/${fixture.id}`));
      await queueState(late).waitFor();
      await screenshot(late, 'waiting-room-5-fourth-fan-queued-phone');

      // Staff watch the counts and close the room.
      await staff.goto(`${BASE_URL}/admin/waiting-rooms/${roomId}/show`);
      await expect
        .poll(async () => Number(await staff.getByTestId('waiting-room-counter-admitted').getAttribute('data-value')), {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(3);
      await screenshot(staff, 'waiting-room-6-staff-counts');
      await staff.getByTestId('waiting-room-close').click();
      await staff.getByRole('button', { name: 'Chiudi', exact: true }).click();
      await staff.locator('[data-state="closed"]').first().waitFor();
      roomId = undefined;

      expect(staffErrors).toEqual([]);
      expect(lateErrors).toEqual([]);
      for (const { errors } of fans) expect(errors).toEqual([]);
      await Promise.all([lateContext.close(), ...fans.map(({ context }) => context.close())]);
    },
    300_000,
  );
});
