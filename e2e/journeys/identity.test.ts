/**
 * The fan's identity (issue 21): a fan fills "I miei dati" (fiscal code, birth, residence,
 * document, phone), is registered in the ticketing system by the job, and at checkout "It's me"
 * fills the ticket's holder from it; she saves her partner among her people and picks him for
 * the second ticket. Then a fan deletes their account from the account page.
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

it('a fan fills their identity, is registered, saves a person, and both holders prefill at checkout', async () => {
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

  // Her partner, saved among her people: Mario Rossi, born in Rome on 1 January 1980.
  await page.goto(`${BASE_URL}/myaccount`);
  await page.getByRole('link', { name: /^Persone salvate/ }).click();
  await page.getByTestId('people-empty').waitFor();
  await page.getByTestId('person-add').click();
  const form = page.getByTestId('person-form');
  await form.getByLabel('Chi è per te', { exact: true }).selectOption('partner');
  await text('Nome').fill('Mario');
  await text('Cognome').fill('Rossi');
  // Her own fiscal code first: she is not one of her people.
  await text('Codice fiscale').fill('BNCGLI94L55C933M');
  await page.getByLabel('Data di nascita', { exact: true }).fill('1980-01-01');
  await page.getByLabel('Sesso', { exact: true }).selectOption('M');
  await pick(page, 'Paese di nascita', 'Ital', 'Italia');
  await pick(page, 'Provincia di nascita', 'Roma', 'Roma (RM)');
  await pick(page, 'Comune di nascita', 'Roma', 'Roma');
  await pick(page, 'Paese di residenza', 'Ital', 'Italia');
  await pick(page, 'Provincia di residenza', 'Como', 'Como (CO)');
  await pick(page, 'Comune di residenza', 'Cernob', 'Cernobbio');
  await page.getByLabel('Tipo di documento', { exact: true }).selectOption('passport');
  await text('Numero del documento').fill('YA7654321');
  await page.getByTestId('person-save').click();
  const fiscalCode = page.getByTestId('identity-fiscal-code');
  await expect.poll(() => fiscalCode.getAttribute('aria-invalid')).toBe('true');
  await shot(page, 'identity-3-person-refused');
  await text('Codice fiscale').fill('rssmra80a01h501u');
  await page.getByTestId('person-save').click();
  const row = page.getByTestId('person-row').filter({ hasText: 'Mario Rossi' });
  await row.waitFor();
  expect(await row.textContent()).toContain('01/01/1980');
  expect(await row.textContent()).toContain('RSSMRA80A01H501U');
  await shot(page, 'identity-4-people');

  // At checkout, "It's me" fills the first holder from the saved identity, the saved person
  // the second.
  // A match without risk (a high-risk one asks for the supporter card first), the last one.
  const fixture = (await fixturesOnSale())
    .filter((f) => !(f as FixtureSummary & { high_risk?: boolean }).high_risk)
    .at(-1);
  if (!fixture) throw new Error('the demo data puts a match without risk on sale');
  const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
    sectors?: { code: string; no_map: boolean; blocks: { id: number }[] }[];
  };
  const block = detail.sectors?.find((s) => s.code === 'TC' && !s.no_map)?.blocks.at(-3)?.id ?? 0;
  const seats = (await freeSeats(fixture.id, block)).slice(-3, -1);
  expect(seats).toHaveLength(2);
  await page.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${block}`);
  await holdAndCheckOut(page, seats, 'identity-5');
  await shot(page, 'identity-6-checkout');
  await page.getByRole('button', { name: /^È il mio biglietto\s*, biglietto 1$/ }).click();
  const holder = (index: number, name: string) => page.getByLabel(`${name}, biglietto ${index}`, { exact: true });
  await expect.poll(() => holder(1, 'Nome').inputValue()).toBe('Giulia');
  expect(await holder(1, 'Cognome').inputValue()).toBe('Bianchi');
  expect(await holder(1, 'Data di nascita').inputValue()).toBe('1994-07-15');
  expect(await holder(1, 'Luogo di nascita').inputValue()).toBe('Como');
  expect(await holder(1, 'Tipo di documento').inputValue()).toBe('id_card');
  expect(await holder(1, 'Numero del documento').inputValue()).toBe('CA1234567');
  const picker = page.getByTestId('holder-1-saved-person');
  await picker.waitFor();
  const mario = await picker.locator('option', { hasText: 'Mario Rossi' }).getAttribute('value');
  await picker.selectOption(mario ?? '');
  await expect.poll(() => holder(2, 'Nome').inputValue()).toBe('Mario');
  expect(await holder(2, 'Cognome').inputValue()).toBe('Rossi');
  expect(await holder(2, 'Data di nascita').inputValue()).toBe('1980-01-01');
  expect(await holder(2, 'Luogo di nascita').inputValue()).toBe('Roma');
  expect(await holder(2, 'Tipo di documento').inputValue()).toBe('passport');
  expect(await holder(2, 'Numero del documento').inputValue()).toBe('YA7654321');
  await shot(page, 'identity-7-holders-prefilled');
  // The API takes them.
  await page.getByTestId('save-holders').click();
  await page.getByText("Titolari salvati").first().waitFor();
  await shot(page, 'identity-8-holders-saved');

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
  await shot(page, 'identity-9-delete-account-refused');
  await field.fill(email);
  await button.click();
  await page.getByRole('heading', { name: 'Account eliminato' }).waitFor();
  await shot(page, 'identity-10-account-deleted');
  // Signed out for good: the account page asks to sign in.
  await page.goto(`${BASE_URL}/myaccount`);
  await page.waitForURL(/\/accedi/);
  expect(errors).toEqual([]);
  await context.close();
});
