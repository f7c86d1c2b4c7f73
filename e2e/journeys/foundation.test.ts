/**
 * Foundation journey: both apps are served by the API, speak Italian first and English on demand,
 * show the running version and the system's health, the simulator's mailbox is reachable, and a
 * mail check sent by staff goes through the mail job to the simulator. Staff sign in first
 * (the demo staff user of `api seed`).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  launchBrowser,
  newAdminContext,
  newFanContext,
  screenshot,
} from '../src/browser.ts';
import { DEMO_USERS, signInToAdmin } from '../src/accounts.ts';
import { baseUrl, simUrl } from '../src/env.ts';

const BASE_URL = baseUrl();
const SIM_URL = simUrl();

interface VersionInfo {
  name: string;
  version: string;
  git_sha: string;
}

/** A message the mail simulator received, as `GET /_sim/mail/messages` lists it. */
interface SimMessage {
  id: number;
  to: string[];
  subject: string;
  text: string;
}

/** The messages the simulator received for one address, oldest first. */
async function simMessagesTo(address: string): Promise<SimMessage[]> {
  const response = await fetch(`${SIM_URL}/_sim/mail/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SimMessage[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('foundation', () => {
  it('a fan sees the home page in Italian with the running version, then switches to English', async () => {
    const response = await fetch(`${BASE_URL}/api/version`);
    expect(response.status).toBe(200);
    const version = (await response.json()) as VersionInfo;

    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { level: 1, name: 'Biglietteria ufficiale' }).waitFor();
    const footerVersion = page.getByRole('contentinfo').getByTestId('app-version');
    await footerVersion.waitFor();
    expect(await footerVersion.textContent()).toContain(version.version);
    await screenshot(page, 'fan-home-it');

    await page.getByRole('group', { name: 'Lingua' }).getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Official ticket office' }).waitFor();
    await screenshot(page, 'fan-home-en');

    // The choice is remembered across visits.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Official ticket office' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a fan who follows a broken link sees the not-found page and a way home', async () => {
    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    const response = await page.goto(`${BASE_URL}/some/unknown/route`);
    // The server hands unknown paths to the app, which decides what to show.
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
    await page.getByRole('link', { name: 'Torna alla home' }).waitFor();
    await screenshot(page, 'fan-not-found');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('staff see the dashboard with the database up', async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await signInToAdmin(page, DEMO_USERS.staff);
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Stato del sistema' }).waitFor();
    await page.getByTestId('health-database').getByText('OK', { exact: true }).waitFor();
    await screenshot(page, 'admin-dashboard');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('staff open the outbound e-mails from a deep link', async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    // Browser history, not a hash: the server falls back to /admin/index.html for this path.
    // Signed out, the deep link goes to the login page and, once signed in, back to the e-mails.
    await page.goto(`${BASE_URL}/admin/emails`);
    await page.waitForURL('**/admin/login');
    await signInToAdmin(page, DEMO_USERS.staff);
    await page.waitForURL('**/admin/emails');
    await page.locator('#react-admin-title').getByText('E-mail').waitFor();
    // Either the table of e-mails or, on a fresh database, react-admin's empty page; the mail
    // check is offered in both.
    await page.locator('.RaDataTable-root, .RaEmpty-message').first().waitFor();
    await page.getByRole('button', { name: 'Invia e-mail di prova' }).first().waitFor();
    await screenshot(page, 'admin-emails');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('staff send a mail check and see it delivered', async () => {
    const address = 'tifoso.prova@example.it';
    // Counted first, so a rerun against a long-lived stack still checks for exactly one more.
    const before = (await simMessagesTo(address)).length;

    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await signInToAdmin(page, DEMO_USERS.staff);
    await page.goto(`${BASE_URL}/admin/emails`);
    await page.getByRole('button', { name: 'Invia e-mail di prova' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invia e-mail di prova' });
    await dialog.getByRole('textbox', { name: 'Indirizzo e-mail' }).fill(address);
    await dialog.getByRole('combobox', { name: 'Lingua del messaggio' }).click();
    await page.getByRole('option', { name: 'Inglese' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-mail-check-dialog');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/mail-checks') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const email = (await response.json()) as { id: string; status: string; language: string };
    expect(email).toMatchObject({ status: 'pending', language: 'en' });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('E-mail di prova in coda').waitFor();

    // The list polls while a row is pending: the worker delivers through the SMTP simulator.
    const row = page.locator('.RaDataTable-root tbody tr').filter({ hasText: address }).first();
    await row.locator('[data-status="sent"]').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Mail delivery check');
    await screenshot(page, 'admin-emails-sent');

    await row.getByText(address).click();
    await page.waitForURL(`**/admin/emails/${email.id}/show`);
    const show = page.locator('.RaShow-main');
    await show.getByText('Mail delivery check').waitFor();
    await show.locator('[data-status="sent"]').waitFor();
    await show.getByText('Inglese').waitFor();
    await screenshot(page, 'admin-email-show');

    await page.goto(`${SIM_URL}/mail`);
    const simRow = page.locator('tbody tr').filter({ hasText: address }).filter({ hasText: 'Mail delivery check' }).first();
    await simRow.getByRole('link', { name: 'Mail delivery check' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: 'Mail delivery check' }).waitFor();
    expect(await page.locator('dl').textContent()).toContain(address);
    await screenshot(page, 'sim-mail-message');

    const messages = await simMessagesTo(address);
    expect(messages).toHaveLength(before + 1);
    const delivered = messages.at(-1);
    expect(delivered?.subject).toBe('Mail delivery check');
    expect(delivered?.text).toContain('Requested by');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the simulator's mailbox page is up", async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();

    await page.goto(`${SIM_URL}/mail`);
    const heading = page.getByRole('heading').filter({ hasText: 'Mailbox' }).first();
    await heading.waitFor();
    expect(await heading.textContent()).toContain('Mailbox');
    await screenshot(page, 'sim-mailbox');

    await context.close();
  });
});
