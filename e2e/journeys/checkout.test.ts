/**
 * Checkout-to-wallet journey: a fan (phone) holds two seats, goes on to checkout, names two
 * holders, has them checked, pays with the simulator's test card and waits on the thank-you page
 * until the tickets are issued; a second, new fan pays with the declined test card and lands on
 * the declined page; the ticket office sees the first fan's titles among the issued tickets; the
 * first fan finds both tickets in the wallet, with seal and QR code, and downloads one as a PDF;
 * the fan's mailbox has the one e-mail with both PDFs attached.
 *
 * The tests of this file run in order and share the first fan's order.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInThroughApi, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import {
  SCREENSHOTS_DIR,
  collectPageErrors,
  launchBrowser,
  newAdminContext,
  newFanContext,
} from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';
import {
  fillCard,
  fillHolder,
  freeSeats,
  getOrder,
  holdAndCheckOut,
  saveAndCheckHolders,
  shot,
  type FixtureSummary,
  type Holder,
  type Order,
} from '../src/checkout.ts';
import { simMessagesTo, type SimMessage } from '../src/mail.ts';

const BASE_URL = baseUrl();






/** Two different people: one person may hold one seat per fixture. */
const HOLDERS: [Holder, Holder] = [
  {
    first_name: 'Luca',
    last_name: 'Rossi',
    birth_place: 'Como',
    document_type: 'id_card',
    document_number: 'CA1234567',
    reduction_id: 1,
  },
  {
    first_name: 'Giulia',
    last_name: "Dell'Acqua",
    birth_place: 'Cantù',
    document_type: 'passport',
    document_number: 'YA7654321',
    reduction_id: 1,
  },
];

/** What the first fan bought, for the tests after the purchase. */
const bought: { fixture?: FixtureSummary; blockId?: number; order?: Order; context?: BrowserContext } = {};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await bought.context?.close();
  await browser?.close();
});

/** The fan's ticket e-mails (their subject says "biglietti"). */
async function ticketMails(address: string): Promise<SimMessage[]> {
  return (await simMessagesTo(address)).filter((message) => message.subject.includes('biglietti'));
}

let ticketMailsBefore = 0;

describe('checkout to wallet', () => {
  it('a fan holds two seats, names two holders, pays and sees the tickets issued', async () => {
    ticketMailsBefore = (await ticketMails(DEMO_USERS.fan.email)).length;
    const fixtures = (await (await fetch(`${BASE_URL}/api/fixtures?kind=league`)).json()) as {
      items: FixtureSummary[];
    };
    const fixture = fixtures.items.find((f) => f.status === 1 && f.inventory_ready);
    expect(fixture, 'the demo data puts the next league fixtures on sale').toBeDefined();
    if (!fixture) return;
    bought.fixture = fixture;

    const context = await newFanContext(browser);
    bought.context = context;
    await signInThroughApi(context, DEMO_USERS.fan);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    // The stadium, a sector, its first block.
    await page.goto(`${BASE_URL}/selectedfixture/${fixture.id}`);
    await page.getByTestId('sector-TC').click();
    const blockLink = page.locator('[data-testid^="block-"]').first();
    await blockLink.waitFor();
    await blockLink.click();
    await page.waitForURL(/\/selectedfixturetickets\/\d+/);
    const blockId = Number(new URL(page.url()).searchParams.get('block'));
    expect(blockId).toBeGreaterThan(0);
    bought.blockId = blockId;

    // Two free seats far into the block: the on-sale journey takes earlier ones of the same block.
    const seats = (await freeSeats(fixture.id, blockId)).slice(30, 32);
    expect(seats).toHaveLength(2);
    const orderId = await holdAndCheckOut(page, seats, 'checkout-1');
    await page.getByTestId('order-total').filter({ hasText: '130,00' }).waitFor();
    expect(await page.getByTestId('payment-step').textContent()).toContain(
      'Il pagamento si apre quando tutti i titolari sono stati verificati.',
    );
    await shot(page, 'checkout-2-order');

    // The holders: two people, each with their document.
    await fillHolder(page, 1, HOLDERS[0]);
    await fillHolder(page, 2, HOLDERS[1]);
    await shot(page, 'checkout-3-holders-filled');
    await saveAndCheckHolders(page, 2);
    // The "saved" notice goes by itself (while it shows, it covers the card's fields on a phone).
    await page.getByText('Titolari salvati').waitFor({ state: 'hidden' });
    await page.getByText('Tutti i titolari possono ricevere il biglietto.').waitFor();
    const checked = await getOrder(context, orderId);
    expect(checked.state).toBe('pending');
    expect(checked.total_cents).toBe(2 * 6500);
    expect(checked.lines.map((line) => line.holder?.last_name)).toEqual(HOLDERS.map((h) => h.last_name));

    // The card: the simulator's card that succeeds.
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByTestId('pay-button').filter({ hasText: '130,00' }).waitFor();
    await shot(page, 'checkout-4-card');
    await page.getByTestId('pay-button').click();

    // The thank-you page reads the order until its tickets are issued.
    await page.waitForURL(`**/checkout/thankyou/${orderId}`);
    await page.locator('[data-testid="order-outcome"][data-state="issued"]').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: "Grazie per l'acquisto!" }).waitFor();
    await page.getByText('I tuoi 2 biglietti sono pronti.').waitFor();
    await page.getByTestId('wallet-link').waitFor();
    await shot(page, 'checkout-5-thankyou');

    const issued = await getOrder(context, orderId);
    expect(issued.state).toBe('issued');
    expect(issued.payment_status).toBe(1);
    for (const line of issued.lines) {
      expect(line.title?.seal).toMatch(/^[A-Z0-9]{16}$/);
      expect(line.title?.state).toBe('valid');
    }
    bought.order = issued;

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a new fan pays with a declined card and lands on the declined page', async () => {
    const { fixture, blockId } = bought;
    expect(fixture && blockId, 'the first test found the fixture and block').toBeTruthy();
    if (!fixture || !blockId) return;

    const context = await newFanContext(browser);
    await signUpThroughApi(context, uniqueEmail('tifoso.rifiutato'), 'Tifoso Rifiutato');
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${blockId}`);
    const seats = (await freeSeats(fixture.id, blockId)).slice(40, 41);
    expect(seats).toHaveLength(1);
    const orderId = await holdAndCheckOut(page, seats, 'checkout-declined-1');
    await fillHolder(page, 1, {
      first_name: 'Paolo',
      last_name: 'Verdi',
      birth_place: 'Lecco',
      document_type: 'driving_licence',
      document_number: 'CO5550123X',
      reduction_id: 1,
    });
    await saveAndCheckHolders(page, 1);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('pay-button').click();

    await page.waitForURL(`**/checkout/declined/${orderId}`);
    await page.getByRole('heading', { name: 'Pagamento rifiutato' }).waitFor();
    await page.getByTestId('retry-payment').waitFor();
    await shot(page, 'checkout-declined-2-declined');

    // Nothing was charged: the order still waits for a payment, and the fan may try again.
    const order = await getOrder(context, orderId);
    expect(order.state).toBe('pending');
    expect(order.payment_status).toBe(0);
    await page.getByTestId('retry-payment').click();
    await page.waitForURL(`**/checkout/${orderId}`);
    await page.getByTestId('card-form').waitFor({ timeout: 15_000 });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("the ticket office sees the fan's two titles among the issued tickets", async () => {
    const order = bought.order;
    expect(order, 'the first test bought the tickets').toBeDefined();
    if (!order) return;

    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The admin, not the staff member: the API allows 5 password sign-ins per e-mail in 10
    // minutes, successful ones included, and the other journeys sign staff in 5 times already.
    await signInToAdmin(page, DEMO_USERS.admin);
    await page.goto(`${BASE_URL}/admin/tickets/issuedtickets`);
    const rows = page.locator('.RaDataTable-root tbody tr');
    for (const [index, line] of order.lines.entries()) {
      const holder = HOLDERS[index];
      const row = rows.filter({ hasText: line.title?.seal ?? '?' });
      await row.waitFor();
      const text = await row.textContent();
      expect(text).toContain(`${holder?.first_name} ${holder?.last_name}`);
      expect(text).toContain(DEMO_USERS.fan.email);
    }
    await shot(page, 'checkout-admin-issued-tickets');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the wallet shows both tickets at once, and one downloads as a PDF', async () => {
    const { order, context } = bought;
    expect(order && context, 'the first test bought the tickets').toBeTruthy();
    if (!order || !context) return;

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${BASE_URL}/wallet/`);
    await page.getByRole('heading', { level: 1, name: 'Il mio wallet' }).waitFor();

    // The wallet lists issued tickets at once: the page as first loaded shows both.
    for (const line of order.lines) {
      await page.getByTestId(`ticket-${line.id}`).waitFor({ timeout: 10_000 });
    }

    for (const line of order.lines) {
      const ticket = page.getByTestId(`ticket-${line.id}`);
      const seal = (await ticket.locator('dt:text-is("Sigillo fiscale") + dd').textContent())?.trim();
      expect(seal).toMatch(/^[A-Z0-9]{16}$/);
      expect(seal).toBe(line.title?.seal);
      const qr = page.getByTestId(`ticket-qr-${line.id}`);
      expect(await qr.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
      expect(await qr.getAttribute('data-barcode')).toBe(line.title?.barcode);
      expect(await page.getByTestId(`ticket-state-${line.id}`).textContent()).toBe('Valido');
    }
    await shot(page, 'checkout-6-wallet');

    // The first ticket's PDF, through its link, as the browser downloads it.
    const first = order.lines[0];
    if (!first) return;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`download-pdf-${first.id}`).click(),
    ]);
    const pdf = path.join(SCREENSHOTS_DIR, 'ticket.pdf');
    await download.saveAs(pdf);
    expect((await readFile(pdf)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Its first page as an image, for people to look at after a run.
    await promisify(execFile)('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(SCREENSHOTS_DIR, 'ticket-pdf-page1'),
    ]);

    expect(errors).toEqual([]);
    await page.close();
  });

  it("the fan's mailbox has one e-mail with both tickets attached as PDFs", async () => {
    // Sent by the worker once the tickets were issued: long since, unless this test runs alone.
    await expect
      .poll(async () => (await ticketMails(DEMO_USERS.fan.email)).length, { timeout: 30_000 })
      .toBeGreaterThan(ticketMailsBefore);
    const mails = await ticketMails(DEMO_USERS.fan.email);
    expect(mails).toHaveLength(ticketMailsBefore + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(`I tuoi biglietti per ${bought.fixture?.title ?? '?'}`);
    expect(mail?.attachments).toHaveLength(2);
    for (const attachment of mail?.attachments ?? []) {
      expect(attachment.content_type).toContain('application/pdf');
      expect(attachment.filename).toMatch(/\.pdf$/);
      expect(attachment.size).toBeGreaterThan(1000);
    }
  });
});
