/**
 * A season seat resold for one match at face value (issue 20, season_tickets_resale): a season
 * holder puts the first match ahead on resale from the wallet on the phone; a second fan finds
 * it among the match's resale seats, names the holder, pays by card and waits while the ticketing
 * system issues the match ticket by change of holder. The buyer's wallet then holds it (its PDF
 * looked at), the seller's season card shows the match resold, both e-mails arrive (the buyer's
 * with the PDF, the seller's with what comes back to the card; both looked at), and staff see the
 * offer completed in the resales list.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USERS, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { SCREENSHOTS_DIR, collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import { fillCard, shot } from '../src/checkout.ts';
import { baseUrl, simUrl } from '../src/env.ts';
import { type SimMessage, simMessagesTo } from '../src/mail.ts';
import {
  type NamedSeasonHolder,
  buyTribunaSeasonSeat,
  getJsonAs,
  publicSeasonSale,
  supporterCard,
} from '../src/season.ts';

const BASE_URL = baseUrl();

const HOLDER: NamedSeasonHolder = {
  first_name: 'Rita',
  last_name: 'Rivende',
  birth_date: '1984-02-02',
  birth_place: 'Como',
  document_type: 'id_card',
  document_number: 'CA5566778',
};
const BUYER = { first_name: 'Ugo', last_name: 'Compratore', birth_date: '1993-03-03' };

let browser: Browser;
let seller: BrowserContext;
let buyer: BrowserContext;
const sellerEmail = uniqueEmail('rivende-abbonata');
const buyerEmail = uniqueEmail('compra-rivendita');

interface SeasonWalletItem {
  line_id: number;
  matches: { fixture_id: number; title: string; state: string; resale: { state: string } | null }[];
}

interface ResaleCheck {
  terms: { face_value_cents: number; fee_cents: number } | null;
}


/** The first message to `address` whose subject contains `subject`, waiting up to a minute. */
async function mailWith(address: string, subject: string): Promise<SimMessage> {
  for (let i = 0; i < 120; i++) {
    const found = (await simMessagesTo(address)).find((m) => m.subject.includes(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no e-mail "${subject}" for ${address}`);
}

/** An e-mail as its recipient sees it, for the screenshots. */
async function lookAtMail(page: Page, message: SimMessage, name: string): Promise<void> {
  const { html } = (await (await fetch(`${simUrl()}/_sim/mail/messages/${message.id}`)).json()) as {
    html: string;
  };
  await page.setContent(html);
  await shot(page, name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await newFanContext(browser);
  buyer = await newFanContext(browser);
  await signUpThroughApi(seller, sellerEmail, 'Rita');
  await signUpThroughApi(buyer, buyerEmail, 'Ugo');
  await publicSeasonSale();
  // Some matches are high-risk: both holders need the club's supporter card.
  await supporterCard(HOLDER);
  await supporterCard(BUYER);
  await buyTribunaSeasonSeat(seller, HOLDER, 0);
});

afterAll(async () => {
  await seller?.close();
  await buyer?.close();
  await browser?.close();
});

it('a season holder resells a match at face value and a second fan buys it: wallets, e-mails, PDF, staff list', async () => {
  const page = await seller.newPage();
  const errors = collectPageErrors(page);
  const [item] = (await getJsonAs<{ items: SeasonWalletItem[] }>(seller, '/api/wallet/seasons')).items;
  const match = item?.matches.find((m) => m.state === 'valid');
  if (!item || !match) throw new Error('the season title with a match ahead is in the wallet');
  const check = await getJsonAs<ResaleCheck>(seller, `/api/season-seats/${item.line_id}/matches/${match.fixture_id}/resale`);
  const face = check.terms?.face_value_cents;
  if (face === undefined) throw new Error('the seat has a face value');

  // The seller offers the match for one euro under face value.
  await page.goto(`${BASE_URL}/wallet`);
  const resell = page.getByTestId(`season-resale-${match.fixture_id}`);
  await resell.waitFor();
  await resell.scrollIntoViewIfNeeded();
  await shot(page, 'resale-1-seller-wallet-phone');
  await resell.click();
  await page.waitForURL(new RegExp(`/resale_season/${item.line_id}/${match.fixture_id}$`));
  await page.getByTestId('resale-season-match').waitFor();
  const price = (face - 100) / 100;
  await page.getByTestId('resale-price').fill(price.toFixed(2).replace('.', ','));
  await shot(page, 'resale-2-offer-form-phone');
  await page.getByTestId('resale-submit').click();
  await page.getByTestId('resale-offer').waitFor();
  await shot(page, 'resale-3-offer-listed-phone');

  // The buyer finds it among the match's resale seats.
  const buyerPage = await buyer.newPage();
  const buyerErrors = collectPageErrors(buyerPage);
  await buyerPage.goto(`${BASE_URL}/selectedfixture/${match.fixture_id}`);
  const offers = buyerPage.getByTestId('resale-offers');
  await offers.waitFor();
  await offers.scrollIntoViewIfNeeded();
  await shot(buyerPage, 'resale-4-buyer-finds-it-phone');
  await offers.getByRole('link').first().click();
  await buyerPage.waitForURL(/\/resale\/[0-9a-f-]+$/);
  await buyerPage.getByTestId('resale-offer-summary').waitFor();
  const field = (name: string) => buyerPage.getByLabel(`${name}, biglietto 1`, { exact: true });
  await field('Nome').fill(BUYER.first_name);
  await field('Cognome').fill(BUYER.last_name);
  await field('Data di nascita').fill(BUYER.birth_date);
  await field('Luogo di nascita').fill('Varese');
  await field('Tipo di documento').selectOption('id_card');
  await field('Numero del documento').fill('CB3344556');
  await shot(buyerPage, 'resale-5-buyer-holder-phone');
  await buyerPage.getByTestId('resale-buy').click();
  await buyerPage.getByTestId('payment-step').waitFor({ timeout: 15_000 });
  await fillCard(buyerPage, '4242424242424242');
  await shot(buyerPage, 'resale-6-buyer-pays-phone');
  await buyerPage.getByTestId('pay-button').click();
  await buyerPage.getByTestId('resale-purchase-done').waitFor({ timeout: 60_000 });
  const seal = (await buyerPage.getByTestId('resale-purchase-seal').textContent())?.trim() ?? '';
  await shot(buyerPage, 'resale-7-buyer-done-phone');

  // The buyer's wallet holds the match ticket in the holder's name.
  const { received_matches: received } = await getJsonAs<{
    received_matches: { transfer_id: string; seal: string; holder_name: string; fixture: { id: number } }[];
  }>(buyer, '/api/wallet');
  const ticket = received.find((r) => r.fixture.id === match.fixture_id);
  if (!ticket) throw new Error("the match ticket is in the buyer's wallet");
  expect(ticket.holder_name).toBe('Ugo Compratore');
  expect(seal).toContain(ticket.seal);
  await buyerPage.goto(`${BASE_URL}/wallet`);
  await buyerPage.getByTestId(`ticket-from-season-${ticket.transfer_id}`).waitFor();
  await shot(buyerPage, 'resale-8-buyer-wallet-phone');

  // The seller's season card: that match resold.
  await page.goto(`${BASE_URL}/wallet`);
  const sold = page.getByTestId(`season-resale-state-${match.fixture_id}`);
  await sold.waitFor();
  await expect.poll(async () => sold.textContent()).toContain('Rivenduta');
  await sold.scrollIntoViewIfNeeded();
  await shot(page, 'resale-9-seller-resold-phone');

  // Both e-mails, looked at; the buyer's PDF, looked at.
  const buyerMail = await mailWith(buyerEmail, 'posto abbonamento');
  expect(buyerMail.text).toContain(ticket.seal);
  expect(buyerMail.attachments.some((a) => a.content_type === 'application/pdf' && a.size > 1000)).toBe(true);
  const sellerMail = await mailWith(sellerEmail, 'Posto rivenduto');
  const payout = ((face - 100 - 200) / 100).toFixed(2).replace('.', ',');
  expect(sellerMail.text).toContain(payout);
  const mailPage = await browser.newPage({ viewport: { width: 700, height: 900 } });
  await lookAtMail(mailPage, buyerMail, 'resale-10-buyer-email');
  await lookAtMail(mailPage, sellerMail, 'resale-11-seller-email');
  await mailPage.close();
  const pdf = await buyer.request.get(`${BASE_URL}/api/wallet/season-matches/${ticket.transfer_id}/pdf`);
  expect(pdf.status()).toBe(200);
  const file = path.join(SCREENSHOTS_DIR, 'resale-ticket.pdf');
  await writeFile(file, await pdf.body());
  await promisify(execFile)('pdftoppm', [
    '-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file,
    path.join(SCREENSHOTS_DIR, 'resale-12-ticket-pdf'),
  ]);

  // Staff see the offer completed.
  const admin = await newAdminContext(browser);
  const adminPage = await admin.newPage();
  await signInToAdmin(adminPage, DEMO_USERS.admin);
  await adminPage.goto(`${BASE_URL}/admin/resales`);
  await adminPage.getByText(match.title).first().waitFor();
  await shot(adminPage, 'resale-13-staff-list');
  await admin.close();

  expect(errors).toEqual([]);
  expect(buyerErrors).toEqual([]);
  await buyerPage.close();
  await page.close();
});
