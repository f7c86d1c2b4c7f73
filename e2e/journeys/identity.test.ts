/**
 * The fan's identity (issue 21): a fan fills "I miei dati" (fiscal code, birth, residence,
 * document, phone), is registered in the ticketing system by the job, and at checkout "It's me"
 * fills the ticket's holder from it. Then a fan deletes their account from the account page.
 * Each page looked at.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newFanContext } from '../src/browser.ts';
import { fixturesOnSale, freeSeats, holdAndCheckOut, shot, type FixtureSummary } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;
let fan: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  await signUpThroughApi(fan, uniqueEmail('identita'), 'Giulia');
});

afterAll(async () => {
  await fan?.close();
  await browser?.close();
});

/** Picks `option` in the place picker labelled `label`, typing `typed` first. */
async function pick(page: Page, label: string, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

it('a fan fills their identity, is registered, and the holder prefills at checkout', async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/myaccount`);
  await page.getByRole('link', { name: /^I miei dati/ }).click();
  await page.getByRole('heading', { name: 'I miei dati' }).waitFor();

  // Giulia Bianchi, born in Como on 15 July 1994: her fiscal code, typed in lower case.
  const text = (name: string) => page.getByRole('textbox', { name, exact: true });
  await text('Nome').fill('Giulia');
  await text('Cognome').fill('Bianchi');
  await text('Codice fiscale').fill('bncgli94l55c933m');
  await page.getByLabel('Data di nascita', { exact: true }).fill('1994-07-15');
  await page.getByLabel('Sesso', { exact: true }).selectOption('F');
  await pick(page, 'Paese di nascita', 'Ital', 'Italia');
  await pick(page, 'Provincia di nascita', 'Como', 'Como (CO)');
  await pick(page, 'Comune di nascita', 'Como', 'Como');
  await pick(page, 'Paese di residenza', 'Ital', 'Italia');
  await pick(page, 'Provincia di residenza', 'Como', 'Como (CO)');
  await pick(page, 'Comune di residenza', 'Cernob', 'Cernobbio');
  await text('Indirizzo (facoltativo)').fill('Via Regina 12');
  await page.getByLabel('Tipo di documento', { exact: true }).selectOption('id_card');
  await text('Numero del documento').fill('CA1234567');
  await text('Telefono (facoltativo)').fill('333 123 4567');
  await shot(page, 'identity-1-filled');
  await page.getByRole('button', { name: 'Salva i miei dati' }).click();
  await page.getByText('Dati salvati').waitFor();

  // The registration job runs: the page says so by itself.
  await page
    .locator('[data-testid="identity-registration"][data-registration="registered"]')
    .waitFor({ timeout: 60_000 });
  await page.getByText('Sei registrato nel sistema di biglietteria').waitFor();
  await shot(page, 'identity-2-registered');

  // At checkout, "It's me" fills the holder from the saved identity.
  // A match without risk (a high-risk one asks for the supporter card first), the last one.
  const fixture = (await fixturesOnSale())
    .filter((f) => !(f as FixtureSummary & { high_risk?: boolean }).high_risk)
    .at(-1);
  if (!fixture) throw new Error('the demo data puts a match without risk on sale');
  const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
    sectors?: { code: string; no_map: boolean; blocks: { id: number }[] }[];
  };
  const block = detail.sectors?.find((s) => s.code === 'TC' && !s.no_map)?.blocks.at(-3)?.id ?? 0;
  const seats = (await freeSeats(fixture.id, block)).slice(-2, -1);
  expect(seats).toHaveLength(1);
  await page.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${block}`);
  await holdAndCheckOut(page, seats, 'identity-3');
  await shot(page, 'identity-4-checkout');
  await page.getByRole('button', { name: /^È il mio biglietto\s*, biglietto 1$/ }).click();
  const holder = (name: string) => page.getByLabel(`${name}, biglietto 1`, { exact: true });
  await expect.poll(() => holder('Nome').inputValue()).toBe('Giulia');
  expect(await holder('Cognome').inputValue()).toBe('Bianchi');
  expect(await holder('Data di nascita').inputValue()).toBe('1994-07-15');
  expect(await holder('Luogo di nascita').inputValue()).toBe('Como');
  expect(await holder('Tipo di documento').inputValue()).toBe('id_card');
  expect(await holder('Numero del documento').inputValue()).toBe('CA1234567');
  await shot(page, 'identity-5-holder-prefilled');

  expect(errors).toEqual([]);
  await page.close();
});

it('a fan deletes their account: typed e-mail, confirmation, signed out', async () => {
  const email = uniqueEmail('addio');
  const context = await newFanContext(browser);
  await signUpThroughApi(context, email, 'Paolo');
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/myaccount`);
  await page.getByRole('link', { name: /^Elimina il mio account/ }).click();
  const field = page.getByRole('textbox', { name: 'Scrivi il tuo indirizzo e-mail per confermare', exact: true });
  const button = page.getByRole('button', { name: 'Elimina definitivamente il mio account' });
  // Someone else's address is refused on the field.
  await field.fill('qualcun.altro@example.it');
  await button.click();
  await page.getByText("L'indirizzo non corrisponde a quello del tuo account").waitFor();
  await shot(page, 'identity-6-delete-account-refused');
  await field.fill(email);
  await button.click();
  await page.getByRole('heading', { name: 'Account eliminato' }).waitFor();
  await shot(page, 'identity-7-account-deleted');
  // Signed out for good: the account page asks to sign in.
  await page.goto(`${BASE_URL}/myaccount`);
  await page.waitForURL(/\/accedi/);
  expect(errors).toEqual([]);
  await context.close();
});
