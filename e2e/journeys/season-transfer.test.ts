/**
 * A season holder passes one match on (issue 20, abbonamento-cessione): a fan who bought a
 * season ticket opens the wallet on the phone, passes the first match ahead on to a friend who
 * has an account, and waits while the ticketing system issues the friend's match ticket. The
 * holder's season card then shows that match passed on (the others still theirs); the friend's
 * wallet holds the match ticket with its own seal, their mailbox the e-mail with its PDF, and
 * the ticket also comes as an Apple Wallet pass.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { SCREENSHOTS_DIR, collectPageErrors, launchBrowser, newFanContext } from '../src/browser.ts';
import { shot } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { waitForMessage } from '../src/mail.ts';
import {
  type NamedSeasonHolder,
  buyTribunaSeasonSeat,
  getJsonAs,
  publicSeasonSale,
  supporterCard,
} from '../src/season.ts';

const BASE_URL = baseUrl();

const HOLDER: NamedSeasonHolder = {
  first_name: 'Franca',
  last_name: 'Abbonata',
  birth_date: '1985-06-01',
  birth_place: 'Como',
  document_type: 'id_card',
  document_number: 'CA9081726',
};
const FRIEND = { first_name: 'Gino', last_name: 'Ospite', birth_date: '1991-09-09' };

let browser: Browser;
let fan: BrowserContext;
let friend: BrowserContext;
const friendEmail = uniqueEmail('amico-abbonamento');

interface SeasonWalletItem {
  line_id: number;
  seal: string | null;
  matches: { fixture_id: number; title: string; state: string; passed_to: string | null }[];
}

interface ReceivedMatch {
  transfer_id: string;
  seal: string;
  holder_name: string;
  fixture: { id: number };
}

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  friend = await newFanContext(browser);
  await signUpThroughApi(fan, uniqueEmail('abbonata-cede'), 'Franca');
  await signUpThroughApi(friend, friendEmail, 'Gino');
  await publicSeasonSale();
  // Some matches are high-risk: both need the club's supporter card.
  await supporterCard(HOLDER);
  await supporterCard(FRIEND);
  await buyTribunaSeasonSeat(fan, HOLDER, -1);
});

afterAll(async () => {
  await fan?.close();
  await friend?.close();
  await browser?.close();
});

it('a season holder passes one match on to a friend, whose wallet and mailbox get the match ticket', async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  const [item] = (await getJsonAs<{ items: SeasonWalletItem[] }>(fan, '/api/wallet/seasons')).items;
  const match = item?.matches.find((m) => m.state === 'valid');
  if (!item || !match) throw new Error('the season title with a match ahead is in the wallet');
  const key = `${item.line_id}-${match.fixture_id}`;
  await page.goto(`${BASE_URL}/wallet`);
  const passOn = page.getByTestId(`season-pass-on-${key}`);
  await passOn.waitFor();
  await passOn.scrollIntoViewIfNeeded();
  await shot(page, 'season-transfer-1-wallet-phone');

  await passOn.click();
  await page.waitForURL(new RegExp(`/transfer_season/${item.line_id}/${match.fixture_id}$`));
  await page.getByTestId('transfer-season-match').waitFor();
  await expect.poll(async () => page.getByTestId('season-transfer-usage').textContent()).toContain('0 di 5');
  const field = (name: string) => page.getByLabel(`${name}, biglietto 1`, { exact: true });
  await field('Nome').fill(FRIEND.first_name);
  await field('Cognome').fill(FRIEND.last_name);
  await field('Data di nascita').fill(FRIEND.birth_date);
  await field('Luogo di nascita').fill('Lecco');
  await field('Tipo di documento').selectOption('passport');
  await field('Numero del documento').fill('YA1122334');
  await page.getByLabel('E-mail del nuovo titolare').fill(friendEmail);
  await shot(page, 'season-transfer-2-form-phone');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-done').waitFor({ timeout: 30_000 });
  await shot(page, 'season-transfer-3-done-phone');

  // The holder's season card: that match passed on to the friend, the next ones still theirs.
  await page.goto(`${BASE_URL}/wallet`);
  const passedTo = page.getByTestId(`season-passed-to-${key}`);
  await passedTo.waitFor();
  await expect.poll(async () => passedTo.textContent()).toContain('Gino Ospite');
  await passedTo.scrollIntoViewIfNeeded();
  await shot(page, 'season-transfer-4-passed-on-phone');
  const after = (await getJsonAs<{ items: SeasonWalletItem[] }>(fan, '/api/wallet/seasons')).items[0];
  expect(after?.matches.filter((m) => m.state === 'passed_on').map((m) => m.fixture_id)).toEqual([match.fixture_id]);

  // The friend's wallet: the match ticket in their name with its own seal.
  const { received_matches: received } = await getJsonAs<{ received_matches: ReceivedMatch[] }>(friend, '/api/wallet');
  expect(received).toHaveLength(1);
  const ticket = received[0];
  if (!ticket) throw new Error("the match ticket is in the friend's wallet");
  expect(ticket).toMatchObject({ holder_name: 'Gino Ospite', fixture: { id: match.fixture_id } });
  expect(ticket.seal).not.toBe(item.seal);
  const friendPage = await friend.newPage();
  await friendPage.goto(`${BASE_URL}/wallet`);
  await friendPage.getByTestId(`ticket-from-season-${ticket.transfer_id}`).waitFor();
  await shot(friendPage, 'season-transfer-5-friend-wallet-phone');

  // The e-mail with the match ticket's PDF; the PDF's first page is looked at.
  const mail = await waitForMessage(friendEmail, 0);
  expect(mail.subject).toContain('posto abbonamento');
  expect(mail.text).toContain(ticket.seal);
  expect(mail.attachments.some((a) => a.content_type === 'application/pdf' && a.size > 1000)).toBe(true);
  const pdf = await friend.request.get(`${BASE_URL}/api/wallet/season-matches/${ticket.transfer_id}/pdf`);
  expect(pdf.status()).toBe(200);
  const file = path.join(SCREENSHOTS_DIR, 'season-transfer-ticket.pdf');
  await writeFile(file, await pdf.body());
  await promisify(execFile)('pdftoppm', [
    '-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file,
    path.join(SCREENSHOTS_DIR, 'season-transfer-6-ticket-pdf'),
  ]);
  // And as an Apple Wallet pass.
  const pass = await friend.request.get(`${BASE_URL}/api/wallet/season-matches/${ticket.transfer_id}/pass/apple`);
  expect(pass.status()).toBe(200);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect(errors).toEqual([]);
  await friendPage.close();
  await page.close();
});
