/**
 * Corporate requests and supporter cards (phone for the fans, desktop for staff): a new fan asks
 * for a corporate account at /register_company and is told by e-mail; the demo fan adds his
 * daughter's supporter card (a wrong birth date first, refused), which the ticketing simulator
 * knows; staff find the request, approve it (the fan is told), find the card, and export both
 * lists to Excel, which a test reads.
 *
 * The tests of this file run in order and share the fan and the company.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInThroughApi, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext, screenshot } from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';
import { simMessagesTo, waitForMessage } from '../src/mail.ts';

const BASE_URL = baseUrl();
const requester = uniqueEmail('azienda.richiesta');
const company = `Serramenti ${Date.now() % 100_000} srl`;
/** The demo fan's daughter's card (fixtures/ticketing/cards.json). */
const DAUGHTERS_CARD = 'TF0000000002';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The rows of a downloaded Excel file, as text, header first. */
async function rowsOf(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (sheet === undefined) throw new Error('the export has no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}


/**
 * After "Esporta in Excel" on a list: opens the exports list, waits for the newest export of
 * `kind` (its name in the list) to be built and downloads it.
 */
async function exportFromList(page: Page, kind: string): Promise<Download> {
  await page.getByText('avviata: il file si prepara in background', { exact: false }).waitFor();
  await page.goto(`${BASE_URL}/admin/exports`);
  const row = page.getByRole('row').filter({ hasText: kind }).first();
  const download = row.getByRole('button', { name: /Scarica/ });
  await download.waitFor({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  return file;
}

describe('corporate requests and supporter cards', () => {
  it('a fan asks for a corporate account and is told it was received', async () => {
    const context = await newFanContext(browser);
    await signUpThroughApi(context, requester, 'Giulia');
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${BASE_URL}/register_company`);
    await page.getByRole('heading', { name: 'Richiesta di account aziendale' }).waitFor();

    // A bad VAT number is named on its field, in Italian.
    await page.getByLabel('Ragione sociale').fill(company);
    await page.getByLabel('Partita IVA').fill('12345678901');
    await page.getByLabel('E-mail aziendale').fill(`info.${Date.now()}@serramenti.example.it`);
    await page.getByLabel('Referente').fill('Giulia Bianchi');
    await page.getByLabel('Telefono').fill('+39 031 555 0101');
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await page.getByText('Partita IVA non valida', { exact: false }).waitFor();
    await screenshot(page, 'fan-corporate-request-invalid');

    const seen = (await simMessagesTo(requester)).length;
    await page.getByLabel('Partita IVA').fill('IT 0274 335 0130');
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await page.getByText('Richiesta inviata').waitFor();
    await page.getByText('Ricevuta').first().waitFor();
    await screenshot(page, 'fan-corporate-request-sent');
    const mail = await waitForMessage(requester, seen);
    expect(mail.subject).toContain(company);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the demo fan adds his daughter\'s supporter card, after a wrong birth date is refused', async () => {
    const context = await newFanContext(browser);
    await signInThroughApi(context, DEMO_USERS.fan);
    const page: Page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${BASE_URL}/myaccount/supporter-cards`);
    await page.getByRole('heading', { name: 'Tessere del tifoso', level: 1 }).waitFor();

    await page.getByLabel('Numero della tessera').fill('tf 0000-000 002');
    await page.getByLabel('Data di nascita del titolare').fill('2014-03-09');
    await page.getByRole('button', { name: 'Aggiungi la tessera' }).click();
    await page.getByText('Non troviamo una tessera con questo numero', { exact: false }).waitFor();
    await screenshot(page, 'fan-supporter-card-refused');

    await page.getByLabel('Data di nascita del titolare').fill('2014-03-08');
    await page.getByRole('button', { name: 'Aggiungi la tessera' }).click();
    await page.getByText(`Tessera ${DAUGHTERS_CARD} aggiunta`).waitFor();
    await page.getByText('Giulia Rossi').first().waitFor();
    await page.getByText('Emessa').first().waitFor();
    await screenshot(page, 'fan-supporter-card-added');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff approve the request, find the card, and export both lists to Excel', async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The admin, not the staff account: the journeys before and after sign staff in five times
    // in ten minutes, the most sign-ins one e-mail is allowed.
    await signInToAdmin(page, DEMO_USERS.admin);
    await page.goto(`${BASE_URL}/admin/corporate/company_request`);
    await page.getByPlaceholder('Cerca per azienda, partita IVA o e-mail').fill(company);
    const row = page.getByRole('row').filter({ hasText: company });
    await row.getByText('Ricevuta').waitFor();
    await screenshot(page, 'staff-corporate-requests');

    const seen = (await simMessagesTo(requester)).length;
    await row.getByRole('button', { name: 'Approva' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Approvare la richiesta di ${company}?`).waitFor();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await row.getByText('Approvata').waitFor();
    const told = await waitForMessage(requester, seen);
    expect(told.subject).toContain('approvata');

    const [requests] = await Promise.all([
      exportFromList(page, 'Richieste aziendali'),
      page.getByRole('button', { name: 'Esporta in Excel' }).click(),
    ]);
    const requestRows = await rowsOf(requests);
    expect(requestRows[0]?.slice(0, 4)).toEqual(['azienda', 'partita_iva', 'email_azienda', 'email_utente']);
    const exported = requestRows.find((r) => r[0] === company);
    expect(exported?.[1]).toBe('02743350130');
    expect(exported?.[3]).toBe(requester);
    expect(exported?.[6]).toBe('approvata');

    await page.goto(`${BASE_URL}/admin/fidelity_card`);
    await page.getByPlaceholder("Cerca per numero, titolare o e-mail dell'account").fill(DAUGHTERS_CARD);
    const card = page.getByRole('row').filter({ hasText: DAUGHTERS_CARD });
    await card.getByText(DEMO_USERS.fan.email).waitFor();
    await screenshot(page, 'staff-supporter-cards');
    const [cards] = await Promise.all([
      exportFromList(page, 'Tessere del tifoso'),
      page.getByRole('button', { name: 'Esporta in Excel' }).click(),
    ]);
    const cardRows = await rowsOf(cards);
    expect(cardRows[0]?.slice(0, 4)).toEqual(['numero_tessera', 'nome', 'cognome', 'data_nascita']);
    const daughters = cardRows.find((r) => r[0] === DAUGHTERS_CARD);
    expect(daughters?.slice(1, 3)).toEqual(['Giulia', 'Rossi']);
    expect(daughters?.[6]).toBe(DEMO_USERS.fan.email);

    // From a card to its account, and from the account's page back to its cards only.
    await page.goto(`${BASE_URL}/admin/fidelity_card`);
    await page.getByPlaceholder("Cerca per numero, titolare o e-mail dell'account").fill(DAUGHTERS_CARD);
    await page.getByRole('row').filter({ hasText: DAUGHTERS_CARD }).getByRole('link', { name: DEMO_USERS.fan.email }).click();
    await page.getByRole('link', { name: 'Tessere del tifoso' }).click();
    const account = page.getByRole('textbox', { name: 'Account', exact: true });
    await expect.poll(() => account.inputValue()).toBe(DEMO_USERS.fan.email);
    await page.getByRole('row').filter({ hasText: DAUGHTERS_CARD }).waitFor();
    await screenshot(page, 'staff-user-supporter-cards');
    expect(errors).toEqual([]);
    await context.close();
  });
});
