/**
 * Renewal (issue 18): staff import the code table and last season's holders sheet, open the
 * season's renewal phase (the holders' seats kept for them). A fan without a right sees the
 * phase, a countdown and a seat map they cannot pick from; last season's holder renews with the
 * fiscal seal of their previous season ticket, keeps their seat, pays and gets the title. Staff
 * end the phase: the seat nobody renewed becomes free on the map. In the change-of-seat phase
 * that follows, the other holder renews on a seat of her choosing. Then the free sale opens.
 *
 * The ticketing simulator plays the club's operator and last season: it seeds the two previous
 * season titles and opens its renewal window around its own clock; at the end it closes it.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, letters, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { waitForMessage } from '../src/mail.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext, screenshot } from '../src/browser.ts';
import { fillCard, saveAndCheckHolders } from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { sim } from '../src/sim.ts';
import { type SeasonDetail, type SeasonSummary, getJson } from '../src/season.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function sheet(header: string[], rows: (string | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Foglio1');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `at` as a datetime-local value in Rome time (YYYY-MM-DDTHH:mm). */
function romeLocal(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
}

interface Person {
  nome: string;
  cognome: string;
  dataNascita: string;
}

/** Fills the renewal form with the right and the holder's details (born in Como). */
async function fillRenewal(page: Page, right: string, person: Person, sex: 'M' | 'F'): Promise<void> {
  await page.getByTestId('renewal-right').fill(right);
  await page.getByTestId('renewal-first_name').fill(person.nome);
  await page.getByTestId('renewal-last_name').fill(person.cognome);
  await page.getByTestId('renewal-birth_date').fill(person.dataNascita);
  await page.getByTestId('renewal-birth_province').fill('CO');
  await page.getByTestId('renewal-birth_place').fill('Como');
  await page.getByTestId('renewal-sex').selectOption(sex);
}

/**
 * From the renewal's check page: names the holder with a document, pays by card and waits for
 * the title; `shot` is taken before paying.
 */
async function payRenewal(page: Page, person: Person, documentNumber: string, shot: string): Promise<void> {
  await page.waitForURL(/\/seasonticketvrocheck\/[0-9a-f-]+/);
  const orderId = page.url().split('/seasonticketvrocheck/')[1]?.replace(/\/$/, '') ?? '';
  await page.getByTestId('renewal-badge').waitFor();
  const field = (name: string) => page.getByLabel(`${name}, biglietto 1`, { exact: true });
  await field('Nome').fill(person.nome);
  await field('Cognome').fill(person.cognome);
  await field('Data di nascita').fill(person.dataNascita);
  await field('Luogo di nascita').fill('Como');
  await field('Tipo di documento').selectOption('id_card');
  await field('Numero del documento').fill(documentNumber);
  await screenshot(page, shot);
  await saveAndCheckHolders(page, 1);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByTestId('pay-button').click();
  await page.waitForURL(`**/seasonticketcheckout/thankyou/${orderId}`);
  await page.locator('[data-testid="order-outcome"][data-state="issued"]').waitFor({ timeout: 90_000 });
}

async function waitForSeatState(page: Page, seat: number, state: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => document.querySelector(`[data-testid="seat-${id}"]`)?.getAttribute('data-state') === wanted,
    [seat, state] as const,
    { timeout },
  );
}

describe('renewal', () => {
  it('last season holder renews and keeps their seat; others wait with a countdown; the unrenewed seat is freed when the phase ends', async () => {
    const { items } = await getJson<{ items: SeasonSummary[] }>('/api/season-tickets');
    const summary = items.find((season) => season.status === 1 && season.inventory_ready);
    expect(summary, 'the demo data puts the season ticket on sale').toBeDefined();
    if (!summary) return;
    const season = await getJson<SeasonDetail>(`/api/season-tickets/${summary.id}`);
    // Distinti Ovest: no other journey buys there.
    const sector = season.sectors.find((candidate) => candidate.code === 'DO') ?? season.sectors[0];
    const block = sector?.blocks.find((candidate) => candidate.free > 3);
    expect(block).toBeDefined();
    if (!sector || !block) return;
    const { seats } = await getJson<{ seats: { id: number; label: string; state: string }[] }>(
      `/api/season-tickets/${season.id}/blocks/${block.id}`,
    );
    const [kept, unrenewed, moved] = seats.filter((candidate) => candidate.state === 'free');
    expect(kept && unrenewed && moved, 'three free season seats').toBeTruthy();
    if (!kept || !unrenewed || !moved) return;

    // Last season, in the ticketing system: two holders with their titles and supporter cards.
    const run = letters(Date.now() % 10_000_000);
    const holder = { nome: 'Marco', cognome: `Rinnovo${run}`, dataNascita: '1984-09-23' };
    const other = { nome: 'Elena', cognome: `Assente${run}`, dataNascita: '1986-02-11' };
    const world = await sim<{ season_types: { id: number; name: string }[] }>('/_sim/ticketing/snapshot');
    const planet = world.season_types.find((type) => type.name === season.name);
    expect(planet).toBeDefined();
    if (!planet) return;
    const seeded = await sim<{ seals: string[] }>('/_sim/ticketing/seed', {
      season_titles: [
        { season_type_id: 201, seat: kept.label, holder },
        { season_type_id: 201, seat: unrenewed.label, holder: other },
      ],
      cards: [holder, other],
    });
    const [seal, otherSeal] = seeded.seals;
    if (!seal || !otherSeal) throw new Error('no seals');
    // The club's operator opens the renewal window in the ticketing system.
    const clock = await sim<{ now: string }>('/_sim/ticketing/clock');
    const simNow = Date.parse(clock.now);
    await sim(`/_sim/ticketing/season-types/${planet.id}`, {
      preemption: {
        opens_at: new Date(simNow - 3_600_000).toISOString(),
        closes_at: new Date(simNow + 7_200_000).toISOString(),
        sectors: [],
      },
    });

    // Staff: the code table, the holders sheet, the renewal phase.
    const staffContext = await newAdminContext(browser);
    const staff = await staffContext.newPage();
    const staffErrors = collectPageErrors(staff);
    await signInToAdmin(staff, DEMO_USERS.staff2);
    await staff.goto(`${BASE_URL}/admin/preemption/renewal_codes/import`);
    await staff.getByTestId('codes-sheet-input').setInputFiles({
      name: 'codici.xlsx',
      mimeType: XLSX,
      buffer: await sheet(
        ['codice', 'posto'],
        [
          [`P1-${run}A`, kept.label],
          [`P1-${run}B`, unrenewed.label],
        ],
      ),
    });
    await staff.getByRole('button', { name: 'Importa la tabella' }).click();
    await staff.locator('[data-testid="codes-written"][data-written="2"]').waitFor();
    await screenshot(staff, 'renewal-1-code-table');

    await staff.goto(`${BASE_URL}/admin/preemption/holders_import`);
    // The holder's e-mail, where staff send the renewal code and with which the fan signs up.
    const holderEmail = uniqueEmail('rinnovo');
    const row = (h: typeof holder, sex: string, s: string, code: string, email: string) => [
      h.nome,
      h.cognome,
      h.dataNascita,
      'CO',
      'Como',
      sex,
      s,
      '',
      'SEASON',
      code,
      email,
    ];
    await staff.getByTestId('holders-sheet-input').setInputFiles({
      name: 'abbonati-2024-2025.xlsx',
      mimeType: XLSX,
      buffer: await sheet(
        ['Nome', 'Cognome', 'Data Nascita', 'Provincia Nascita', 'Localita Nascita', 'Sesso', 'Sigillo Fiscale', 'Promozioni1', 'Promozioni2', 'Codice Rinnovo', 'Email'],
        [
          row(holder, 'M', seal, `P1-${run}A`, holderEmail),
          row(other, 'F', otherSeal, `P1-${run}B`, ''),
          ['', 'Senzanome', 'x', '', '', '', 'BAD', '', '', '', ''],
        ],
      ),
    });
    await staff.getByRole('button', { name: 'Importa il foglio' }).click();
    await staff.waitForURL(/\/admin\/holders-imports\/[0-9a-f-]+\/show/);
    await staff.locator('[data-state="done"]').first().waitFor({ timeout: 60_000 });
    await staff.getByTestId('holders-import-rejected').waitFor();
    expect(await staff.getByTestId('holders-import-rejected').textContent()).toContain('1');
    await screenshot(staff, 'renewal-2-holders-imported');

    await staff.goto(`${BASE_URL}/admin/season-tickets/${season.id}/show/phases`);
    await staff.getByRole('link', { name: 'Nuova fase' }).click();
    await staff.getByRole('combobox', { name: /^Tipo/ }).click();
    await staff.getByRole('option', { name: 'Rinnovo', exact: true }).click();
    await staff.getByLabel(/^Inizio/).fill(romeLocal(new Date(Date.now() - 3_600_000)));
    await staff.getByLabel(/^Fine/).fill(romeLocal(new Date(Date.now() + 7_200_000)));
    await screenshot(staff, 'renewal-3-phase-form');
    await staff.getByRole('button', { name: 'Salva' }).click();
    await staff.getByText('Fase di vendita creata').first().waitFor();
    const phaseRow = staff.getByRole('row').filter({ hasText: 'Rinnovo' }).last();
    // Both holders' seats kept (the keep job), seen in the row's counts.
    await expect
      .poll(async () => Number(await phaseRow.getByTestId('phase-kept').textContent()), { timeout: 30_000, interval: 1_000 })
      .toBeGreaterThanOrEqual(2);
    await screenshot(staff, 'renewal-4-phase-open');

    // Staff e-mail each holder their renewal code; the mailing's progress shows live, and the
    // holder's code arrives (the other holder has no e-mail and is counted as such).
    await staff.getByRole('button', { name: 'Invia i codici di rinnovo' }).click();
    await screenshot(staff, 'renewal-4a-send-codes-confirm');
    await staff.getByRole('button', { name: 'Invia', exact: true }).click();
    await staff.locator('[data-testid="started-renewal-mailing"]').waitFor();
    const codeMail = await waitForMessage(holderEmail, 0, 60_000);
    expect(codeMail.text).toContain(`P1-${run}A`);
    await staff.getByTestId('started-renewal-mailing').filter({ hasText: 'concluso' }).waitFor({ timeout: 60_000 });
    const progress = staff.getByTestId('started-renewal-mailing').getByTestId('renewal-mailing-progress');
    expect(await progress.getAttribute('data-sent')).toBe(await progress.getAttribute('data-total'));
    await screenshot(staff, 'renewal-4b-codes-sent');

    // A fan without a right: the phase, a countdown, a map they cannot pick from.
    const visitorContext = await newFanContext(browser);
    await signUpThroughApi(visitorContext, uniqueEmail('senzadiritto'), 'Senza Diritto');
    const visitor = await visitorContext.newPage();
    const visitorErrors = collectPageErrors(visitor);
    await visitor.goto(`${BASE_URL}/selectedseasonticket/${season.id}`);
    const banner = visitor.getByTestId('phase-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-phase')).toBe('renewal');
    await visitor.getByTestId('phase-countdown').waitFor();
    await visitor.getByText('Ora possono acquistare solo i tifosi con un diritto di prelazione', { exact: false }).first().waitFor();
    await screenshot(visitor, 'renewal-5-phase-banner-phone');
    await visitor.goto(`${BASE_URL}/selectedseasonticket/${season.id}?block=${block.id}`);
    await visitor.getByTestId('phase-restricted').waitFor();
    await waitForSeatState(visitor, kept.id, 'locked');
    await waitForSeatState(visitor, unrenewed.id, 'locked');
    await screenshot(visitor, 'renewal-6-map-restricted-phone');
    // A covered match's map, on a desktop, watched live: both seats kept (locked).
    const match = season.fixtures[0];
    if (!match) throw new Error('no covered match');
    const watcherContext = await newAdminContext(browser);
    const watcher = await watcherContext.newPage();
    await watcher.goto(`${BASE_URL}/selectedfixturetickets/${match.id}?block=${block.id}`);
    await waitForSeatState(watcher, kept.id, 'locked');
    await waitForSeatState(watcher, unrenewed.id, 'locked');

    // Last season's holder renews with their seal and keeps their seat.
    const fanContext = await newFanContext(browser);
    await signUpThroughApi(fanContext, holderEmail, `${holder.nome} ${holder.cognome}`);
    const fan = await fanContext.newPage();
    const fanErrors = collectPageErrors(fan);
    await fan.goto(`${BASE_URL}/selectedseasonticket/${season.id}`);
    // The rights sent to their e-mail are listed on the page.
    const rights = fan.getByTestId('my-renewal-rights');
    await rights.waitFor();
    expect(await rights.textContent()).toContain(holder.cognome);
    await screenshot(fan, 'renewal-6a-my-rights-phone');
    const form = fan.getByTestId('renewal-form');
    await form.waitFor();
    await fillRenewal(fan, seal, holder, 'M');
    // A wrong detail first: the field is named.
    await fan.getByTestId('renewal-birth_place').fill('Lecco');
    await fan.getByTestId('renewal-submit').click();
    await form.getByText('Non corrisponde ai dati dell', { exact: false }).first().waitFor();
    await screenshot(fan, 'renewal-7-mismatch-phone');
    await fan.getByTestId('renewal-birth_place').fill('Como');
    await fan.getByTestId('renewal-submit').click();
    await payRenewal(fan, holder, 'CA5566778', 'renewal-8-checkout-phone');
    await screenshot(fan, 'renewal-9-renewed-phone');
    await waitForSeatState(watcher, kept.id, 'sold');

    // Staff end the phase: the seat nobody renewed is freed, live on the visitor's map.
    await staff.reload();
    await phaseRow.getByTestId('phase-end').click();
    await staff.getByRole('button', { name: 'Conferma' }).click();
    await staff.getByText('Fase terminata').first().waitFor();
    await waitForSeatState(watcher, unrenewed.id, 'free', 90_000);
    await screenshot(watcher, 'renewal-10-match-map-freed');
    await expect
      .poll(async () => staff.getByRole('row').filter({ hasText: 'Rinnovo' }).last().locator('[data-state="released"]').count(), {
        timeout: 30_000,
        interval: 2_000,
      })
      .toBeGreaterThan(0);
    await screenshot(staff, 'renewal-11-phase-released');

    // The change of seat: the holder who did not renew picks another seat and renews on it.
    await staff.getByRole('link', { name: 'Nuova fase' }).click();
    await staff.getByRole('combobox', { name: /^Tipo/ }).click();
    await staff.getByRole('option', { name: 'Cambio posto', exact: true }).click();
    await staff.getByLabel(/^Inizio/).fill(romeLocal(new Date(Date.now() - 60_000)));
    await staff.getByLabel(/^Fine/).fill(romeLocal(new Date(Date.now() + 7_200_000)));
    await staff.getByRole('button', { name: 'Salva' }).click();
    await staff.getByText('Fase di vendita creata').first().waitFor();
    const moverContext = await newFanContext(browser);
    await signUpThroughApi(moverContext, uniqueEmail('cambioposto'), `${other.nome} ${other.cognome}`);
    const mover = await moverContext.newPage();
    const moverErrors = collectPageErrors(mover);
    await mover.goto(`${BASE_URL}/selectedseasonticket/${season.id}?block=${block.id}`);
    await mover.locator('[data-testid="phase-banner"][data-phase="change_of_seat"]').waitFor();
    await waitForSeatState(mover, moved.id, 'free');
    await mover.getByTestId(`seat-${moved.id}`).click();
    await waitForSeatState(mover, moved.id, 'selected');
    await mover.locator(`[data-testid="renewal-chosen-seat"][data-seat-id="${moved.id}"]`).waitFor();
    await fillRenewal(mover, otherSeal, other, 'F');
    await screenshot(mover, 'renewal-11a-change-of-seat-phone');
    await mover.getByTestId('renewal-submit').click();
    // Kept for her while she pays, live on the match's map.
    await waitForSeatState(watcher, moved.id, 'locked');
    await payRenewal(mover, other, 'CA7788990', 'renewal-11b-change-of-seat-checkout-phone');
    await screenshot(mover, 'renewal-11c-changed-seat-phone');
    await waitForSeatState(watcher, moved.id, 'sold');
    await staff.reload();
    const changeRow = staff.getByRole('row').filter({ hasText: 'Cambio posto' }).last();
    await changeRow.getByTestId('phase-end').click();
    await staff.getByRole('button', { name: 'Conferma' }).click();
    await staff.getByText('Fase terminata').first().waitFor();
    await sim(`/_sim/ticketing/season-types/${planet.id}`, {
      preemption: {
        opens_at: new Date(simNow - 3_600_000).toISOString(),
        closes_at: new Date(Date.parse((await sim<{ now: string }>('/_sim/ticketing/clock')).now) - 60_000).toISOString(),
        sectors: [],
      },
    });
    // The free sale: the visitor may pick the freed seat now.
    await visitor.reload();
    await waitForSeatState(visitor, unrenewed.id, 'free');
    expect(await visitor.getByTestId('phase-restricted').count()).toBe(0);
    await visitor.getByTestId(`seat-${unrenewed.id}`).click();
    await waitForSeatState(visitor, unrenewed.id, 'selected');
    await screenshot(visitor, 'renewal-12-free-sale-phone');

    expect(staffErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
    expect(fanErrors).toEqual([]);
    expect(moverErrors).toEqual([]);
    await Promise.all([
      staffContext.close(),
      visitorContext.close(),
      fanContext.close(),
      watcherContext.close(),
      moverContext.close(),
    ]);
  });
});
