/**
 * The contract (issue 16): the api's OpenAPI document opens in the browser at /api/docs (Swagger
 * UI served by the api itself, no CDN), lists the fans' and the staff's operations, and shows an
 * operation's answers with their error codes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, newAdminContext, screenshot } from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the API documentation', () => {
  it('opens at /api/docs with every operation of the document, from the api alone', async () => {
    const doc = (await (await fetch(`${BASE_URL}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBeGreaterThan(100);

    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(BASE_URL)) foreign.push(r.url());
    });
    await page.goto(`${BASE_URL}/api/docs/`);
    await page.getByText('Lario', { exact: false }).first().waitFor();
    // Every operation of the document is listed on the page.
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(operations);
    await screenshot(page, 'api-docs');

    // An operation opened: its answers, the refusals' codes among them.
    const hold = page.locator('.opblock-post', { hasText: '/api/fixtures/{id}/hold' }).first();
    await hold.locator('.opblock-summary').click();
    await hold.getByText('seats_unavailable', { exact: false }).first().waitFor();
    await screenshot(page, 'api-docs-hold');

    expect(foreign, 'nothing is loaded from another site').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
