/**
 * After the purchase (issue 20): a fan who bought a ticket passes it on to a friend who has an
 * account. On the phone, from the wallet, the fan opens the change of holder, names the friend
 * with their document and e-mail, and waits while the ticketing system cancels the title and
 * issues the friend's; the fan's wallet then lists it as passed on, the friend's wallet has it
 * with the new seal, the friend's mailbox the e-mail with the new PDF, and the ticketing system
 * the old title cancelled. The fan also sends a copy of another ticket by e-mail.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { SCREENSHOTS_DIR, collectPageErrors, launchBrowser, newFanContext } from '../src/browser.ts';
import { buyThroughApi, fixturesOnSale, freeSeats, shot, type FixtureSummary, type Holder } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { waitForMessage } from '../src/mail.ts';

const BASE_URL = baseUrl();

const BUYER: Holder = {
  first_name: 'Marta',
  last_name: 'Cedente',
  birth_place: 'Como',
  document_type: 'id_card',
  document_number: 'CA2468135',
  reduction_id: 1,
};
const SECOND: Holder = { ...BUYER, first_name: 'Pietro', document_number: 'CA1357924' };

let browser: Browser;
let fan: BrowserContext;
let friend: BrowserContext;
const friendEmail = uniqueEmail('amico-cessione');

interface WalletItem {
  id: number;
  seal: string;
  holder_name: string;
  received: boolean;
}

async function wallet(context: BrowserContext): Promise<WalletItem[]> {
  const response = await context.request.get(`${BASE_URL}/api/wallet`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: WalletItem[] }).items;
}

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  friend = await newFanContext(browser);
  await signUpThroughApi(fan, uniqueEmail('cede'), 'Marta');
  await signUpThroughApi(friend, friendEmail, 'Paolo');
  // Not the first (the waiting room's journey guards it), nor one that asks for a supporter
  // card (a friend without one could not receive the ticket).
  const fixture = (await fixturesOnSale())
    .slice(1)
    .find((f) => !(f as FixtureSummary & { high_risk?: boolean }).high_risk);
  expect(fixture, 'the demo data puts a match without risk on sale').toBeDefined();
  if (!fixture) return;
  const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
    sectors?: { code: string; no_map: boolean; blocks: { id: number }[] }[];
  };
  const block = detail.sectors?.find((s) => s.code === 'TC' && !s.no_map)?.blocks.at(-1)?.id ?? 0;
  const seats = (await freeSeats(fixture.id, block)).slice(-2);
  expect(seats).toHaveLength(2);
  await buyThroughApi(fan, fixture.id, seats, [BUYER, SECOND]);
});

afterAll(async () => {
  await fan?.close();
  await friend?.close();
  await browser?.close();
});

it('a fan passes a ticket on to a friend: new seal in the friend’s wallet, passed on in theirs', async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/wallet`);
  const ticket = (await wallet(fan)).find((t) => t.holder_name === 'Marta Cedente');
  if (!ticket) throw new Error('the bought ticket is in the wallet');
  await page.getByTestId(`pass-on-${ticket.id}`).waitFor();
  await shot(page, 'transfer-1-wallet-phone');

  await page.getByTestId(`pass-on-${ticket.id}`).click();
  await page.waitForURL(new RegExp(`/transfer_title/${ticket.seal}$`));
  await page.getByTestId('transfer-ticket').waitFor();
  const field = (name: string) => page.getByLabel(`${name}, biglietto 1`, { exact: true });
  await field('Nome').fill('Paolo');
  await field('Cognome').fill('Amici');
  await field('Data di nascita').fill('1992-03-04');
  await field('Luogo di nascita').fill('Lecco');
  await field('Tipo di documento').selectOption('passport');
  await field('Numero del documento').fill('YA7654321');
  await page.getByLabel('E-mail del nuovo titolare').fill(friendEmail);
  await shot(page, 'transfer-2-form-phone');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-done').waitFor({ timeout: 30_000 });
  await shot(page, 'transfer-3-done-phone');

  // The fan's wallet: the ticket is no longer there, it is listed as passed on.
  await page.goto(`${BASE_URL}/wallet`);
  await page.getByTestId('wallet-passed-on').waitFor();
  await expect.poll(async () => (await wallet(fan)).some((t) => t.seal === ticket.seal)).toBe(false);
  await shot(page, 'transfer-4-passed-on-phone');

  // The friend's wallet: the same seat, in their name, with a new seal.
  const [received, ...more] = await wallet(friend);
  if (!received) throw new Error("the ticket is in the friend's wallet");
  expect(more).toHaveLength(0);
  expect(received).toMatchObject({ holder_name: 'Paolo Amici', received: true });
  expect(received.seal).not.toBe(ticket.seal);
  const friendPage = await friend.newPage();
  await friendPage.goto(`${BASE_URL}/wallet`);
  await friendPage.getByTestId(`ticket-received-${received.id}`).waitFor();
  await shot(friendPage, 'transfer-5-friend-wallet-phone');

  // The friend's e-mail carries the new title's PDF; the PDF's first page is looked at.
  const mail = await waitForMessage(friendEmail, 1);
  expect(mail.subject).toContain('è ora a tuo nome');
  expect(mail.text).toContain(received.seal);
  expect(mail.attachments.some((a) => a.content_type === 'application/pdf' && a.size > 1000)).toBe(true);
  const pdf = await friend.request.get(`${BASE_URL}/api/wallet/${received.id}/pdf`);
  expect(pdf.status()).toBe(200);
  const file = path.join(SCREENSHOTS_DIR, 'transfer-ticket.pdf');
  await writeFile(file, await pdf.body());
  await promisify(execFile)('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(SCREENSHOTS_DIR, 'transfer-6-new-ticket-pdf'),
  ]);
  // The fan's list of changes: done, from the old seal.
  const sent = (await (await fan.request.get(`${BASE_URL}/api/transfers`)).json()) as {
    items: { state: string; from_seal: string; to_name: string }[];
  };
  expect(sent.items[0]).toMatchObject({ state: 'done', from_seal: ticket.seal, to_name: 'Paolo Amici' });
  expect(errors).toEqual([]);
  await friendPage.close();
  await page.close();
});

it('a fan sends a copy of a ticket by e-mail, the holder unchanged', async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/wallet`);
  const ticket = (await wallet(fan)).find((t) => t.holder_name === 'Pietro Cedente');
  if (!ticket) throw new Error('the second ticket is still in the wallet');
  await page.getByTestId(`share-${ticket.id}`).click();
  const dialog = page.getByTestId(`share-dialog-${ticket.id}`);
  const copyTo = uniqueEmail('copia');
  await dialog.getByRole('textbox').fill(copyTo);
  await dialog.getByTestId('share-send').click();
  await dialog.getByTestId('share-sent').waitFor();
  await shot(page, 'transfer-7-shared-phone');
  const mail = await waitForMessage(copyTo, 0);
  expect(mail.text).toContain('Pietro Cedente');
  expect(mail.attachments.some((a) => a.content_type === 'application/pdf')).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
