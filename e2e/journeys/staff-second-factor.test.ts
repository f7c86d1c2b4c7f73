/**
 * Staff second factor journey (desktop): an admin signs in with password and authenticator code,
 * makes the demo fan ticket-office staff and confirms their identity for it in the dialog; the
 * new staff member's first sign-in sets up the authenticator app (QR code and secret to type),
 * shows the ten recovery codes once and enters the app only once they are saved; they sign in
 * again with a recovery code, which is refused the second time.
 *
 * The tests of this file run in order and share the account. At the end the demo fan is made a
 * fan again, for the journeys that sign in as him; his authenticator stays enrolled, so this
 * journey expects a fresh database (scripts/e2e.sh makes one).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATOR_CODE,
  confirmIdentity,
  DEMO_USERS,
  RECOVERY_CODE,
  refusedAsWrongCode,
  setAccLevelThroughApi,
  signInToAdmin,
  signOutOfAdmin,
  submitAdminPassword,
  submitSecondFactor,
  waitForAdminApp,
  type StaffAccount,
} from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, screenshot } from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';
import { withFreshTotpCode } from '../src/totp.ts';

const BASE_URL = baseUrl();
const FAN_LEVEL = 100;
const QR_CODE = "Codice QR per l'app di autenticazione";

let browser: Browser;
/** The admin's session, kept for the whole file (and to give the fan his role back). */
let adminContext: BrowserContext;
let adminPage: Page;
let adminErrors: string[];
/** The demo fan's id, once his role was changed. */
let promotedUserId: string | null = null;
/** The demo fan as staff: his secret is read from the enrolment step. */
let newStaff: StaffAccount | null = null;
let recoveryCodes: string[] = [];
/** The new staff member's browser, across the sign-ins. */
let staffContext: BrowserContext;
let staffPage: Page;
let staffErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  adminContext = await newAdminContext(browser);
  adminPage = await adminContext.newPage();
  adminErrors = collectPageErrors(adminPage);
  staffContext = await newAdminContext(browser);
  staffPage = await staffContext.newPage();
  staffErrors = collectPageErrors(staffPage);
});

afterAll(async () => {
  try {
    // The other journeys sign in as the demo fan, as a fan.
    if (promotedUserId !== null) {
      await setAccLevelThroughApi(adminContext, DEMO_USERS.admin, promotedUserId, FAN_LEVEL);
    }
  } finally {
    await browser?.close();
  }
});

/** `GET /api/me` from inside the page: the status, and the role when signed in. */
function me(page: Page): Promise<{ status: number; role: string | null }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/me');
    const body = response.ok ? ((await response.json()) as { role?: string }) : {};
    return { status: response.status, role: body.role ?? null };
  });
}

/** The login page's switch from the app's code to a recovery code. */
async function useRecoveryCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
  await page.getByRole('textbox', { name: RECOVERY_CODE }).waitFor();
}

describe('staff second factor', () => {
  it('an admin makes the demo fan ticket-office staff, confirming their identity with password and code', async () => {
    await signInToAdmin(adminPage, DEMO_USERS.admin);
    await adminPage.goto(`${BASE_URL}/admin/users`);
    await adminPage.getByPlaceholder('Cerca per e-mail o nome').fill(DEMO_USERS.fan.email);
    const rows = adminPage.locator('.RaDataTable-root tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const row = rows.filter({ hasText: DEMO_USERS.fan.email });
    await row.locator('[data-role="fan"]').waitFor();
    await row.getByText(DEMO_USERS.fan.email).click();
    await adminPage.waitForURL('**/admin/users/*/show');
    const userId = /\/admin\/users\/([^/]+)\/show/.exec(new URL(adminPage.url()).pathname)?.[1];
    if (userId === undefined) throw new Error("the user's page has no id in its address");

    await adminPage.getByRole('link', { name: 'Cambia ruolo' }).click();
    await adminPage.waitForURL(/\/admin\/users\/[^/]+$/);
    await adminPage.getByRole('combobox', { name: /Livello/ }).click();
    await adminPage.getByRole('option', { name: '2 · Staff' }).click();
    await adminPage.getByRole('listbox').waitFor({ state: 'hidden' });

    // A role change asks for the password and code again, even seconds after signing in: the
    // first save is refused (403 reauthentication_required), the dialog proves who the admin
    // is (POST /api/auth/reauth) and the save is sent again.
    const refusedFirst = adminPage.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/admin/users/${userId}` && r.status() === 403,
    );
    const saved = adminPage.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/admin/users/${userId}` && r.ok(),
    );
    await adminPage.getByRole('button', { name: 'Salva ruolo' }).click();

    const dialog = adminPage.getByRole('dialog', { name: 'Conferma la tua identità' });
    await dialog.waitFor();
    await screenshot(adminPage, 'staff-2fa-1-confirm-identity');
    await confirmIdentity(adminPage, DEMO_USERS.admin);
    expect(((await (await refusedFirst).json()) as { code: string }).code).toBe('reauthentication_required');
    await saved;
    promotedUserId = userId;

    await adminPage.getByText('Ruolo aggiornato').waitFor();
    await adminPage.waitForURL('**/admin/users/*/show');
    await adminPage.locator('.RaShow-main [data-role="staff"]').waitFor();
    await screenshot(adminPage, 'staff-2fa-2-role-saved');
    // Saved on the server, not only on the screen.
    await adminPage.reload();
    await adminPage.locator('.RaShow-main [data-role="staff"]').waitFor();

    expect(adminErrors).toEqual([]);
  });

  it('the new staff member sets up the authenticator app, saves the recovery codes and enters', async () => {
    expect(promotedUserId, 'the admin made the demo fan staff above').not.toBeNull();
    const page = staffPage;
    await page.goto(`${BASE_URL}/admin/login`);
    await submitAdminPassword(page, DEMO_USERS.fan);

    // The enrolment: why, the QR code, and the secret to type by hand, in groups of four.
    await page.getByText('Gli account dello staff accedono con la password e un\'app di autenticazione', { exact: false }).waitFor();
    await page.getByRole('img', { name: QR_CODE }).waitFor();
    const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
    const secret = shown.replace(/\s+/g, '');
    // Checked without printing it: a failed expect would show the value.
    expect(/^[A-Z2-7]{16,}$/.test(secret), 'a base32 secret is shown').toBe(true);
    expect(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/.test(shown.trim()), 'the secret is grouped in fours').toBe(true);
    expect(await page.getByRole('button', { name: 'Usa un codice di recupero' }).count()).toBe(0);
    await screenshot(page, 'staff-2fa-3-enrol');
    newStaff = { email: DEMO_USERS.fan.email, password: DEMO_USERS.fan.password, totpSecret: secret };

    await withFreshTotpCode(secret, async (code) => {
      const response = await submitSecondFactor(page, AUTHENTICATOR_CODE, code);
      return !(await refusedAsWrongCode(page, response));
    });

    // The ten recovery codes, once; the app opens only after "saved".
    const list = page.getByRole('list', { name: 'Codici di recupero' });
    await list.waitFor();
    recoveryCodes = (await list.locator('li').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code)), 'codes as xxxxx-xxxxx').toBe(true);
    expect(new Set(recoveryCodes).size).toBe(10);
    await screenshot(page, 'staff-2fa-4-recovery-codes');

    await page.getByRole('button', { name: 'Continua', exact: true }).click();
    await page.getByText('Conferma di aver salvato i codici per continuare.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    await page.getByRole('checkbox', { name: 'Ho salvato i codici' }).check();
    await page.getByRole('button', { name: 'Continua', exact: true }).click();
    await waitForAdminApp(page);
    await page.getByRole('heading', { name: 'Stato del sistema' }).waitFor();
    expect(await me(page)).toEqual({ status: 200, role: 'staff' });
    await screenshot(page, 'staff-2fa-5-signed-in');

    expect(staffErrors).toEqual([]);
  });

  it('signs out, then in again with the password and a recovery code', async () => {
    expect(newStaff, 'the enrolment above').not.toBeNull();
    const [code] = recoveryCodes;
    if (newStaff === null || code === undefined) return;
    const page = staffPage;
    await signOutOfAdmin(page);

    await submitAdminPassword(page, newStaff);
    // Enrolled now: the code of the app, no QR code any more.
    expect(await page.getByRole('img', { name: QR_CODE }).count()).toBe(0);
    await useRecoveryCode(page);
    await page.getByRole('textbox', { name: RECOVERY_CODE }).fill(code);
    await screenshot(page, 'staff-2fa-6-recovery-code');
    const response = await submitSecondFactor(page, RECOVERY_CODE, code);
    expect(response.status()).toBe(200);

    await waitForAdminApp(page);
    await page.getByRole('heading', { name: 'Stato del sistema' }).waitFor();
    expect(await me(page)).toEqual({ status: 200, role: 'staff' });

    expect(staffErrors).toEqual([]);
  });

  it('the same recovery code is refused the second time', async () => {
    const [code] = recoveryCodes;
    if (newStaff === null || code === undefined) throw new Error('the journey above signed in with a recovery code');
    const page = staffPage;
    await signOutOfAdmin(page);

    await submitAdminPassword(page, newStaff);
    await useRecoveryCode(page);
    const response = await submitSecondFactor(page, RECOVERY_CODE, code);
    expect(await refusedAsWrongCode(page, response)).toBe(true);

    // Still on the code step, signed out.
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByRole('textbox', { name: RECOVERY_CODE }).waitFor();
    expect((await me(page)).status).toBe(401);
    await screenshot(page, 'staff-2fa-7-recovery-code-used');

    expect(staffErrors).toEqual([]);
  });
});
