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
/** Bought from a holder who paid their season ticket at the ticket office: paid back by hand. */
const manual: ResaleOffer = {
  ...completed,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f03',
  code: 'C9D0E1F2',
  payout_manual: true,
  paid_out_at: '2026-11-25T10:00:00Z',
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
    [RESALES]: listRoute('resales', [listed, completed, manual, expired]),
    '/api/admin/fixtures': listRoute('fixtures', [aFixture()]),
    ...extra,
  });
}

/** The row of the offer whose code is `code`, once the page's chunk has loaded. */
async function rowOf(code: string): Promise<HTMLElement> {
  await screen.findByText(code, {}, { timeout: 5_000 });
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

    // Left to the ticket office: said so.
    const byHand = await rowShowing('C9D0E1F2');
    expect(within(byHand).getByTestId('resale-payout-manual')).toHaveTextContent('Da pagare a mano');
    expect(within(byHand).getByText('dal 25/11/26, 11:00:00')).toBeInTheDocument();

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
});

describe('the resales list on a phone', () => {
  it('shows a line per offer, its code and match first, that opens its page', async () => {
    onAPhone();
    resalesApi({ [`${RESALES}/${listed.id}`]: { body: listed } });
    const user = userEvent.setup();
    renderAdminApp('/resales');

    const line = await screen.findByText('A1B2C3D4 · Como - Lazio', {}, { timeout: 5_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The listed offer's seat, price and kick-off, and the expired one's (the same seat).
    expect(screen.getAllByText('Tribuna Centrale · TC-TC1-3-12 · 40,00 € · 06/12/26, 20:45:00')).toHaveLength(2);
    expect(screen.getAllByText('In vendita')).not.toHaveLength(0);
    expect(screen.getByText('C9D0E1F2 · Como - Lazio')).toBeInTheDocument();
    await user.click(line);

    expect(await screen.findByText('Varco 1', {}, { timeout: 5_000 })).toBeInTheDocument();
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

    expect(await screen.findByText('TC-TC1-3-12', {}, { timeout: 5_000 })).toBeInTheDocument();
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
});
