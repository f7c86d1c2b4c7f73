import type { APIResponse, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { baseUrl } from './env.ts';
import { signInCodeIn, simMessagesTo, waitForMessage } from './mail.ts';
import { withFreshTotpCode } from './totp.ts';

/**
 * The demo users `api seed` loads from fixtures/demo.json (development passwords). Staff and
 * admins have the authenticator secrets of fixtures/demo.json (`totp_secret`), fans none.
 */
export const DEMO_USERS = {
  admin: {
    email: 'admin@lario.test',
    password: 'lario-admin-2026',
    name: 'Anna (admin)',
    totpSecret: 'KRUGS4ZANFZSAYLOEBQWI3LJNYQHI33U',
  },
  staff: {
    email: 'staff@lario.test',
    password: 'lario-staff-2026',
    name: 'Marco (biglietteria)',
    totpSecret: 'KRUGS4ZANFZSA43UMFTGMIDUN52HA5DP',
  },
  /** A second ticket-office account, so that no account meets the sign-in limit across journeys. */
  staff2: {
    email: 'cassa@lario.test',
    password: 'lario-cassa-2026',
    name: 'Elena (cassa)',
    totpSecret: 'KRUGS4ZANFZSAY3BONZWCIDUN52HA5DP',
  },
  fan: { email: 'tifoso@lario.test', password: 'lario-tifoso-2026', name: 'Luca' },
  corporate: { email: 'azienda@lario.test', password: 'lario-azienda-2026', name: 'Lanzi Srl' },
} as const;

/** A staff or admin account: a password and an authenticator app. */
export interface StaffAccount {
  email: string;
  password: string;
  /** The authenticator's secret, base32. */
  totpSecret: string;
}

/** The labels of the admin app's second step (Italian). */
export const AUTHENTICATOR_CODE = "Codice dell'app di autenticazione";
export const RECOVERY_CODE = 'Codice di recupero';
const WRONG_CODE = 'Codice errato';

/** A fresh address for a new fan: one per run and per journey. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.it`;
}

/**
 * The admin login page's first step: e-mail and password (on /admin/login, unless the page is
 * already there after a redirect), until the second step shows. A refusal (wrong password,
 * rate limited) fails with the page's words.
 */
export async function submitAdminPassword(page: Page, user: { email: string; password: string }): Promise<void> {
  if (!page.url().includes('/admin/login')) {
    await page.goto(`${baseUrl()}/admin/login`);
  }
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  const codeField = page.getByRole('textbox', { name: AUTHENTICATOR_CODE });
  const alert = page.getByRole('alert');
  await codeField.or(alert).first().waitFor();
  if (await alert.isVisible()) {
    throw new Error(`the admin login refused the password: ${(await alert.textContent()) ?? ''}`);
  }
}

/**
 * Types `code` in the second step's field (`field`: the app's code or a recovery code), presses
 * Verifica and gives the API's answer to it.
 */
export async function submitSecondFactor(page: Page, field: string, code: string): Promise<Response> {
  await page.getByRole('textbox', { name: field }).fill(code);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/second-factor',
    ),
    page.getByRole('button', { name: 'Verifica', exact: true }).click(),
  ]);
  return response;
}

/**
 * Whether the API refused a code as wrong (or already used), once `scope` says so; any other
 * refusal fails, naming it (never the code).
 */
export async function refusedAsWrongCode(scope: Page | Locator, response: Response): Promise<boolean> {
  if (response.ok()) {
    return false;
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : '';
  if (response.status() === 401 && code === 'second_factor_invalid') {
    await scope.getByRole('alert').filter({ hasText: WRONG_CODE }).waitFor();
    return true;
  }
  throw new Error(`${new URL(response.url()).pathname} answered ${response.status()} ${code}`);
}

/** Until react-admin has left the login page for the app. */
export function waitForAdminApp(page: Page): Promise<void> {
  return page.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/login'));
}

/**
 * Signs in to the admin app at /admin/login (Italian) unless the page is already there after
 * a redirect: the password, then the authenticator app's code computed from the account's
 * secret (a fresh one when the journeys before used this step's: withFreshTotpCode); waits
 * for react-admin to leave the login page.
 */
export async function signInToAdmin(page: Page, user: StaffAccount): Promise<void> {
  await submitAdminPassword(page, user);
  await withFreshTotpCode(user.totpSecret, async (code) => {
    const response = await submitSecondFactor(page, AUTHENTICATOR_CODE, code);
    return !(await refusedAsWrongCode(page, response));
  });
  await waitForAdminApp(page);
}

/** Signs out from the admin app's user menu, back to the login page. */
export async function signOutOfAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profilo' }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await page.waitForURL('**/admin/login');
  await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
}

/**
 * Answers the admin app's "Conferma la tua identità" dialog (asked before a role change): the
 * password and a fresh authenticator code, until the API takes them and the dialog closes.
 */
export async function confirmIdentity(page: Page, user: StaffAccount): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await dialog.waitFor();
  await dialog.getByLabel('Password').fill(user.password);
  await withFreshTotpCode(user.totpSecret, async (code) => {
    await dialog.getByRole('textbox', { name: AUTHENTICATOR_CODE }).fill(code);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/reauth'),
      dialog.getByRole('button', { name: 'Conferma', exact: true }).click(),
    ]);
    return !(await refusedAsWrongCode(dialog, response));
  });
  await dialog.waitFor({ state: 'hidden' });
}

/** The `lario_csrf` token for the context, which every state-changing `/api` request repeats. */
export async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const response = await context.request.get(`${baseUrl()}/api/auth/csrf`);
  const { csrf_token: token } = (await response.json()) as { csrf_token: string };
  return { 'x-csrf-token': token };
}

async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
}

/**
 * Signs the context in with a password through the API, for journeys about something else
 * (the sign-in pages have their own journey).
 */
export async function signInThroughApi(
  context: BrowserContext,
  user: { email: string; password: string },
): Promise<void> {
  const response = await context.request.post(`${baseUrl()}/api/auth/password`, {
    data: { email: user.email, password: user.password, area: 'fan' },
    headers: await csrfHeaders(context),
  });
  await expectOk(response, 'POST /api/auth/password');
}

/**
 * Makes a new fan through the API, as the sign-up page would: an e-mailed code for `email`
 * (the account is created with it), signed in with that code, then the display name and the
 * 13-years confirmation the mandatory dialog would ask for.
 */
export async function signUpThroughApi(context: BrowserContext, email: string, displayName: string): Promise<void> {
  const seen = (await simMessagesTo(email)).length;
  await expectOk(
    await context.request.post(`${baseUrl()}/api/auth/code`, {
      data: { email, language: 'it' },
      headers: await csrfHeaders(context),
    }),
    'POST /api/auth/code',
  );
  const code = signInCodeIn(await waitForMessage(email, seen));
  await expectOk(
    await context.request.post(`${baseUrl()}/api/auth/code/verify`, {
      data: { email, code },
      headers: await csrfHeaders(context),
    }),
    'POST /api/auth/code/verify',
  );
  await expectOk(
    await context.request.put(`${baseUrl()}/api/me`, {
      data: { display_name: displayName, consent_13_years: true },
      headers: await csrfHeaders(context),
    }),
    'PUT /api/me',
  );
}

/**
 * Sets a user's account level through the API with the admin's signed-in `context` (a role
 * change): when the API asks the admin to prove who they are first
 * (`reauthentication_required`), the password and a fresh authenticator code go to
 * `/api/auth/reauth` and the change is sent again.
 */
export async function setAccLevelThroughApi(
  context: BrowserContext,
  admin: StaffAccount,
  userId: string,
  accLevel: number,
): Promise<void> {
  const put = async () =>
    context.request.put(`${baseUrl()}/api/admin/users/${userId}`, {
      data: { acc_level: accLevel },
      headers: await csrfHeaders(context),
    });
  let response = await put();
  if (response.status() === 403 && (await errorCode(response)) === 'reauthentication_required') {
    await withFreshTotpCode(admin.totpSecret, async (code) => {
      const reauth = await context.request.post(`${baseUrl()}/api/auth/reauth`, {
        data: { password: admin.password, code },
        headers: await csrfHeaders(context),
      });
      if (reauth.status() === 401 && (await errorCode(reauth)) === 'second_factor_invalid') {
        return false;
      }
      await expectOk(reauth, 'POST /api/auth/reauth');
      return true;
    });
    response = await put();
  }
  await expectOk(response, `PUT /api/admin/users/${userId}`);
}

async function errorCode(response: APIResponse): Promise<string> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : '';
}

/** A, B, ..., Z, BA, ...: a name of letters only for `n` (names hold no digits), new on every run. */
export function letters(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}
