import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; playwright-core never downloads a browser of its own here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fan on a phone. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
/** Staff at an office desktop. */
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 } as const;

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (no cookies, no storage) sized like a phone, for a fan journey. */
export function newFanContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
}

/** A fresh context sized like a desktop, for a staff journey in the admin app. */
export function newAdminContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
}

/**
 * Saves a full-page PNG as screenshots/<name>.png, for people to look at after a run. Transitions
 * are run to their end first, so a chip that just changed colour or a fading notification is
 * shown as it settles, not half-way.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Collects uncaught errors of the page's scripts, so a journey can assert the app never crashed
 * even when what it looked for still showed up.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(error.message);
  });
  return errors;
}
