/**
 * Corporate requests and supporter cards (phone for the fans, desktop for staff): a new fan asks
 * for a corporate account at /register_company and is told by e-mail; the demo fan adds his
 * daughter's supporter card (a wrong birth date first, refused), which the ticketing simulator
 * knows; staff find the request, approve it (the fan is told), find the card, and export both
 * lists to Excel, which a test reads.
 *
 * The tests of this file run in order and share the fan and the company.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInThroughApi, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newFanContext, screenshot } from '../src/browser.ts';
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
});
