/**
 * Staff bar a title and an e-mail (issue 21, bans): staff open the title bans, ban a fan's
 * ticket by its fiscal seal, and see it in force and registered in the ticketing system; the fan
 * who holds it is told on the phone that it cannot be passed on. Staff then ban an e-mail, and
 * that address can no longer ask for a sign-in code. Last, staff ban a signed-in fan's e-mail
 * from tomorrow: the fan shops on until the clock passes the start, then the sweep makes the ban
 * active, the fan is signed out and cannot sign in again. Each page looked at.
 */
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USERS, letters, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import { buyThroughApi, fixturesOnSale, freeSeats, shot, type FixtureSummary, type Holder } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

const HOLDER: Holder = {
  first_name: 'Bruno',
  last_name: 'Bandito',
  birth_place: 'Como',
  document_type: 'id_card',
  document_number: 'CA8642097',
  reduction_id: 1,
};

/**
 * Fills a form field until it keeps its value: a react-admin form still initialising (a loaded
 * machine) resets fields filled too early.
 */
async function fillKept(field: Locator, value: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await field.inputValue()) !== value) await field.fill(value);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return field.inputValue();
      },
      { timeout: 15_000 },
    )
    .toBe(value);
}

let browser: Browser;
let fan: BrowserContext;
let seal = '';
const barredEmail = uniqueEmail('bandita');

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  await signUpThroughApi(fan, uniqueEmail('ban-titolo'), 'Bruno');
  // A match without risk, not the first (the waiting room's journey guards it); a block no other
  // journey buys from.
  const fixture = (await fixturesOnSale())
    .slice(1)
    .find((f) => !(f as FixtureSummary & { high_risk?: boolean }).high_risk);
  if (!fixture) throw new Error('the demo data puts a match without risk on sale');
  const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
    sectors?: { code: string; no_map: boolean; blocks: { id: number }[] }[];
  };
  const block = detail.sectors?.find((s) => s.code === 'TC' && !s.no_map)?.blocks.at(-2)?.id ?? 0;
  const seats = (await freeSeats(fixture.id, block)).slice(-1);
  expect(seats).toHaveLength(1);
  const order = await buyThroughApi(fan, fixture.id, seats, [HOLDER]);
  seal = order.lines[0]?.title?.seal ?? '';
  expect(seal).not.toBe('');
});

afterAll(async () => {
  await fan?.close();
  await browser?.close();
});

it('staff ban a title and an e-mail: the title cannot be passed on, the e-mail cannot sign in', async () => {
  const admin = await newAdminContext(browser);
  const page = await admin.newPage();
  const errors = collectPageErrors(page);
  await signInToAdmin(page, DEMO_USERS.admin);

  // A title ban, from now, for good.
  await page.goto(`${BASE_URL}/admin/ban`);
  await page.waitForURL('**/admin/ban/titles');
  await page.getByRole('link', { name: 'Nuovo ban' }).click();
  await fillKept(page.getByRole('textbox', { name: 'Sigillo fiscale' }), seal);
  await fillKept(page.getByRole('textbox', { name: 'Motivo' }), 'Striscione vietato in curva');
  await fillKept(page.getByRole('textbox', { name: 'Sigillo fiscale' }), seal);
  await shot(page, 'bans-1-new-title-ban');
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByText('Attivo').first().waitFor();
  // Registered in the ticketing system by its job: the page shows it once reloaded.
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByText('Bruno Bandito').first().waitFor();
        return page.getByText('Registrato', { exact: true }).count();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
  await page.getByText('Bruno Bandito').first().waitFor();
  await shot(page, 'bans-2-title-ban');

  // The fan, on the phone: the ticket cannot be passed on, in their words.
  const phone = await fan.newPage();
  const fanErrors = collectPageErrors(phone);
  await phone.goto(`${BASE_URL}/transfer_title/${seal}`);
  await phone.getByText('Questo biglietto è bloccato dal club e non può essere ceduto.', { exact: false }).waitFor();
  await shot(phone, 'bans-3-fan-cannot-pass-on-phone');

  // An e-mail ban: the list shows it in force.
  await page.goto(`${BASE_URL}/admin/ban/emails`);
  await page.getByRole('link', { name: 'Nuovo ban' }).click();
  await fillKept(page.getByRole('textbox', { name: 'E-mail' }), barredEmail);
  await fillKept(page.getByRole('textbox', { name: 'Motivo' }), 'Cori offensivi');
  await fillKept(page.getByRole('textbox', { name: 'E-mail' }), barredEmail);
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByText('Attivo').first().waitFor();
  await page.goto(`${BASE_URL}/admin/ban/emails`);
  await page.getByText(barredEmail).first().waitFor();
  await shot(page, 'bans-4-email-bans');

  // That address asks for a sign-in code: refused.
  const stranger = await newFanContext(browser);
  const signIn = await stranger.newPage();
  await signIn.goto(`${BASE_URL}/accedi`);
  await signIn.getByRole('textbox', { name: 'E-mail' }).fill(barredEmail);
  await signIn.getByRole('button', { name: 'Inviami il codice' }).click();
  await signIn.getByText('Questo indirizzo e-mail non può essere usato per accedere.').waitFor();
  await shot(signIn, 'bans-5-barred-email-sign-in-phone');
  await stranger.close();

  expect(errors).toEqual([]);
  expect(fanErrors).toEqual([]);
  await phone.close();
  await admin.close();
});

/** The Europe/Rome wall time of `at`, as a datetime-local input takes it (`2026-11-28T21:05`). */
function romeLocal(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(' ', 'T');
}

/**
 * The clock passes a ban's start: its dates move back a day in the journey's database (the
 * bans are read against the database's clock, which cannot be wound forward).
 */
function startHasPassed(email: string): void {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL names the journeys database (scripts/e2e.sh sets it)');
  execFileSync('psql', [
    url,
    '-v',
    'ON_ERROR_STOP=1',
    '-qc',
    `update banned_email set ban_start_date = ban_start_date - interval '1 day' where ban_email = '${email}'`,
  ]);
}

it('a ban from tomorrow: the fan shops on until it starts, then is signed out and cannot sign in', async () => {
  const email = uniqueEmail('daspo');
  const phoneContext = await newFanContext(browser);
  await signUpThroughApi(phoneContext, email, 'Daniela');
  const phone = await phoneContext.newPage();
  const fanErrors = collectPageErrors(phone);
  await phone.goto(`${BASE_URL}/`);
  await phone.getByRole('button', { name: 'Account di Daniela' }).waitFor();

  const admin = await newAdminContext(browser);
  const page = await admin.newPage();
  const errors = collectPageErrors(page);
  await signInToAdmin(page, DEMO_USERS.admin);
  await page.goto(`${BASE_URL}/admin/ban/emails`);
  await page.getByRole('link', { name: 'Nuovo ban' }).click();
  await fillKept(page.getByRole('textbox', { name: 'E-mail' }), email);
  await fillKept(page.getByLabel('Inizio'), romeLocal(new Date(Date.now() + 24 * 3600 * 1000)));
  await fillKept(page.getByRole('textbox', { name: 'Motivo' }), 'Daspo del questore');
  await fillKept(page.getByRole('textbox', { name: 'E-mail' }), email);
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByText('Programmato').first().waitFor();
  await shot(page, 'bans-6-scheduled-email-ban');

  // Until tomorrow, the fan is still signed in.
  await phone.reload();
  await phone.getByRole('button', { name: 'Account di Daniela' }).waitFor();

  // The clock passes the start; the minutely sweep writes the ban active.
  startHasPassed(email);
  const filter = encodeURIComponent(JSON.stringify({ q: email }));
  await expect
    .poll(
      async () => {
        const bans = (await (await admin.request.get(`${BASE_URL}/api/admin/bans/emails?filter=${filter}`)).json()) as {
          status: number;
        }[];
        return bans[0]?.status;
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe(1);
  await page.goto(`${BASE_URL}/admin/ban/emails`);
  await page.getByText(email).first().waitFor();
  await shot(page, 'bans-7-email-ban-in-force');

  // The fan comes back: signed out, and the e-mail cannot sign in again.
  await phone.reload();
  await phone.getByRole('link', { name: 'Accedi' }).first().waitFor();
  expect(await phone.getByRole('button', { name: 'Account di Daniela' }).count()).toBe(0);
  await phone.goto(`${BASE_URL}/accedi`);
  await phone.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await phone.getByRole('button', { name: 'Inviami il codice' }).click();
  await phone.getByText('Questo indirizzo e-mail non può essere usato per accedere.').waitFor();
  await shot(phone, 'bans-8-banned-fan-signed-out-phone');

  expect(errors).toEqual([]);
  expect(fanErrors).toEqual([]);
  await admin.close();
  await phoneContext.close();
});

it('staff put a person on the blacklist, the ticketing system lists them, staff take them off', async () => {
  const admin = await newAdminContext(browser);
  const page = await admin.newPage();
  const errors = collectPageErrors(page);
  await signInToAdmin(page, DEMO_USERS.admin);
  // A last name of this run's own: the list is shared with earlier runs on the same database.
  const lastName = `Bagarino${letters(Date.now()).toLowerCase()}`;
  await page.goto(`${BASE_URL}/admin/ban/blacklist`);
  await page.getByRole('link', { name: 'Aggiungi alla blacklist' }).click();
  await fillKept(page.getByRole('textbox', { name: 'Nome', exact: true }), 'Mario');
  await fillKept(page.getByRole('textbox', { name: 'Cognome', exact: true }), lastName);
  await fillKept(page.getByLabel('Data di nascita'), '1985-02-03');
  await fillKept(page.getByRole('textbox', { name: 'Motivo', exact: true }), 'Rivendita abusiva davanti allo stadio');
  await fillKept(page.getByRole('textbox', { name: 'Nome', exact: true }), 'Mario');
  await shot(page, 'bans-9-new-blacklist-entry');
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByText(`Blacklist · Mario ${lastName}`).waitFor();
  // Sent to the ticketing system by its job: the list shows it once reloaded.
  await page.goto(`${BASE_URL}/admin/ban/blacklist`);
  await expect
    .poll(
      async () => {
        await page.reload();
        const row = page.getByRole('row').filter({ hasText: lastName });
        await row.waitFor();
        return row.getByTestId('blacklist-mirror').textContent();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe('Registrato');
  await shot(page, 'bans-10-blacklist');

  await page.getByRole('row').filter({ hasText: lastName }).click();
  await page.getByRole('button', { name: 'Rimuovi dalla blacklist' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rimuovi dalla blacklist' }).click();
  await page.getByText(`Mario ${lastName} non è più in blacklist.`).waitFor();
  await page.getByText('Rimosso', { exact: true }).first().waitFor();
  await shot(page, 'bans-11-blacklist-entry-removed');
  expect(errors).toEqual([]);
  await admin.close();
});
