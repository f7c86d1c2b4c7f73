/**
 * A match's pre-emption (issue 18): the ticketing system opens the match's pre-emption window
 * for the central stand; staff mirror it as a fidelity-card phase and list a fan's card. A fan
 * without a right sees the phase, its countdown and a map they cannot pick from, and a wrong
 * card told in words; the card's holder shows the card, picks one seat of the stand, pays and
 * gets the title issued through the pre-emption call. Staff end the phase and the window is
 * closed again, so the other journeys find the match on free sale.
 *
 * It uses the last but one match on sale (the journey-fixes journey takes the last, the others
 * the first).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, letters, signInToAdmin, signUpThroughApi, uniqueEmail } from '../src/accounts.ts';
import { collectPageErrors, launchBrowser, newAdminContext, newFanContext } from '../src/browser.ts';
import {
  fillCard,
  fillHolder,
  fixturesOnSale,
  freeSeats,
  getOrder,
  holdAndCheckOut,
  saveAndCheckHolders,
  shot,
  waitForSeatState,
} from '../src/checkout.ts';
import { baseUrl } from '../src/env.ts';
import { sim } from '../src/sim.ts';

const BASE_URL = baseUrl();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('match pre-emption', () => {
  it('a supporter card opens one seat of its sector during the match pre-emption phase; others wait', async () => {
    const onSale = await fixturesOnSale();
    const fixture = onSale.at(-2);
    expect(fixture, 'the demo data puts several fixtures on sale').toBeDefined();
    if (!fixture) return;
    const detail = (await (await fetch(`${BASE_URL}/api/fixtures/${fixture.id}`)).json()) as {
      sectors?: { code: string; no_map: boolean; blocks: { id: number }[] }[];
    };
    const central = detail.sectors?.find((s) => s.code === 'TC' && !s.no_map);
    const blockId = central?.blocks[1]?.id ?? central?.blocks[0]?.id ?? 0;
    expect(blockId, 'a block of the central stand').toBeGreaterThan(0);

    // The ticketing system: the card's holder, and the match's window for the central stand.
    const run = letters(Date.now() % 10_000_000);
    const holder = { nome: 'Chiara', cognome: `Tessera${run}`, dataNascita: '1990-04-01' };
    const card = (await sim<{ numeroTessera: string }>('/_sim/ticketing/supporter-cards', holder)).numeroTessera;
    // The window must be open by the simulator's clock (which other journeys move) and by the
    // real one (the mirrored phase is current by it).
    const simNow = async () => Date.parse((await sim<{ now: string }>('/_sim/ticketing/clock')).now);
    const clock = await simNow();
    const earliest = Math.min(clock, Date.now());
    const latest = Math.max(clock, Date.now());
    const window = (closesAt: number) => ({
      preemption: { opens_at: new Date(earliest - 3_600_000).toISOString(), closes_at: new Date(closesAt).toISOString(), sectors: ['TC'] },
    });
    await sim(`/_sim/ticketing/events/${fixture.planet_event_id}`, window(latest + 7_200_000));

    // Staff mirror the window and list the card.
    const staffContext = await newAdminContext(browser);
    const staff = await staffContext.newPage();
    const staffErrors = collectPageErrors(staff);
    await signInToAdmin(staff, DEMO_USERS.staff2);
    await staff.goto(`${BASE_URL}/admin/fixtures/${fixture.id}/show/phases`);
    await staff.getByRole('button', { name: 'Importa dal sistema di biglietteria' }).click();
    await staff.getByText('Fase Tessera Blu nel Cuore allineata al sistema di biglietteria.').first().waitFor();
    const phaseRow = staff.getByRole('row').filter({ hasText: 'TC' }).last();
    await phaseRow.waitFor();
    await shot(staff, 'match-preemption-1-phase-mirrored');
    await staff.goto(`${BASE_URL}/admin/fixtures/${fixture.id}/show/preemption-codes`);
    await staff.getByLabel('Tessera o sigillo fiscale').fill(card);
    await staff.getByLabel('Settori').fill('TC');
    await staff.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await staff.getByText(`${card} aggiunto all'elenco.`).first().waitFor();
    await staff.getByRole('cell', { name: card }).waitFor();
    await shot(staff, 'match-preemption-2-codes');

    // A fan without a right: the phase, its countdown, a wrong card told, a map to look at only.
    const visitorContext = await newFanContext(browser);
    await signUpThroughApi(visitorContext, uniqueEmail('senzatessera'), 'Senza Tessera');
    const visitor = await visitorContext.newPage();
    const visitorErrors = collectPageErrors(visitor);
    await visitor.goto(`${BASE_URL}/selectedfixture/${fixture.id}`);
    const banner = visitor.getByTestId('phase-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-phase')).toBe('fidelity_card');
    await visitor.getByTestId('phase-countdown').waitFor();
    await visitor.getByTestId('preemption-right').fill('TF0000009999');
    await visitor.getByTestId('preemption-submit').click();
    await visitor
      .getByTestId('preemption-form')
      .getByText('Questa tessera o questo sigillo fiscale non dà diritto di prelazione', { exact: false })
      .waitFor();
    await shot(visitor, 'match-preemption-3-wrong-card-phone');
    await visitor.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${blockId}`);
    await visitor.getByTestId('phase-restricted').waitFor();
    await shot(visitor, 'match-preemption-4-map-restricted-phone');

    // The card's holder shows it, picks one seat of the central stand, pays and gets the title.
    const fanContext = await newFanContext(browser);
    await signUpThroughApi(fanContext, uniqueEmail('tessera'), `${holder.nome} ${holder.cognome}`);
    const fan = await fanContext.newPage();
    const fanErrors = collectPageErrors(fan);
    await fan.goto(`${BASE_URL}/selectedfixture/${fixture.id}`);
    await fan.getByTestId('preemption-right').fill(card.toLowerCase());
    await fan.getByTestId('preemption-submit').click();
    await fan.getByTestId('preemption-claimed').waitFor();
    expect(await fan.getByTestId('preemption-sectors').textContent()).toContain('TC');
    await shot(fan, 'match-preemption-5-right-shown-phone');
    await fan.goto(`${BASE_URL}/selectedfixturetickets/${fixture.id}?block=${blockId}`);
    const [seat] = (await freeSeats(fixture.id, blockId)).slice(20, 21);
    if (!seat) throw new Error('no free seat');
    await waitForSeatState(fan, seat, 'free');
    const orderId = await holdAndCheckOut(fan, [seat], 'match-preemption-6');
    await fan.getByTestId('preemption-badge').waitFor();
    await fillHolder(fan, 1, {
      first_name: holder.nome,
      last_name: holder.cognome,
      birth_place: 'Como',
      document_type: 'id_card',
      document_number: 'CA7788990',
      reduction_id: 1,
    });
    await shot(fan, 'match-preemption-7-checkout-phone');
    await saveAndCheckHolders(fan, 1);
    await fillCard(fan, '4242 4242 4242 4242');
    await fan.getByTestId('pay-button').click();
    await fan.waitForURL(`**/checkout/thankyou/${orderId}`);
    await fan.locator('[data-testid="order-outcome"][data-state="issued"]').waitFor({ timeout: 90_000 });
    await shot(fan, 'match-preemption-8-issued-phone');
    const order = (await getOrder(fanContext, orderId)) as Awaited<ReturnType<typeof getOrder>> & {
      preemption_right?: string | null;
    };
    expect(order.preemption_right).toBe(card);
    expect(order.lines[0]?.title?.seal).toMatch(/^[A-Z0-9]{16}$/);
    const used = await sim<{ used_preemptions: string[] }>('/_sim/ticketing/snapshot');
    expect(used.used_preemptions.some((u) => u.startsWith(card))).toBe(true);

    // Staff end the phase; the ticketing system's window closes: the match is on free sale.
    await staff.goto(`${BASE_URL}/admin/fixtures/${fixture.id}/show/phases`);
    await staff.getByRole('row').filter({ hasText: 'TC' }).last().getByTestId('phase-end').click();
    await staff.getByRole('button', { name: 'Conferma' }).click();
    await staff.getByText('Fase terminata').first().waitFor();
    await sim(`/_sim/ticketing/events/${fixture.planet_event_id}`, window(Math.min(await simNow(), Date.now()) - 60_000));
    await visitor.reload();
    await visitor.getByTestId(`seat-${seat}`).waitFor();
    expect(await visitor.getByTestId('phase-restricted').count()).toBe(0);
    await shot(visitor, 'match-preemption-9-free-sale-phone');

    expect(staffErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
    expect(fanErrors).toEqual([]);
    await Promise.all([staffContext.close(), visitorContext.close(), fanContext.close()]);
  });
});
