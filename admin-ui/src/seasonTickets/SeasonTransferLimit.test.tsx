import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSeasonTicket } from '../test/fixtures';
import { onAPhone } from '../test/media';
import { callsWith, jsonBody, lastListParam, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { seasonTransferLimitMessages } from './messages';
import { parseResaleFee, parseTransferLimit } from './transferLimit';

const PAGE = '/tickets/season_transfer_limit';
const SEASONS = '/api/admin/season-tickets';

const season = aSeasonTicket({ transfer_limit: 3 });
const cup = aSeasonTicket({ id: 4, name: 'Abbonamento Coppa', label: 'Coppa Italia', matches: 1, transfer_limit: 0 });

function seasonsApi(extra = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [SEASONS]: listRoute('season-tickets', [season, cup]),
    ...extra,
  });
}

/** The limit's number input in the row showing `name`. */
async function limitOf(name: string): Promise<{ row: HTMLElement; input: HTMLElement }> {
  // The page's code and strings load on first opening: give the chunk time.
  await screen.findByText(name, {}, { timeout: 15_000 });
  const row = await rowShowing(name);
  return { row, input: within(row).getByRole('spinbutton') };
}

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

describe("the season transfer limit's strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(seasonTransferLimitMessages.en).sort()).toEqual(keysOf(seasonTransferLimitMessages.it).sort());
  });
});

describe('a typed transfer limit', () => {
  it('is a whole number of matches from 0 to 100', () => {
    expect(parseTransferLimit('0')).toBe(0);
    expect(parseTransferLimit(' 12 ')).toBe(12);
    expect(parseTransferLimit('100')).toBe(100);
    expect(parseTransferLimit('101')).toBeUndefined();
    expect(parseTransferLimit('-1')).toBeUndefined();
    expect(parseTransferLimit('2.5')).toBeUndefined();
    expect(parseTransferLimit('')).toBeUndefined();
  });
});

describe('a typed resale fee', () => {
  it('is an amount in euros from 0 to 1000, sent as cents', () => {
    expect(parseResaleFee('0')).toBe(0);
    expect(parseResaleFee('2,5')).toBe(250);
    expect(parseResaleFee(' 3.50 ')).toBe(350);
    expect(parseResaleFee('€ 12,00')).toBe(1200);
    expect(parseResaleFee('1000')).toBe(100_000);
    expect(parseResaleFee('1000,01')).toBeUndefined();
    expect(parseResaleFee('-1')).toBeUndefined();
    expect(parseResaleFee('2,505')).toBeUndefined();
    expect(parseResaleFee('due euro')).toBeUndefined();
    expect(parseResaleFee('')).toBeUndefined();
  });
});

/** The resale fee's input and its save button in the row (or card) showing `name`. */
async function feeOf(name: string, within_: HTMLElement | null = null) {
  await screen.findByText(name, {}, { timeout: 15_000 });
  const scope = within(within_ ?? (await rowShowing(name)));
  return {
    input: scope.getByRole('textbox', { name: `Commissione rivendita di ${name}` }),
    save: scope.getByRole('button', { name: `Salva commissione rivendita di ${name}` }),
  };
}

describe('the season transfer limit page', () => {
  it('lists the season tickets with their name, label, matches and transfer limit, from the menu', async () => {
    const fetchMock = seasonsApi();
    renderAdminApp(PAGE);

    const { row, input } = await limitOf('Abbonamento 2026-27');
    expect(screen.getByRole('heading', { level: 1, name: 'Limite cessioni abbonamento' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Abbonamento',
      'Etichetta',
      'Partite',
      'Limite cessioni',
      'Commissione rivendita',
    ]);
    expect(within(row).getByText('Serie A 2026-27')).toBeInTheDocument();
    expect(within(row).getByText('19')).toBeInTheDocument();
    expect(input).toHaveValue(3);
    expect(input).toHaveAccessibleName('Limite cessioni di Abbonamento 2026-27');
    // Nothing to save until the limit changes.
    expect(within(row).getByRole('button', { name: 'Salva limite cessioni di Abbonamento 2026-27' })).toBeDisabled();
    // The resale fee, in euros as staff write them.
    expect(within(row).getByRole('textbox', { name: 'Commissione rivendita di Abbonamento 2026-27' })).toHaveValue('2,00');
    expect(within(row).getByRole('button', { name: 'Salva commissione rivendita di Abbonamento 2026-27' })).toBeDisabled();
    // The name opens the season ticket's page (the row itself edits).
    expect(within(row).getByRole('link', { name: 'Abbonamento 2026-27' })).toHaveAttribute('href', '/admin/season-tickets/3/show');

    const cupRow = await rowShowing('Abbonamento Coppa');
    expect(within(cupRow).getByRole('spinbutton')).toHaveValue(0);
    expect(within(cupRow).getByText('Coppa Italia')).toBeInTheDocument();

    expect(lastListParam(fetchMock, SEASONS, 'range')).toEqual([0, 24]);
    expect(screen.getByRole('menuitem', { name: 'Limite cessioni abbonamento' })).toHaveClass('RaMenuItemLink-active');
  });

  it('saves a limit with PUT {transfer_limit}, says so, and shows the saved limit', async () => {
    const fetchMock = seasonsApi({ [`PUT ${SEASONS}/3`]: { body: { ...season, transfer_limit: 5 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const { row, input } = await limitOf('Abbonamento 2026-27');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(within(row).getByRole('button', { name: 'Salva limite cessioni di Abbonamento 2026-27' }));

    expect(await screen.findByText('Limite cessioni di Abbonamento 2026-27 salvato: 5 partite.')).toBeInTheDocument();
    const puts = callsWith(fetchMock, 'PUT');
    expect(puts).toHaveLength(1);
    expect(urlOf(puts[0]?.[0] ?? '').pathname).toBe(`${SEASONS}/3`);
    // The limit alone: the sale status is left as it is.
    expect(jsonBody(puts[0])).toEqual({ transfer_limit: 5 });
    const saved = (await rowShowing('Abbonamento 2026-27'));
    await waitFor(() => expect(within(saved).getByRole('spinbutton')).toHaveValue(5));
    expect(within(saved).getByRole('button', { name: 'Salva limite cessioni di Abbonamento 2026-27' })).toBeDisabled();
    // The other season ticket is untouched.
    expect(within(await rowShowing('Abbonamento Coppa')).getByRole('spinbutton')).toHaveValue(0);
  });

  it("sends nothing but a whole number from 0 to 100, and shows the API's refusal (422) under the field", async () => {
    const fetchMock = seasonsApi({
      [`PUT ${SEASONS}/4`]: [
        {
          status: 422,
          body: { code: 'validation_failed', message: 'Invalid input', errors: { transfer_limit: '0 to 100' } },
        },
        { body: { ...cup, transfer_limit: 1 } },
      ],
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const { row, input } = await limitOf('Abbonamento Coppa');
    await user.clear(input);
    await user.type(input, '101');
    await user.click(within(row).getByRole('button', { name: 'Salva limite cessioni di Abbonamento Coppa' }));
    expect(await within(row).findByText('Scrivi un numero intero di partite, da 0 a 100.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);

    // The API refuses it: its reason shows on the field, and the typed limit stays.
    await user.clear(input);
    await user.type(input, '1');
    await user.click(within(row).getByRole('button', { name: 'Salva limite cessioni di Abbonamento Coppa' }));
    expect(await within(row).findByText('Limite rifiutato dal server: 0 to 100')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue(1);
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ transfer_limit: 1 });
    expect(screen.queryByText(/salvato/)).not.toBeInTheDocument();

    // Again, accepted.
    await user.click(within(row).getByRole('button', { name: 'Salva limite cessioni di Abbonamento Coppa' }));
    expect(await screen.findByText('Limite cessioni di Abbonamento Coppa salvato: 1 partita.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('Limite rifiutato dal server: 0 to 100')).not.toBeInTheDocument());
  });

  it('works in English too, a limit of 0 meaning none', async () => {
    const fetchMock = seasonsApi({ [`PUT ${SEASONS}/3`]: { body: { ...season, transfer_limit: 0 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    const { row, input } = await limitOf('Abbonamento 2026-27');
    expect(screen.getByRole('heading', { level: 1, name: 'Season transfer limit' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Transfer limit' })).toBeInTheDocument();
    expect(input).toHaveAccessibleName('Transfer limit of Abbonamento 2026-27');
    await user.clear(input);
    await user.type(input, '0{Enter}');

    expect(await screen.findByText('Transfer limit of Abbonamento 2026-27 saved: 0 matches.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ transfer_limit: 0 });
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves a resale fee typed in euros with PUT {resale_fee_cents}, and shows the saved fee', async () => {
    const fetchMock = seasonsApi({ [`PUT ${SEASONS}/3`]: { body: { ...season, resale_fee_cents: 350 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const { input, save } = await feeOf('Abbonamento 2026-27');
    expect(input).toHaveValue('2,00');
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '3,5');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Commissione rivendita di Abbonamento 2026-27 salvata: 3,50 €.')).toBeInTheDocument();
    const puts = callsWith(fetchMock, 'PUT');
    expect(puts).toHaveLength(1);
    expect(urlOf(puts[0]?.[0] ?? '').pathname).toBe(`${SEASONS}/3`);
    // The fee alone, in cents: the transfer limit and the sale status are left as they are.
    expect(jsonBody(puts[0])).toEqual({ resale_fee_cents: 350 });
    await waitFor(async () => expect((await feeOf('Abbonamento 2026-27')).input).toHaveValue('3,50'));
    expect((await feeOf('Abbonamento 2026-27')).save).toBeDisabled();
    // The limit beside it is untouched.
    expect(within(await rowShowing('Abbonamento 2026-27')).getByRole('spinbutton')).toHaveValue(3);
  });

  it("sends no fee but from 0 to 1000 €, and shows the API's refusal (422) under the field", async () => {
    const fetchMock = seasonsApi({
      [`PUT ${SEASONS}/4`]: [
        {
          status: 422,
          body: { code: 'validation_failed', message: 'Invalid input', errors: { resale_fee_cents: '0 to 100000' } },
        },
        { body: { ...cup, resale_fee_cents: 100_000 } },
      ],
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const { input, save } = await feeOf('Abbonamento Coppa');
    const row = await rowShowing('Abbonamento Coppa');
    for (const typed of ['1000,01', '-1', 'due']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(save);
      expect(
        await within(row).findByText('Scrivi un importo in euro da 0 a 1000, con al più due decimali (per esempio 2,50).'),
      ).toBeInTheDocument();
    }
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '1000');
    await user.click(save);
    expect(await within(row).findByText('Commissione rifiutata dal server: 0 to 100000')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('1000');
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ resale_fee_cents: 100_000 });

    await user.click(save);
    expect(await screen.findByText('Commissione rivendita di Abbonamento Coppa salvata: 1000,00 €.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(2);
  });

  it('takes the fee in English too, with its decimal point', async () => {
    const fetchMock = seasonsApi({ [`PUT ${SEASONS}/3`]: { body: { ...season, resale_fee_cents: 0 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findByText('Abbonamento 2026-27', {}, { timeout: 15_000 });
    const row = await rowShowing('Abbonamento 2026-27');
    expect(screen.getByRole('columnheader', { name: 'Resale fee' })).toBeInTheDocument();
    const input = within(row).getByRole('textbox', { name: 'Resale fee of Abbonamento 2026-27' });
    expect(input).toHaveValue('2.00');
    await user.clear(input);
    await user.type(input, '0{Enter}');

    expect(await screen.findByText('Resale fee of Abbonamento 2026-27 saved: €0.00.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ resale_fee_cents: 0 });
  });

  it('shows a card per season ticket on a phone, each setting with its name and its save button in reach', async () => {
    onAPhone();
    const fetchMock = seasonsApi({ [`PUT ${SEASONS}/4`]: { body: { ...cup, transfer_limit: 2 } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByText('Abbonamento Coppa', {}, { timeout: 15_000 });
    // No table to scroll sideways: a card each.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('season-setting-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2, name: 'Abbonamento 2026-27' })).toBeInTheDocument();
    expect(within(first).getByText('Serie A 2026-27 · 19 partite')).toBeInTheDocument();
    expect(within(second).getByText('Coppa Italia · 1 partita')).toBeInTheDocument();
    // Each input shows its name above it.
    expect(within(first).getByText('Limite cessioni', { selector: 'label' })).toBeInTheDocument();
    expect(within(first).getByText('Commissione rivendita', { selector: 'label' })).toBeInTheDocument();
    expect((await feeOf('Abbonamento 2026-27', first)).input).toHaveValue('2,00');

    const limit = within(second).getByRole('spinbutton', { name: 'Limite cessioni di Abbonamento Coppa' });
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(within(second).getByRole('button', { name: 'Salva limite cessioni di Abbonamento Coppa' }));

    expect(await screen.findByText('Limite cessioni di Abbonamento Coppa salvato: 2 partite.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ transfer_limit: 2 });
  });
});
