/**
 * Maintenance (issue 24): an admin puts the ticket office in maintenance from the settings page
 * (asked to confirm first); a fan opening the home page is sent to the maintenance page while
 * staff keep working; the admin ends it and the fan's maintenance page goes home by itself.
 * Each page looked at.
 */
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USERS, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import { shot } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;
let fan: BrowserContext;
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  await signUpThroughApi(fan, uniqueEmail('manutenzione'), 'Marta');
  admin = await newAdminContext(browser);
});

afterAll(async () => {
  // Whatever happened above, the journeys after this one find the ticket office open: the row
  // set back and the api processes told, as a save does.
  const url = process.env.DATABASE_URL;
  if (url) {
    execFileSync('psql', [
      url,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      "update club_settings set maintenance_mode = false; select pg_notify('club_settings', '')",
    ]);
  }
  await fan?.close();
  await admin?.close();
  await browser?.close();
});

/** What anyone reads of the settings. */
async function maintenanceOn(): Promise<boolean> {
  const settings = (await (await fetch(`${BASE_URL}/api/settings`)).json()) as { maintenance_mode: boolean };
  return settings.maintenance_mode;
}

it('an admin puts the ticket office in maintenance: fans wait on its page, staff work on, then it ends', async () => {
  const page = await admin.newPage();
  const errors = collectPageErrors(page);
  await signInToAdmin(page, DEMO_USERS.admin);
  await page.goto(`${BASE_URL}/admin/config`);
  await page.getByTestId('club-settings').waitFor();
  const maintenance = page.getByTestId('maintenance-mode-switch');
  await expect.poll(() => maintenance.isChecked()).toBe(false);

  // On: the page asks first, then says so.
  await maintenance.check();
  await page.getByTestId('settings-save').click();
  const confirm = page.getByTestId('maintenance-confirm');
  await confirm.waitFor();
  await shot(page, 'maintenance-1-confirm');
  await confirm.getByRole('button', { name: 'Metti in manutenzione' }).click();
  await page.getByTestId('maintenance-banner').waitFor();
  await expect.poll(maintenanceOn).toBe(true);
  await shot(page, 'maintenance-2-on');

  // A fan opening the home page lands on the maintenance page.
  const phone = await fan.newPage();
  const fanErrors = collectPageErrors(phone);
  await phone.goto(`${BASE_URL}/`);
  await phone.waitForURL('**/maintenance');
  await phone.getByRole('heading', { level: 1 }).waitFor();
  await shot(phone, 'maintenance-3-fan-waits');

  // Staff work on: their own write (the settings saved again) goes through.
  await maintenance.uncheck();
  await page.getByTestId('settings-save').click();
  await page.getByText('Configurazione salvata.').waitFor();
  await expect.poll(maintenanceOn).toBe(false);
  await expect.poll(() => page.getByTestId('maintenance-banner').count()).toBe(0);
  await shot(page, 'maintenance-4-off');

  // The fan's maintenance page notices by itself and goes home.
  await phone.waitForURL((url) => url.pathname === '/', { timeout: 45_000 });
  await shot(phone, 'maintenance-5-fan-home');

  expect(errors).toEqual([]);
  expect(fanErrors.filter((e) => !e.includes('503'))).toEqual([]);
});
