/**
 * Accounts journeys: a new fan signs up with an e-mailed code (and another with an e-mailed
 * link), chooses a display name in the mandatory dialog, switches to English, opens their
 * account and signs out; staff find the new fan in the admin app; an admin changes a user's
 * role; a fan signs in with Google through the simulator's chooser; a corporate user signs in
 * at /corporate/login, where a fan account is refused.
 *
 * The tests of this file run in order and share the fans they create.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, confirmIdentity, signInToAdmin, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext, screenshot } from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';
import { signInCodeIn, signInLinkPathIn, waitForMessage } from '../src/mail.ts';

const BASE_URL = baseUrl();

/** The fans this file creates, for the staff and admin journeys further down. */
const fans = {
  byCode: uniqueEmail('tifoso.codice'),
  byLink: uniqueEmail('tifoso.link'),
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** `GET /api/me` from inside the page: 200 signed in, 401 signed out. */
function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(() => fetch('/api/me').then((response) => response.status));
}

/**
 * The mandatory dialog of a new account: Continue stays disabled until the name is long enough
 * and the 13-years box is ticked; then the name shows in the app bar.
 */
async function chooseDisplayName(page: Page, name: string, shot: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Come ti chiami?' });
  await dialog.waitFor();
  const continueButton = dialog.getByRole('button', { name: 'Continua' });
  expect(await continueButton.isDisabled()).toBe(true);
  await dialog.getByRole('textbox', { name: 'Nome visualizzato' }).fill(' ');
  await dialog.getByRole('textbox', { name: 'Nome visualizzato' }).fill(name);
  expect(await continueButton.isDisabled()).toBe(true);
  await screenshot(page, `${shot}-dialog`);
  await dialog.getByRole('checkbox', { name: 'Confermo di avere almeno 13 (tredici) anni.' }).check();
  expect(await continueButton.isEnabled()).toBe(true);
  await screenshot(page, `${shot}-dialog-filled`);
  await continueButton.click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('banner').getByRole('button', { name: `Account di ${name}` }).waitFor();
}

/** English from the app bar, then My account, then Sign out: home, signed out. */
async function englishAccountThenSignOut(page: Page, name: string, shot: string): Promise<void> {
  await page.getByRole('group', { name: 'Lingua' }).getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Official ticket office' }).waitFor();
  await screenshot(page, `${shot}-home-en`);

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: `${name}'s account` }).click();
  await page.getByRole('menuitem', { name: 'My account' }).waitFor();
  await screenshot(page, `${shot}-menu-en`);
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page.waitForURL('**/myaccount');
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  const profile = page.getByRole('region', { name: 'Profile' });
  expect(await profile.getByRole('textbox', { name: 'Display name' }).inputValue()).toBe(name);
  expect(await profile.getByRole('checkbox', { name: /marketing communications/ }).isChecked()).toBe(false);
  await page.getByRole('region', { name: 'Set a password' }).waitFor();
  await screenshot(page, `${shot}-myaccount-en`);

  await banner.getByRole('button', { name: `${name}'s account` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await banner.getByRole('link', { name: 'Sign in' }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Official ticket office' }).waitFor();
  expect(await sessionStatus(page)).toBe(401);
  await screenshot(page, `${shot}-signed-out`);
}

describe('a new fan', () => {
  it('signs up with an e-mailed code, names themselves, switches to English and signs out', async () => {
    const email = fans.byCode;
    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
    await page.waitForURL('**/accedi');
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await screenshot(page, 'fan-code-1-signin');
    await page.getByRole('button', { name: 'Inviami il codice' }).click();

    // The same words for a new address as for a known one: whether an account exists is not told.
    await page.getByText('Codice inviato. Controlla la tua e-mail.').waitFor();
    await page.getByRole('timer').filter({ hasText: /Il codice scade tra [12]:\d\d/ }).waitFor();
    await screenshot(page, 'fan-code-2-enter-code');

    const message = await waitForMessage(email);
    expect(message.subject).toContain('codice');
    await page.getByRole('textbox', { name: 'Codice a 6 cifre' }).fill(signInCodeIn(message));
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();

    // Signed in, back home; the new account has no name yet.
    await page.getByRole('heading', { level: 1, name: 'Biglietteria ufficiale' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    await chooseDisplayName(page, 'Tifoso Lariano', 'fan-code-3');
    await screenshot(page, 'fan-code-4-signed-in');

    await englishAccountThenSignOut(page, 'Tifoso Lariano', 'fan-code-5');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('signs up with an e-mailed link instead, the same way', async () => {
    const email = fans.byLink;
    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/accedi`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Inviami invece un link di accesso' }).click();
    await page.getByRole('heading', { name: 'E-mail inviata!' }).waitFor();
    await screenshot(page, 'fan-link-1-sent');

    const message = await waitForMessage(email);
    // The link is opened in the same browser, as a fan would from their mail app.
    await page.goto(`${BASE_URL}${signInLinkPathIn(message)}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Biglietteria ufficiale' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    await chooseDisplayName(page, 'Lariana del Link', 'fan-link-2');

    await englishAccountThenSignOut(page, 'Lariana del Link', 'fan-link-3');

    // The link works once.
    await page.goto(`${BASE_URL}${signInLinkPathIn(message)}`);
    await page.getByRole('heading', { level: 1, name: 'Link not valid' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await screenshot(page, 'fan-link-4-used-again');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('staff and admins', () => {
  it('staff sign in and find the new fan by e-mail, without a way to change the role', async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/admin/login`);
    await page.getByRole('heading', { name: 'Lario · Amministrazione' }).waitFor();
    await screenshot(page, 'admin-login');
    await signInToAdmin(page, DEMO_USERS.staff);
    await page.getByRole('heading', { name: 'Stato del sistema' }).waitFor();

    await page.getByRole('menuitem', { name: 'Utenti' }).click();
    await page.waitForURL('**/admin/users');
    // Typed as a fan might give it on the phone: the search matches e-mails in any case.
    await page.getByPlaceholder('Cerca per e-mail o nome').fill(fans.byCode.toUpperCase());
    const rows = page.locator('.RaDataTable-root tbody tr');
    // The search box waits for typing to stop before asking: wait for the one match.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const row = rows.filter({ hasText: fans.byCode });
    await row.waitFor();
    expect(await row.textContent()).toContain('Tifoso Lariano');
    await row.locator('[data-role="fan"]').waitFor();
    await screenshot(page, 'admin-users-search');

    await row.getByText(fans.byCode).click();
    await page.waitForURL('**/admin/users/*/show');
    await page.locator('.RaShow-main').getByText('Tifoso Lariano').first().waitFor();
    expect(await page.getByRole('link', { name: 'Cambia ruolo' }).count()).toBe(0);
    await screenshot(page, 'admin-user-show-staff');

    // Signing out from the user menu ends the session and goes back to the login page.
    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
    expect(await page.evaluate(() => fetch('/api/me').then((response) => response.status))).toBe(401);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("an admin changes a user's role and sees it saved", async () => {
    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await signInToAdmin(page, DEMO_USERS.admin);
    await page.goto(`${BASE_URL}/admin/users`);
    await page.getByPlaceholder('Cerca per e-mail o nome').fill(fans.byLink);
    const rows = page.locator('.RaDataTable-root tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const row = rows.filter({ hasText: fans.byLink });
    await row.locator('[data-role="fan"]').waitFor();
    await row.getByText(fans.byLink).click();

    await page.getByRole('link', { name: 'Cambia ruolo' }).click();
    await page.waitForURL(/\/admin\/users\/[^/]+$/);
    await page.getByRole('combobox', { name: /Livello/ }).click();
    await page.getByRole('option', { name: '51 · Azienda' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-user-role-edit');
    await page.getByRole('button', { name: 'Salva ruolo' }).click();
    // A role change asks for the password and code again, then saves.
    await confirmIdentity(page, DEMO_USERS.admin);

    await page.getByText('Ruolo aggiornato').waitFor();
    await page.waitForURL('**/admin/users/*/show');
    const show = page.locator('.RaShow-main');
    await show.locator('[data-role="corporate"]').waitFor();
    await screenshot(page, 'admin-user-role-saved');

    // Saved on the server, not only on the screen.
    await page.reload();
    await page.locator('.RaShow-main [data-role="corporate"]').waitFor();
    expect(await page.locator('.RaShow-main').textContent()).toContain('51');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Google sign-in (simulator)', () => {
  it('a fan continues with Google, picks a test identity and comes back signed in', async () => {
    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await page.goto(`${BASE_URL}/accedi`);
    await page.getByRole('link', { name: 'Continua con Google' }).click();
    // The simulator's chooser stands in for Google's page in development.
    const identity = page.getByRole('button', { name: /google\.tifoso@example\.com/ });
    await identity.waitFor();
    await screenshot(page, 'fan-google-1-chooser');
    await identity.click();

    await page.waitForURL((url) => url.origin === BASE_URL && url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Biglietteria ufficiale' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    // Google gives first and last name only: the display name is asked for by the dialog.
    await chooseDisplayName(page, 'Giulia da Google', 'fan-google-2');
    await screenshot(page, 'fan-google-3-signed-in');

    await page.getByRole('banner').getByRole('button', { name: 'Account di Giulia da Google' }).click();
    await page.getByRole('menuitem', { name: 'Il mio account' }).click();
    const profile = page.getByRole('region', { name: 'Profilo' });
    expect(await profile.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('Giulia');
    expect(await profile.getByRole('textbox', { name: 'Cognome' }).inputValue()).toBe('Tifosa');
    await screenshot(page, 'fan-google-4-myaccount');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('corporate sign-in', () => {
  it('a corporate user signs in at /corporate/login; a fan account is refused there', async () => {
    const context = await newFanContext(browser);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    const signIn = async (user: { email: string; password: string }) => {
      await page.goto(`${BASE_URL}/corporate/login`);
      await page.getByRole('heading', { level: 1, name: 'Accesso aziende' }).waitFor();
      await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
    };

    await signIn(DEMO_USERS.fan);
    await page.getByText("Il tuo account non può accedere a quest'area.").waitFor();
    expect(await sessionStatus(page)).toBe(401);
    await screenshot(page, 'corporate-login-refused');

    await signIn(DEMO_USERS.corporate);
    await page.getByRole('heading', { level: 1, name: 'Il mio account' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    await screenshot(page, 'corporate-login-signed-in');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
