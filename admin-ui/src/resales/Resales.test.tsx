import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aFixture } from '../test/fixtures';
import { onAPhone } from '../test/media';
import { callsWith, lastListParam, listReads, rowShowing, sortableHeaders } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { resaleMessages } from './messages';
import type { ResaleOffer } from '../../../api-types';

const RESALES = '/api/admin/resales';

const listed: ResaleOffer = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f01',
  state: 'listed',
  code: 'A1B2C3D4',
  season_line_id: 41,
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  starts_at: '2026-12-06T19:45:00Z',
  seat_id: 9012,
  seat_label: 'TC-TC1-3-12',
  sector_name: 'Tribuna Centrale',
  row: '3',
  number: 12,
  gate: 'Varco 1',
  face_value_cents: 4500,
  price_cents: 4000,
  fee_cents: 200,
  payout_cents: 3800,
  deadline: '2026-12-06T17:45:00Z',
  reserved_until: null,
  paid_out_at: null,
  payout_manual: false,
  created_at: '2026-11-24T17:00:00Z',
};
/** Bought, the buyer holds the title, the seller refunded on their card. */
const completed: ResaleOffer = {
  ...listed,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f02',
  state: 'completed',
  code: 'E5F6A7B8',
  sector_name: 'Curva Nord',
  seat_label: 'CN-CN2-10-4',
  row: '10',
  number: 4,
  face_value_cents: 120_000,
  price_cents: 110_000,
  fee_cents: 150,
  payout_cents: 109_850,
  paid_out_at: '2026-11-25T09:30:00Z',
};
/**
 * Bought from a holder who paid their season ticket at the ticket office: the ticket office owes
 * them the payout by hand, not recorded yet.
 */
const manual: ResaleOffer = {
  ...completed,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f03',
  code: 'C9D0E1F2',
  payout_manual: true,
  paid_out_at: null,
};
/** Another such one, that staff recorded as paid by hand. */
const manualPaid: ResaleOffer = {
  ...manual,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f05',
  code: 'B3C4D5E6',
  paid_out_at: '2026-11-26T15:00:00Z',
};
const expired: ResaleOffer = { ...listed, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f04', state: 'expired', code: '0A0B0C0D' };

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

/** The table's column headers, in order. */
const columns = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

function resalesApi(extra = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [RESALES]: listRoute('resales', [listed, completed, manual, manualPaid, expired]),
    '/api/admin/fixtures': listRoute('fixtures', [aFixture()]),
    ...extra,
  });
}

/** The row of the offer whose code is `code`, once the page's chunk has loaded. */
async function rowOf(code: string): Promise<HTMLElement> {
  await screen.findByText(code, {}, { timeout: 15_000 });
  return rowShowing(code);
}

describe("the resales' strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(resaleMessages.en).sort()).toEqual(keysOf(resaleMessages.it).sort());
  });
});

describe('the resales list', () => {
  it('reads /api/admin/resales newest first and shows each offer: code, state, match, seat, amounts, deadline and payout', async () => {
    const fetchMock = resalesApi();
    renderAdminApp('/resales');

    const row = await rowOf('A1B2C3D4');
    expect(columns()).toEqual([
      'Codice',
      'Stato',
      'Partita',
      'Posto',
      'Prezzo',
      'Commissione',
      'Al venditore',
      'Scadenza',
      'Pagato al venditore',
      'Azioni',
    ]);
    // The API lists them newest first, whatever the sort: no header pretends otherwise.
    expect(sortableHeaders()).toEqual([]);
    expect(lastListParam(fetchMock, RESALES, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, RESALES, 'range')).toEqual([0, 24]);
    expect(lastListParam(fetchMock, RESALES, 'filter')).toEqual({});

    // 17:00 UTC on 24 November is 18:00 in Como (winter time).
    expect(within(row).getByText('messa in vendita il 24/11/26, 18:00:00')).toBeInTheDocument();
    expect(within(row).getByTestId('resale-state')).toHaveAttribute('data-state', 'listed');
    expect(within(row).getByTestId('resale-state')).toHaveTextContent('In vendita');
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('06/12/26, 20:45:00')).toBeInTheDocument();
    expect(within(row).getByText('Tribuna Centrale')).toBeInTheDocument();
    expect(within(row).getByText('Fila 3, posto 12 · TC-TC1-3-12')).toBeInTheDocument();
    // The buyer's price, the face value under it.
    expect(within(row).getByText('40,00 €')).toBeInTheDocument();
    expect(within(row).getByText('nominale 45,00 €')).toBeInTheDocument();
    expect(within(row).getByText('2,00 €')).toBeInTheDocument();
    expect(within(row).getByText('38,00 €')).toBeInTheDocument();
    expect(within(row).getByText('06/12/26, 18:45:00')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Annulla rivendita' })).toBeInTheDocument();

    // Paid back on the card: when. Italian thousands.
    const paid = await rowShowing('E5F6A7B8');
    expect(within(paid).getByTestId('resale-state')).toHaveTextContent('Completata');
    expect(within(paid).getByText('1100,00 €')).toBeInTheDocument();
    expect(within(paid).getByText('nominale 1200,00 €')).toBeInTheDocument();
    expect(within(paid).getByText('1098,50 €')).toBeInTheDocument();
    expect(within(paid).getByText('25/11/26, 10:30:00')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Annulla rivendita' })).not.toBeInTheDocument();

    // Left to the ticket office: said so, until staff record it; then when they did (16:00 in Como).
    const byHand = await rowShowing('C9D0E1F2');
    expect(within(byHand).getByTestId('resale-payout-manual')).toHaveTextContent('Da pagare a mano');
    const paidByHand = await rowShowing('B3C4D5E6');
    expect(within(paidByHand).getByTestId('resale-payout-manual')).toHaveTextContent('Pagato a mano il 26/11/26, 16:00:00');
    expect(within(paidByHand).queryByText('Da pagare a mano')).not.toBeInTheDocument();

    const closed = await rowShowing('0A0B0C0D');
    expect(within(closed).getByTestId('resale-state')).toHaveTextContent('Scaduta');
    expect(within(closed).queryByRole('button', { name: 'Annulla rivendita' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Rivendite' })).toHaveClass('RaMenuItemLink-active');
  });

  it('narrows the list by state and by match, as the API reads its filter', async () => {
    const fetchMock = resalesApi();
    const user = userEvent.setup();
    renderAdminApp('/resales');
    await rowOf('A1B2C3D4');

    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'In vendita' }));
    await waitFor(() => expect(lastListParam(fetchMock, RESALES, 'filter')).toEqual({ state: 'listed' }));

    await user.click(screen.getByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
    await waitFor(() => expect(lastListParam(fetchMock, RESALES, 'filter')).toEqual({ state: 'listed', fixture_id: 7 }));
  });

  it('cancels a listed offer after a confirmation, with POST .../cancel, and reads the list again', async () => {
    const fetchMock = resalesApi({
      [`POST ${RESALES}/${listed.id}/cancel`]: { body: { ...listed, state: 'cancelled' } },
    });
    const user = userEvent.setup();
    renderAdminApp('/resales');

    const row = await rowOf('A1B2C3D4');
    await user.click(within(row).getByRole('button', { name: 'Annulla rivendita' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Annullare la rivendita A1B2C3D4?')).toBeInTheDocument();
    expect(within(dialog).getByText(/Il posto Tribuna Centrale · Fila 3, posto 12 per Como - Lazio esce subito dalla rivendita/)).toBeInTheDocument();

    // Not yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Lascia in vendita' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
    // The row's button opened no page.
    expect(screen.getByText('A1B2C3D4')).toBeInTheDocument();

    const reads = listReads(fetchMock, RESALES).length;
    await user.click(within(row).getByRole('button', { name: 'Annulla rivendita' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla rivendita' }));

    expect(await screen.findByText('Rivendita A1B2C3D4 annullata.')).toBeInTheDocument();
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(urlOf(posts[0]?.[0] ?? '').pathname).toBe(`${RESALES}/${listed.id}/cancel`);
    expect(new Headers(posts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listReads(fetchMock, RESALES).length).toBeGreaterThan(reads));
  });

  it('says in our words that the offer had closed meanwhile (409 offer_closed), in English too', async () => {
    const fetchMock = resalesApi({
      [`POST ${RESALES}/${listed.id}/cancel`]: {
        status: 409,
        body: { code: 'offer_closed', message: 'The offer is not listed', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/resales', { locale: 'en' });

    const row = await rowOf('A1B2C3D4');
    expect(within(row).getByTestId('resale-state')).toHaveTextContent('Listed');
    const reads = listReads(fetchMock, RESALES).length;
    await user.click(within(row).getByRole('button', { name: 'Cancel resale' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel the resale A1B2C3D4?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel resale' }));

    expect(
      await screen.findByText('The resale is no longer listed (sold, withdrawn, expired or already cancelled): the list has been refreshed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The offer is not listed')).not.toBeInTheDocument();
    await waitFor(() => expect(listReads(fetchMock, RESALES).length).toBeGreaterThan(reads));
  });
  it('offers "Segna come pagato" only on a completed offer whose seller is owed a payout by hand', async () => {
    resalesApi();
    renderAdminApp('/resales');

    const owed = await rowOf('C9D0E1F2');
    expect(within(owed).getByRole('button', { name: 'Segna come pagato' })).toBeInTheDocument();
    expect(within(owed).queryByRole('button', { name: 'Annulla rivendita' })).not.toBeInTheDocument();
    // Recorded already, paid back on the card, listed, expired: nothing to record.
    for (const code of ['B3C4D5E6', 'E5F6A7B8', 'A1B2C3D4', '0A0B0C0D']) {
      expect(within(await rowShowing(code)).queryByRole('button', { name: 'Segna come pagato' })).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Segna come pagato' })).toHaveLength(1);
  });

  it('records a payout by hand after a confirmation that says how much, with POST .../payout, and reads the list again', async () => {
    const fetchMock = resalesApi({
      [`POST ${RESALES}/${manual.id}/payout`]: { body: { ...manual, paid_out_at: '2026-11-27T09:00:00Z' } },
    });
    const user = userEvent.setup();
    renderAdminApp('/resales');

    const row = await rowOf('C9D0E1F2');
    await user.click(within(row).getByRole('button', { name: 'Segna come pagato' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Segnare come pagato il venditore della rivendita C9D0E1F2?')).toBeInTheDocument();
    expect(within(dialog).getByText(/al venditore del posto Curva Nord · Fila 10, posto 4 per Como - Lazio sono stati pagati a mano 1098,50 €/)).toBeInTheDocument();

    // Not yet: nothing is sent, and the row's button opened no page.
    await user.click(within(dialog).getByRole('button', { name: 'Non ancora' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
    expect(screen.getByText('C9D0E1F2')).toBeInTheDocument();

    const reads = listReads(fetchMock, RESALES).length;
    await user.click(within(row).getByRole('button', { name: 'Segna come pagato' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Segna come pagato' }));

    expect(await screen.findByText('Rivendita C9D0E1F2: pagamento a mano registrato.')).toBeInTheDocument();
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(urlOf(posts[0]?.[0] ?? '').pathname).toBe(`${RESALES}/${manual.id}/payout`);
    expect(posts[0]?.[1]?.body).toBeUndefined();
    expect(new Headers(posts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listReads(fetchMock, RESALES).length).toBeGreaterThan(reads));
  });

  it('says in our words that there was no payout by hand to record (409 no_manual_payout), in English too', async () => {
    const fetchMock = resalesApi({
      [`POST ${RESALES}/${manual.id}/payout`]: {
        status: 409,
        body: { code: 'no_manual_payout', message: 'The offer owes no manual payout', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/resales', { locale: 'en' });

    const row = await rowOf('C9D0E1F2');
    expect(within(row).getByTestId('resale-payout-manual')).toHaveTextContent('To pay by hand');
    expect(within(await rowShowing('B3C4D5E6')).getByTestId('resale-payout-manual')).toHaveTextContent('Paid by hand on');
    const reads = listReads(fetchMock, RESALES).length;
    await user.click(within(row).getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mark the seller of the resale C9D0E1F2 as paid?')).toBeInTheDocument();
    expect(within(dialog).getByText(/was paid €1,098.50 by hand/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));

    expect(
      await screen.findByText(
        'The resale has no payment by hand to record (already recorded, refunded on the card, or not completed): the data has been refreshed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The offer owes no manual payout')).not.toBeInTheDocument();
    await waitFor(() => expect(listReads(fetchMock, RESALES).length).toBeGreaterThan(reads));
  });

  it('says the offer is not there (404)', async () => {
    resalesApi({
      [`POST ${RESALES}/${manual.id}/payout`]: { status: 404, body: { code: 'not_found', message: 'Not found', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/resales');

    const row = await rowOf('C9D0E1F2');
    await user.click(within(row).getByRole('button', { name: 'Segna come pagato' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Segna come pagato' }));
    expect(await screen.findByText('Rivendita non trovata.')).toBeInTheDocument();
  });
});

describe('the resales list on a phone', () => {
  it('shows a line per offer, its code and match first, that opens its page', async () => {
    onAPhone();
    resalesApi({ [`${RESALES}/${listed.id}`]: { body: listed } });
    const user = userEvent.setup();
    renderAdminApp('/resales');

    const line = await screen.findByText('A1B2C3D4 · Como - Lazio', {}, { timeout: 15_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The listed offer's seat, price and kick-off, and the expired one's (the same seat).
    expect(screen.getAllByText('Tribuna Centrale · TC-TC1-3-12 · 40,00 € · 06/12/26, 20:45:00')).toHaveLength(2);
    expect(screen.getAllByText('In vendita')).not.toHaveLength(0);
    expect(screen.getByText('C9D0E1F2 · Como - Lazio')).toBeInTheDocument();
    await user.click(line);

    expect(await screen.findByText('Varco 1', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annulla rivendita' })).toBeInTheDocument();
  });
});

describe("an offer's page", () => {
  it('shows the offer and cancels it from there while it is listed', async () => {
    const fetchMock = resalesApi({
      [`${RESALES}/${listed.id}`]: [{ body: listed }, { body: { ...listed, state: 'cancelled' } }],
      [`POST ${RESALES}/${listed.id}/cancel`]: { body: { ...listed, state: 'cancelled' } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/resales/${listed.id}/show`);

    expect(await screen.findByText('TC-TC1-3-12', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Varco 1')).toBeInTheDocument();
    expect(screen.getByText('38,00 €')).toBeInTheDocument();
    expect(screen.getByTestId('resale-state')).toHaveTextContent('In vendita');

    await user.click(screen.getByRole('button', { name: 'Annulla rivendita' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla rivendita' }));

    expect(await screen.findByText('Rivendita A1B2C3D4 annullata.')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${RESALES}/${listed.id}/cancel`);
    // Read again: cancelled, nothing more to cancel.
    await waitFor(() => expect(screen.getByTestId('resale-state')).toHaveTextContent('Annullata'));
    expect(screen.queryByRole('button', { name: 'Annulla rivendita' })).not.toBeInTheDocument();
  });

  it("records a payout by hand from the offer's page while its seller is owed one", async () => {
    const recorded = { ...manual, paid_out_at: '2026-11-27T09:00:00Z' };
    const fetchMock = resalesApi({
      [`${RESALES}/${manual.id}`]: [{ body: manual }, { body: recorded }],
      [`POST ${RESALES}/${manual.id}/payout`]: { body: recorded },
    });
    const user = userEvent.setup();
    renderAdminApp(`/resales/${manual.id}/show`);

    expect(await screen.findByText('CN-CN2-10-4', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('resale-payout-manual')).toHaveTextContent('Da pagare a mano');
    expect(screen.queryByRole('button', { name: 'Annulla rivendita' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Segna come pagato' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/sono stati pagati a mano 1098,50 €/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Segna come pagato' }));

    expect(await screen.findByText('Rivendita C9D0E1F2: pagamento a mano registrato.')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`${RESALES}/${manual.id}/payout`);
    // Read again: paid by hand (10:00 in Como), nothing more to record.
    await waitFor(() => expect(screen.getByTestId('resale-payout-manual')).toHaveTextContent('Pagato a mano il 27/11/26, 10:00:00'));
    expect(screen.queryByRole('button', { name: 'Segna come pagato' })).not.toBeInTheDocument();
  });

  it("offers no \"Segna come pagato\" on the page of an offer paid back on the card", async () => {
    resalesApi({ [`${RESALES}/${completed.id}`]: { body: completed } });
    renderAdminApp(`/resales/${completed.id}/show`);

    expect(await screen.findByText('CN-CN2-10-4', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('25/11/26, 10:30:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Segna come pagato' })).not.toBeInTheDocument();
  });
});
