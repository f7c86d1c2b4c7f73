/**
 * The club's supporter card (issue 21): a fan applies at /blunelcuore for their daughter's card,
 * with her identity and a photo (the card's crop shown before applying); the ticketing system
 * registers it; staff find it at /admin/fidelity_card by 'LAST, FIRST', look at the photo and
 * issue it; the police check lets it through; the fan sees it issued, downloads the card as a
 * PDF (its page looked at) and has it by e-mail with both PDFs. Each page looked at.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USERS, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { SCREENSHOTS_DIR, collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import { shot } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { simMessagesTo } from '../src/mail.ts';

const BASE_URL = baseUrl();
const PARENT = uniqueEmail('mamma-tessera');

let browser: Browser;
let fan: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await newFanContext(browser);
  await signUpThroughApi(fan, PARENT, 'Francesca');
});

afterAll(async () => {
  await fan?.close();
  await browser?.close();
});

/** A portrait photo drawn in the browser (a face on a light background), as a PNG. */
async function drawnPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 1200;
    const g = canvas.getContext('2d');
    if (!g) return '';
    g.fillStyle = '#dfe9f5';
    g.fillRect(0, 0, 900, 1200);
    g.fillStyle = '#1b3a6b';
    g.fillRect(150, 800, 600, 400);
    g.fillStyle = '#f1c9a5';
    g.beginPath();
    g.ellipse(450, 520, 200, 260, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#4a2f1b';
    g.fillRect(250, 240, 400, 110);
    g.fillStyle = '#222';
    g.beginPath();
    g.arc(380, 500, 22, 0, Math.PI * 2);
    g.arc(520, 500, 22, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/** Picks `option` in the place picker labelled `label`, typing `typed` first. */
async function pick(page: Page, label: string, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

let applicationId = '';

it("a fan applies for their daughter's card with a photo", async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/blunelcuore`);
  await page.getByRole('heading', { name: /Blu nel Cuore/ }).first().waitFor();
  await shot(page, 'supporter-card-1-page');

  await page.getByTestId('card-relationship').selectOption('child');
  // Giulia Rossi, born in Como on 15 May 2012, living in Como.
  const text = (name: string) => page.getByRole('textbox', { name, exact: true });
  await text('Nome').fill('Giulia');
  await text('Cognome').fill('Rossi');
  await text('Codice fiscale').fill('RSSGLI12E55C933O');
  await page.getByLabel('Data di nascita', { exact: true }).fill('2012-05-15');
  await page.getByLabel('Sesso', { exact: true }).selectOption('F');
  await pick(page, 'Paese di nascita', 'Ital', 'Italia');
  await pick(page, 'Provincia di nascita', 'Como', 'Como (CO)');
  await pick(page, 'Comune di nascita', 'Como', 'Como');
  await pick(page, 'Paese di residenza', 'Ital', 'Italia');
  await pick(page, 'Provincia di residenza', 'Como', 'Como (CO)');
  await pick(page, 'Comune di residenza', 'Como', 'Como');
  await page.getByLabel('Tipo di documento', { exact: true }).selectOption('id_card');
  await text('Numero del documento').fill('CA7654321');

  // The photo: the card's crop is shown before applying.
  await page.getByTestId('card-photo-input').setInputFiles({
    name: 'giulia.png',
    mimeType: 'image/png',
    buffer: await drawnPhoto(page),
  });
  const preview = page.getByTestId('card-photo-preview');
  await preview.waitFor();
  await expect
    .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(413);
  await page.getByTestId('card-consent').check();
  await shot(page, 'supporter-card-2-form');

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/me/supporter-card-applications') && r.request().method() === 'POST'),
    page.getByTestId('card-apply-submit').click(),
  ]);
  expect(response.status()).toBe(201);
  applicationId = ((await response.json()) as { id: string }).id;
  const row = page.getByTestId('card-application-row').filter({ hasText: 'Giulia' });
  await row.waitFor();
  // The job registers it in the ticketing system: then it waits for staff.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('card-application-row').filter({ hasText: 'Giulia' }).getByTestId('card-application-state').textContent();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toMatch(/approvazione|verifica/i);
  await shot(page, 'supporter-card-3-applied');
  expect(errors).toEqual([]);
  await page.close();
});

it('staff find the application, look at the photo and issue the card', async () => {
  expect(applicationId).not.toBe('');
  const admin = await newAdminContext(browser);
  const page = await admin.newPage();
  const errors = collectPageErrors(page);
  await signInToAdmin(page, DEMO_USERS.staff);
  await page.goto(`${BASE_URL}/admin/fidelity_card`);
  await page.getByTestId('supporter-card-tab-applications').click();
  await page.getByTestId('card-applications-search').fill('ROSSI, GIULIA');
  const row = page.locator(`[data-testid="card-application-row"][data-id="${applicationId}"]`);
  await row.waitFor();
  await expect.poll(() => row.getByTestId('card-application-state').getAttribute('data-state')).toBe('registered');
  await shot(page, 'supporter-card-4-staff-list');
  await row.click();
  const photo = page.getByTestId('card-application-photo');
  await photo.waitFor();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(413);
  await shot(page, 'supporter-card-5-staff-show');

  // The show page read the record (its state chip says so) before the button is pressed; the
  // press is taken when the API answers it (a busy machine may swallow a press made while the
  // page settles, so it is pressed again until the request goes).
  await expect.poll(() => page.getByTestId('card-application-state').first().getAttribute('data-state')).toBe('registered');
  await expect
    .poll(
      async () => {
        const answered = page
          .waitForResponse((r) => r.url().includes(`/supporter-card-applications/${applicationId}/issue`) && r.request().method() === 'POST', {
            timeout: 5_000,
          })
          .then((r) => r.status())
          .catch(() => 0);
        await page.getByTestId('card-application-issue').click();
        return answered;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(200);
  // The job issues it (the police check lets Giulia through).
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('card-application-state').first().getAttribute('data-state');
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe('issued');
  await page.getByTestId('card-application-pdf-full').waitFor();
  await shot(page, 'supporter-card-6-staff-issued');
  expect(errors).toEqual([]);
  await admin.close();
});

it('the fan sees the card issued, downloads it, and has it by e-mail', async () => {
  const page = await fan.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${BASE_URL}/blunelcuore`);
  const row = page.getByTestId('card-application-row').filter({ hasText: 'Giulia' });
  await row.getByTestId('card-pdf-full').waitFor();
  await shot(page, 'supporter-card-7-fan-issued');

  const pdf = path.join(SCREENSHOTS_DIR, 'supporter-card.pdf');
  const pdfUrl = await row.getByTestId('card-pdf-full').getAttribute('href');
  expect(pdfUrl).toContain(applicationId);
  const download = await fan.request.get(new URL(pdfUrl ?? '', BASE_URL).toString());
  expect(download.status()).toBe(200);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(pdf, await download.body());
  expect((await readFile(pdf)).subarray(0, 4).toString('latin1')).toBe('%PDF');
  // Its page as an image, to look at after a run.
  await promisify(execFile)('pdftoppm', ['-png', '-r', '70', '-singlefile', pdf, path.join(SCREENSHOTS_DIR, 'supporter-card-pdf')]);
  const small = await fan.request.get(`${BASE_URL}/api/me/supporter-card-applications/${applicationId}/pdf?format=small`);
  expect(small.status()).toBe(200);
  const smallPdf = path.join(SCREENSHOTS_DIR, 'supporter-card-small.pdf');
  await writeFile(smallPdf, await small.body());
  await promisify(execFile)('pdftoppm', ['-png', '-r', '200', '-singlefile', smallPdf, path.join(SCREENSHOTS_DIR, 'supporter-card-small-pdf')]);

  await expect
    .poll(async () => (await simMessagesTo(PARENT)).filter((m) => m.subject.includes('tessera del tifoso')).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const mail = (await simMessagesTo(PARENT)).find((m) => m.subject.includes('tessera del tifoso'));
  expect(mail?.subject).toBe('La tessera del tifoso di Giulia Rossi è stata emessa');
  expect(mail?.attachments.filter((a) => a.content_type.includes('application/pdf'))).toHaveLength(2);
  expect(errors).toEqual([]);
  await page.close();
});
