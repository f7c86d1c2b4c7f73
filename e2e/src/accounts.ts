import type { Page } from 'playwright-core';
import { baseUrl } from './env.ts';

/** The demo users `api seed` loads from fixtures/demo.json (development passwords). */
export const DEMO_USERS = {
  admin: { email: 'admin@lario.test', password: 'lario-admin-2026', name: 'Anna (admin)' },
  staff: { email: 'staff@lario.test', password: 'lario-staff-2026', name: 'Marco (biglietteria)' },
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
