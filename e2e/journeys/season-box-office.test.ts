/**
 * Season tickets at the box office (issue 17, staff's part), on a desktop: the ticket office
 * sells a collection (one ticket per covered match) of the demo season to a buyer paying cash,
 * through the staff app's form; the order's page shows its match titles appearing until every
 * match has one; the season lists show it with who sold it, and the season backlog no longer
 * lists the seat.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInToAdmin } from '../src/accounts.ts';
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

/** A, B, ..., Z, BA, ...: names hold letters only; a new holder on every run. */
function letters(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}

/** The field labelled `name` (a required one's label ends in an asterisk). */
function field(scope: Page | ReturnType<Page['getByRole']>, name: string) {
  return scope.getByLabel(new RegExp(`^${name}[\\s*]*$`));
}

/** Chooses `option` in the select named `label` (within `scope`). */
async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: RegExp | string): Promise<void> {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('season tickets at the box office', () => {
  it('staff sell a collection for cash; its match titles appear until all are issued; the lists show it', async () => {
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

    expect(errors).toEqual([]);
    await context.close();
  });
});
