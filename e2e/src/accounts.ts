import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './env.ts';
import { signInCodeIn, simMessagesTo, waitForMessage } from './mail.ts';

/** The demo users `api seed` loads from fixtures/demo.json (development passwords). */
export const DEMO_USERS = {
  admin: { email: 'admin@lario.test', password: 'lario-admin-2026', name: 'Anna (admin)' },
  staff: { email: 'staff@lario.test', password: 'lario-staff-2026', name: 'Marco (biglietteria)' },
  /** A second ticket-office account, so that no account meets the sign-in limit across journeys. */
  staff2: { email: 'cassa@lario.test', password: 'lario-cassa-2026', name: 'Elena (cassa)' },
  fan: { email: 'tifoso@lario.test', password: 'lario-tifoso-2026', name: 'Luca' },
  corporate: { email: 'azienda@lario.test', password: 'lario-azienda-2026', name: 'Lanzi Srl' },
} as const;

/** A fresh address for a new fan: one per run and per journey. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.it`;
}

/**
 * Signs in to the admin app at /admin/login (Italian) unless the page is already there after
 * a redirect, and waits for react-admin to leave the login page.
 */
export async function signInToAdmin(page: Page, user: { email: string; password: string }): Promise<void> {
  if (!page.url().includes('/admin/login')) {
    await page.goto(`${baseUrl()}/admin/login`);
  }
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/login'));
}

/** The `lario_csrf` token for the context, which every state-changing `/api` request repeats. */
async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
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
