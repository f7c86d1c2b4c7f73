/**
 * Season tickets at the box office (issue 17, staff's part), on a desktop: the ticket office
 * sells a collection (one ticket per covered match) of the demo season to a buyer paying cash,
 * through the staff app's form; the order's page shows its match titles appearing until every
 * match has one; the season lists show it with who sold it, and the season backlog no longer
 * lists the seat. Then staff issue one season seat of the same season ticket by mass issuing
 * (a line typed by hand), and its task's page shows it finalised.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, letters, signInToAdmin } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, screenshot } from '../src/browser.ts';
import { baseUrl } from '../src/env.ts';
import { type SeasonDetail, type SeasonSummary, getJson, publicSaleOfEveryMatch, supporterCard } from '../src/season.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The field labelled `name` (a required one's label ends in an asterisk). */
function field(scope: Page | ReturnType<Page['getByRole']>, name: string) {
  return scope.getByLabel(new RegExp(`^${name}[\\s*]*$`));
}

/** Chooses `option` in the select named `label` (within `scope`). */
async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: RegExp | string): Promise<void> {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * A season seat of block TC3 free in every covered match, for the mass issue: TC-TC3-12-5 (no
 * other journey takes it), or when an earlier run on the same data took it, the block's last
 * free seat.
 */
async function freeSeasonSeatInTc3(season: SeasonDetail): Promise<string | undefined> {
  const block = season.sectors.find((sector) => sector.code === 'TC')?.blocks.find((candidate) => candidate.code === 'TC3');
  if (!block) return undefined;
  const { seats } = await getJson<{ seats: { label: string; state: string }[] }>(
    `/api/season-tickets/${season.id}/blocks/${block.id}`,
  );
  const free = seats.filter((candidate) => candidate.state === 'free').map((candidate) => candidate.label);
  return free.includes('TC-TC3-12-5') ? 'TC-TC3-12-5' : free.at(-1);
}

describe('season tickets at the box office', () => {
  it('staff sell a collection for cash; its match titles appear until all are issued; the lists show it; staff mass-issue a season seat', async () => {
    const { items } = await getJson<{ items: SeasonSummary[] }>('/api/season-tickets');
    const summary = items.find((season) => season.status === 1 && season.inventory_ready);
    expect(summary, 'the demo data puts the season ticket on sale').toBeDefined();
    if (!summary) return;
    const season = await getJson<SeasonDetail>(`/api/season-tickets/${summary.id}`);
    // Tribuna Ovest: the fan's season journey buys in the Curva.
    const sector = season.sectors.find((candidate) => candidate.code === 'TO') ?? season.sectors[0];
    const block = sector?.blocks.find((candidate) => candidate.free > 0);
    expect(block).toBeDefined();
    if (!sector || !block) return;
    const { seats } = await getJson<{ seats: { id: number; label: string; state: string }[] }>(
      `/api/season-tickets/${season.id}/blocks/${block.id}`,
    );
    const seat = seats.filter((candidate) => candidate.state === 'free')[3];
    expect(seat).toBeDefined();
    if (!seat) return;
    const holder = { first_name: 'Sara', last_name: `Sportello${letters(Date.now() % 1_000_000)}`, birth_date: '1979-06-21' };
    const buyer = `${holder.last_name.toLowerCase()}@example.it`;
    // A collection needs every covered match on public sale (a match may have its own window).
    await publicSaleOfEveryMatch();
    await supporterCard(holder);

    const context = await newAdminContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signInToAdmin(page, DEMO_USERS.staff2);

    // The sale's page (the season lists and a season ticket's page link to it).
    await page.goto(`${BASE_URL}/admin/season-orders/create`);
    await page.getByText('Vendita di abbonamenti in biglietteria').first().waitFor();
    await choose(page, page, 'Abbonamento', season.name);
    await field(page, "E-mail dell'acquirente").fill(buyer);
    await choose(page, page, 'Metodo di pagamento', 'Contanti');
    const line = page.getByRole('group', { name: 'Abbonamento 1' });
    await field(line, 'Etichetta del posto').fill(seat.label);
    await choose(page, line, 'Riduzione', /^Intero/);
    await field(line, 'Nome').fill(holder.first_name);
    await field(line, 'Cognome').fill(holder.last_name);
    await field(line, 'Data di nascita').fill(holder.birth_date);
    await field(line, 'Luogo di nascita').fill('Como');
    await choose(page, line, 'Documento', "Carta d'identità");
    await field(line, 'Numero del documento').fill('CA1122334');
    await field(line, 'Collezione: un biglietto per ogni partita').check();
    await screenshot(page, 'season-box-office-1-form');
    await page.getByRole('button', { name: 'Vendi', exact: true }).click();

    // The order's page: its collection's match titles come in until every match has one.
    await page.waitForURL(/\/admin\/season-orders\/[0-9a-f-]+\/show/);
    await page.getByText('Contanti', { exact: false }).first().waitFor();
    const matches = season.fixtures.length;
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('titles-progress').first().waitFor();
          return page.getByText(`${matches} / ${matches}`).count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'season-box-office-2-order-issued');

    // The season lists: issued, sold by this staff member; the backlog no longer lists the seat.
    await page.goto(`${BASE_URL}/admin/tickets/seasonissued`);
    await page.getByText(buyer).first().waitFor();
    await page.getByText(`Venduto da ${DEMO_USERS.staff2.email}`).first().waitFor();
    await screenshot(page, 'season-box-office-3-issued-list');
    await page.goto(`${BASE_URL}/admin/tickets/seat_season_backlog`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(seat.label).count()).toBe(0);
    await screenshot(page, 'season-box-office-4-backlog');

    // Mass issuing a season seat: staff choose the season ticket instead of a match and type
    // one line, for a new holder with a supporter card (some covered matches are high-risk).
    const massSeat = await freeSeasonSeatInTc3(season);
    expect(massSeat, 'block TC3 has a season seat free in every match').toBeDefined();
    if (!massSeat) return;
    const guest = { first_name: 'Giulia', last_name: `Omaggio${letters(Date.now() % 1_000_000)}`, birth_date: '1985-03-14' };
    await supporterCard(guest);
    await page.goto(`${BASE_URL}/admin/tickets/massissue`);
    await page.getByRole('heading', { name: 'Emissione massiva', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Abbonamento', exact: true }).click();
    await choose(page, page, 'Abbonamento in vendita', season.name);
    // A season title per seat: the collection switch stays off.
    expect(await page.getByRole('switch', { name: 'Emetti come collezione di biglietti (uno per partita)' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Inserimento manuale' }).click();
    const cell = (name: string) => page.getByRole('textbox', { name: `${name}, riga 1`, exact: true });
    await cell('Posto').fill(massSeat);
    await cell('Nome').fill(guest.first_name);
    await cell('Cognome').fill(guest.last_name);
    await page.getByLabel('Data di nascita, riga 1', { exact: true }).fill(guest.birth_date);
    await cell('Luogo di nascita').fill('Como');
    await page.getByRole('combobox', { name: 'Sesso, riga 1', exact: true }).selectOption('F');
    await cell('Numero del documento').fill('CA5566778');
    await cell('E-mail').fill(`${guest.last_name.toLowerCase()}@example.it`);
    await page.getByRole('button', { name: 'Anteprima', exact: true }).click();

    // The preview: the one line valid, for the season ticket.
    await page.getByRole('heading', { name: `Anteprima per ${season.name}` }).waitFor();
    const previewSummary = page.getByTestId('preview-summary');
    await expect.poll(() => previewSummary.textContent()).toContain('1 valida');
    await screenshot(page, 'season-box-office-5-mass-issue-preview');

    // Started: the task's page follows it until the line is settled, finalised.
    await page.getByRole('button', { name: 'Emetti 1 riga valida' }).click();
    await page.waitForURL(/\/admin\/mass-issues\/[^/]+\/show/);
    // The task's own page, by its id: until it renders, the form page's list of recent tasks
    // (earlier journeys' among them) may still be on screen.
    const taskId = /mass-issues\/([^/]+)\/show/.exec(page.url())?.[1] ?? 'no task id';
    await page.getByText(taskId, { exact: true }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Avanzamento' }).first();
    await expect
      .poll(async () => bar.getAttribute('aria-valuenow'), { timeout: 120_000, interval: 1_000 })
      .toBe('100');
    expect(await page.getByTestId('task-progress').first().textContent()).toContain('1 emessa');
    await page.getByText(massSeat).first().waitFor();
    await page.getByText('Emesso', { exact: true }).first().waitFor();
    await screenshot(page, 'season-box-office-6-mass-issue-done');

    expect(errors).toEqual([]);
    await context.close();
    // The sale above waits up to 90 s for its titles, the mass issue up to 120 s for its line.
  }, 300_000);
});
