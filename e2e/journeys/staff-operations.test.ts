/**
 * Staff operations journey (desktop): the ticket office uploads a 50-line sheet with three bad
 * lines, sees them flagged in the preview, issues the other 47, watches the task's progress
 * bar reach 100% and downloads the results sheet, which a test reads; then a title is
 * cancelled directly in the ticketing simulator, and the tickets mismatch report lists it.
 *
 * The tests of this file run in order and share the task.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, letters, signInToAdmin } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, screenshot } from '../src/browser.ts';
import { baseUrl, simUrl } from '../src/env.ts';

const BASE_URL = baseUrl();
const LINES = 50;
const BAD_ROWS = [10, 20, 30];

interface FixtureSummary {
  id: number;
  title: string;
  status: number;
  inventory_ready: boolean;
}

let browser: Browser;
let page: Page;
let errors: string[];
let fixture: FixtureSummary;
const sealsIssued: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newAdminContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
  const fixtures = (await (await fetch(`${BASE_URL}/api/fixtures?kind=league`)).json()) as {
    items: FixtureSummary[];
  };
  const onSale = fixtures.items.find((f) => f.status === 1 && f.inventory_ready);
  if (onSale === undefined) throw new Error('the demo data puts the next league fixtures on sale');
  fixture = onSale;
});

afterAll(async () => {
  await browser?.close();
});

/** The sheet staff fill in: 50 lines on two rows of one block, three of them bad. */
async function sheet(run: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Biglietti');
  ws.addRow([
    'posto',
    'nome',
    'cognome',
    'data_nascita',
    'luogo_nascita',
    'sesso',
    'tipo_documento',
    'numero_documento',
    'email',
    'riduzione',
  ]);
  for (let i = 1; i <= LINES; i += 1) {
    const seat = i <= 30 ? `DO-DO3-10-${i}` : `DO-DO3-11-${i - 30}`;
    const row = i + 1;
    let label = seat;
    let first = `Ospite${letters(i)}`;
    if (row === BAD_ROWS[0]) label = 'DO-DO3-99-1';
    if (row === BAD_ROWS[1]) first = '';
    if (row === BAD_ROWS[2]) first = `Ospite${letters(1)}`;
    ws.addRow([
      label,
      first,
      `Sponsor${run}`,
      new Date(Date.UTC(1985, 4, 5)),
      'Como',
      i % 2 === 0 ? 'F' : 'M',
      'carta_identita',
      `CA${String(i).padStart(7, '0')}`,
      `sponsor.${run}@example.it`,
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('staff operations', () => {
  it('staff upload a 50-line sheet, see 3 bad lines flagged, issue the rest to 100% and download the results', async () => {
    await signInToAdmin(page, DEMO_USERS.admin);
    await page.goto(`${BASE_URL}/admin/tickets/massissue`);
    await page.getByRole('heading', { name: 'Emissione massiva', level: 1 }).waitFor();

    // The fixture on sale, then the sheet.
    await page.getByLabel('Partita in vendita').click();
    await page.getByRole('option', { name: new RegExp(fixture.title) }).first().click();
    const run = letters(Date.now() % 100_000);
    await page.getByTestId('sheet-input').setInputFiles({
      name: 'sponsor.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet(run),
    });
    await page.getByText('File scelto: sponsor.xlsx').waitFor();
    await page.getByRole('button', { name: 'Anteprima', exact: true }).click();

    // The preview: 47 valid, 3 flagged with their reasons.
    const summary = page.getByTestId('preview-summary');
    await summary.waitFor();
    await expect.poll(() => summary.textContent()).toContain('47 valide');
    expect(await summary.textContent()).toContain('3 con errori');
    await page.getByText('nessun posto ha questa etichetta', { exact: false }).first().waitFor();
    await screenshot(page, 'staff-mass-issue-preview');

    // Issue the 47: the task's page shows its progress until every line is settled.
    await page.getByRole('button', { name: 'Emetti 47 righe valide' }).click();
    await page.waitForURL(/\/admin\/mass-issues\/[^/]+\/show/);
    const bar = page.getByRole('progressbar', { name: 'Avanzamento' }).first();
    await expect
      .poll(async () => bar.getAttribute('aria-valuenow'), { timeout: 120_000, interval: 1_000 })
      .toBe('100');
    await page.getByText('47 emesse').first().waitFor();
    await screenshot(page, 'staff-mass-issue-done');

    // The results sheet: the 47 lines sent, each finalised with its seal.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica i risultati' }).click(),
    ]);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    const bytes = await readFile(file);
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const ws = book.worksheets[0];
    if (ws === undefined) throw new Error('the results file has no sheet');
    expect(ws.rowCount).toBe(LINES - BAD_ROWS.length + 1);
    expect(ws.getRow(1).getCell(9).value).toBe('stato');
    const states: string[] = [];
    for (let r = 2; r <= ws.rowCount; r += 1) {
      const row = ws.getRow(r);
      states.push(String(row.getCell(9).value));
      if (row.getCell(9).value === 'finalized') sealsIssued.push(String(row.getCell(11).value));
    }
    expect(states.filter((s) => s === 'finalized')).toHaveLength(47);
    // Each line keeps its row in the sheet: the bad rows are the ones missing.
    const rows = Array.from({ length: ws.rowCount - 1 }, (_, i) => Number(ws.getRow(i + 2).getCell(1).value));
    expect(rows[0]).toBe(2);
    expect(rows.filter((row) => BAD_ROWS.includes(row))).toEqual([]);
    expect(sealsIssued.every((seal) => seal.length === 16)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a title cancelled in the ticketing system shows in the tickets mismatch report', async () => {
    const seal = sealsIssued[0];
    if (seal === undefined) throw new Error('the first journey issued titles');
    const journal = (await (await fetch(`${simUrl()}/_sim/ticketing/journal`)).json()) as {
      title_id: number;
      seal: string;
    }[];
    const victim = journal.find((line) => line.seal === seal);
    expect(victim).toBeDefined();
    if (victim === undefined) return;
    const cancelled = await fetch(`${simUrl()}/_sim/ticketing/titles/${victim.title_id}/cancel`, { method: 'POST' });
    expect(cancelled.ok).toBe(true);

    await page.goto(`${BASE_URL}/admin/reports/tickets_mismatch_report`);
    await reportFor(page, fixture.title);
    await page.getByText(seal).first().waitFor({ timeout: 60_000 });
    await page.getByText('Annullato in biglietteria').first().waitFor();
    await screenshot(page, 'staff-mismatch-report');
    expect(errors).toEqual([]);
  });

  it('staff export the issued tickets and look at the jobs, the service status and log, and the payment report', async () => {
    await page.goto(`${BASE_URL}/admin/tickets/issuedtickets`);
    await page.getByRole('button', { name: 'Esporta in Excel' }).first().click();
    await page.getByText('avviata: il file si prepara in background', { exact: false }).waitFor();
    await page.goto(`${BASE_URL}/admin/exports`);
    const download = page.getByRole('button', { name: /Scarica/ }).first();
    await download.waitFor({ timeout: 60_000 });
    await screenshot(page, 'staff-exports');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const book = new ExcelJS.Workbook();
    const bytes = await readFile(await file.path());
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (sheet === undefined) throw new Error('the export has no sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('sigillo_fiscale');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(48);

    await page.goto(`${BASE_URL}/admin/jobs`);
    await page.getByText('mass', { exact: false }).first().waitFor();
    await screenshot(page, 'staff-jobs');
    await page.goto(`${BASE_URL}/admin/service-status`);
    await page.getByRole('heading', { name: 'Stato dei servizi', level: 1 }).waitFor();
    await page.getByText('Controllato il', { exact: false }).first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'staff-service-status');
    // The log, searched for the issues: newer look-ups of the mismatch report come first.
    const search = encodeURIComponent(JSON.stringify({ q: 'EmettiEsteso' }));
    await page.goto(`${BASE_URL}/admin/reports/service-log?filter=${search}`);
    await page.getByText('EmettiEsteso', { exact: false }).first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'staff-service-log');
    await page.goto(`${BASE_URL}/admin/reports/stripe-report`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'staff-payment-report');
    expect(errors).toEqual([]);
  });
});

/** Runs the mismatch report for the fixture: the page opens the new report. */
async function reportFor(p: Page, title: string): Promise<void> {
  await p.getByLabel('Partita da confrontare').click();
  await p.getByRole('option', { name: new RegExp(title) }).first().click();
  await p.getByRole('button', { name: 'Avvia il confronto' }).click();
  await p.waitForURL(/\/admin\/mismatch-reports\/[^/]+\/show/);
}
