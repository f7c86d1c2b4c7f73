/**
 * Foundation journey: both apps are served by the API, speak Italian first and English on demand,
 * show the running version and the system's health, and the simulator's mailbox is reachable.
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
import { baseUrl, simUrl } from '../src/env.ts';

const BASE_URL = baseUrl();
const SIM_URL = simUrl();

interface VersionInfo {
  name: string;
  version: string;
  git_sha: string;
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
    await page.goto(`${BASE_URL}/admin/emails`);
    await page.locator('#react-admin-title').getByText('E-mail').waitFor();
    // Either the table of e-mails or, on a fresh database, react-admin's empty page.
    await page.locator('.RaDataTable-root, .RaEmpty-message').first().waitFor();
    await screenshot(page, 'admin-emails');

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
