import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShowBase } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { aFixture, aSeasonOrder } from '../test/fixtures';
import { callsWith, jsonBody, lastListParam, listReads, rowShowing, sortableHeaders } from '../test/recordActions';
import { listRoute, renderAdminApp, renderInAdmin, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { transferMessages } from './messages';
// The chunk's entry: its strings are added as the app adds them.
import { FixtureTransferPanel, TransferList } from './pages';
import type { StaffTransferView } from '../../../api-types';

const TRANSFERS = '/api/admin/transfers';
const FIXTURE = '/api/admin/fixtures/7';

const fixture = aFixture({ starts_at: '2099-02-01T19:45:00Z' });

const done: StaffTransferView = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e01',
  state: 'done',
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  starts_at: '2026-12-06T19:45:00Z',
  sector_name: 'Tribuna Centrale',
  row: '3',
  number: 12,
  no_map: false,
  from_seal: 'OLDSEAL00000001',
  from_holder_name: 'Luca Neri',
  to_name: 'Giulia Rossi',
  to_email: 'giulia@example.it',
  refusal_code: null,
  created_at: '2026-11-24T17:00:00Z',
  done_at: '2026-11-24T17:00:05Z',
  order_id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51',
  from_email: 'luca@example.it',
  to_account: true,
  seal: 'NEWSEAL00000002',
  refusal_message: null,
};
const refused: StaffTransferView = {
  ...done,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e02',
  state: 'refused',
  sector_name: 'Curva Nord',
  no_map: true,
  from_seal: 'OLDSEAL00000003',
  from_holder_name: 'Anna Bianchi',
  to_name: 'Paolo Verdi',
  to_email: 'paolo@example.it',
  to_account: false,
  refusal_code: 'holder_banned',
  refusal_message: 'PERSONA_BANNATA: soggetto destinatario di DASPO',
  done_at: null,
  seal: null,
};
/** A season seat passed on for this match: its season order's line, and the season order. */
const SEASON_ORDER = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01';
const seasonSeat: StaffTransferView = {
  ...done,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e04',
  season_line_id: 41,
  order_id: SEASON_ORDER,
  sector_name: 'Curva Sud',
  from_seal: 'SEASON0000000001',
  from_holder_name: 'Giulia Rossi',
  to_name: 'Marco Blu',
  to_email: 'marco@example.it',
  seal: 'NEWSEAL00000005',
};
const requested: StaffTransferView = {
  ...done,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e03',
  state: 'requested',
  from_seal: 'OLDSEAL00000004',
  to_name: 'Marta Gialli',
  done_at: null,
  seal: null,
};

/** The table's column headers, in order. */
const columns = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

describe("the changes of holder's strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(transferMessages.en).sort()).toEqual(keysOf(transferMessages.it).sort());
  });
});

describe('the changes of holder list', () => {
  it('reads /api/admin/transfers newest first and shows each change: date, match, seat, from, to, new seal, state and why refused', async () => {
    const fetchMock = stubFetch({
      [TRANSFERS]: listRoute('transfers', [done, refused, requested]),
      '/api/admin/fixtures': listRoute('fixtures', [fixture]),
    });
    renderInAdmin(<TransferList />, { dataProvider });

    const row = await rowShowing('NEWSEAL00000002');
    expect(columns()).toEqual(['Data', 'Partita', 'Posto', 'Da', 'A', 'Nuovo sigillo', 'Stato', 'Ordine']);
    // The API lists them newest first, whatever the sort: no header pretends otherwise.
    expect(sortableHeaders()).toEqual([]);
    expect(lastListParam(fetchMock, TRANSFERS, 'sort')).toEqual(['created_at', 'DESC']);
    expect(lastListParam(fetchMock, TRANSFERS, 'range')).toEqual([0, 24]);
    expect(lastListParam(fetchMock, TRANSFERS, 'filter')).toEqual({});
    // 17:00 UTC on 24 November is 18:00 in Como (winter time).
    expect(within(row).getByText('24/11/26, 18:00:00')).toBeInTheDocument();
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('Tribuna Centrale')).toBeInTheDocument();
    expect(within(row).getByText('Fila 3, posto 12')).toBeInTheDocument();
    expect(within(row).getByText('luca@example.it')).toBeInTheDocument();
    expect(within(row).getByText('Intestatario: Luca Neri')).toBeInTheDocument();
    expect(within(row).getByText('OLDSEAL00000001')).toBeInTheDocument();
    expect(within(row).getByText('Giulia Rossi')).toBeInTheDocument();
    expect(within(row).getByText('giulia@example.it')).toBeInTheDocument();
    expect(within(row).getByText('Ha un account')).toBeInTheDocument();
    expect(within(row).getByTestId('transfer-state')).toHaveAttribute('data-state', 'done');
    expect(within(row).getByTestId('transfer-state')).toHaveTextContent('Fatta');

    const refusedRow = await rowShowing('OLDSEAL00000003');
    expect(within(refusedRow).getByText('Posto non numerato')).toBeInTheDocument();
    expect(within(refusedRow).getByText('Senza account')).toBeInTheDocument();
    expect(within(refusedRow).getByText('—')).toBeInTheDocument();
    expect(within(refusedRow).getByTestId('transfer-state')).toHaveAttribute('data-state', 'refused');
    expect(within(refusedRow).getByText('holder_banned')).toBeInTheDocument();
    expect(within(refusedRow).getByText(/Il nuovo titolare ha un divieto di accesso agli stadi/)).toBeInTheDocument();
    expect(
      within(refusedRow).getByText('Sistema di biglietteria: «PERSONA_BANNATA: soggetto destinatario di DASPO»'),
    ).toBeInTheDocument();

    const requestedRow = await rowShowing('OLDSEAL00000004');
    expect(within(requestedRow).getByTestId('transfer-state')).toHaveAttribute('data-state', 'requested');
    expect(within(requestedRow).getByTestId('transfer-state')).toHaveTextContent('In corso');
  });

  it("marks a season seat passed on for one match, and links each change to its order's page: the season order's for a season seat", async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      [TRANSFERS]: listRoute('transfers', [seasonSeat, done]),
      '/api/admin/fixtures': listRoute('fixtures', [fixture]),
    });
    renderAdminApp('/transfers');

    const seasonRow = (await screen.findByText('NEWSEAL00000005', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    const mark = within(seasonRow).getByText('Abbonamento').closest('[data-kind]');
    expect(mark).toHaveAttribute('data-kind', 'season');
    expect(mark).toHaveAttribute('title', "Il posto di un abbonamento, ceduto per questa partita: l'abbonamento resta valido per le altre.");
    expect(within(seasonRow).getByRole('link', { name: 'Ordine abbonamento' })).toHaveAttribute(
      'href',
      `/admin/season-orders/${SEASON_ORDER}/show`,
    );

    // A match ticket carries no mark, and links to the match's order.
    const matchRow = await rowShowing('NEWSEAL00000002');
    expect(matchRow.querySelector('[data-kind]')).toBeNull();
    expect(within(matchRow).queryByText('Abbonamento')).not.toBeInTheDocument();
    expect(within(matchRow).getByRole('link', { name: 'Ordine' })).toHaveAttribute('href', `/admin/orders/${done.order_id}/show`);
  });

  it("opens a season seat's season order from its row", async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      [TRANSFERS]: listRoute('transfers', [seasonSeat]),
      '/api/admin/fixtures': listRoute('fixtures', [fixture]),
      [`/api/admin/season-orders/${SEASON_ORDER}`]: { body: aSeasonOrder() },
    });
    const user = userEvent.setup();
    renderAdminApp('/transfers', { locale: 'en' });

    const row = (await screen.findByText('NEWSEAL00000005', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Season ticket').closest('[data-kind]')).toHaveAttribute('data-kind', 'season');
    expect(within(row).getByRole('link', { name: 'Season order' })).toHaveAttribute('href', `/admin/season-orders/${SEASON_ORDER}/show`);
    await user.click(within(row).getByText('Marco Blu'));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `/api/admin/season-orders/${SEASON_ORDER}`)).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `/api/admin/orders/${SEASON_ORDER}`)).toBe(false);
    expect(await screen.findByText('abbonato@example.it', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('narrows the list by state, match and a seal, e-mail or name, as the API reads its filter', async () => {
    const fetchMock = stubFetch({
      [TRANSFERS]: listRoute('transfers', [refused]),
      '/api/admin/fixtures': listRoute('fixtures', [fixture]),
    });
    const user = userEvent.setup();
    renderInAdmin(<TransferList />, { dataProvider });
    await rowShowing('OLDSEAL00000003');

    await user.click(screen.getByRole('combobox', { name: 'Stato' }));
    await user.click(await screen.findByRole('option', { name: 'Rifiutata' }));
    await waitFor(() => expect(lastListParam(fetchMock, TRANSFERS, 'filter')).toEqual({ state: 'refused' }));

    await user.click(screen.getByRole('combobox', { name: 'Partita' }));
    await user.click(await screen.findByRole('option', { name: /^Como - Lazio/ }));
    await waitFor(() => expect(lastListParam(fetchMock, TRANSFERS, 'filter')).toEqual({ state: 'refused', fixture_id: 7 }));

    await user.type(screen.getByPlaceholderText('Cerca per sigillo, e-mail o nome'), 'rossi');
    await waitFor(() =>
      expect(lastListParam(fetchMock, TRANSFERS, 'filter')).toEqual({ state: 'refused', fixture_id: 7, q: 'rossi' }),
    );
  });

  it("opens at /admin/transfers from a match's link, narrowed to the match, in English", async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      [TRANSFERS]: listRoute('transfers', [done]),
      '/api/admin/fixtures': listRoute('fixtures', [fixture]),
    });
    renderAdminApp(`/transfers?filter=${encodeURIComponent(JSON.stringify({ fixture_id: 7 }))}`, { locale: 'en' });

    const row = (await screen.findByText('NEWSEAL00000002', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(within(row).getByText('Has an account')).toBeInTheDocument();
    expect(columns()).toEqual(['Date', 'Match', 'Seat', 'From', 'To', 'New seal', 'State', 'Order']);
    expect(screen.getByRole('menuitem', { name: 'Changes of holder' })).toHaveClass('RaMenuItemLink-active');
    expect(listReads(fetchMock, TRANSFERS).length).toBeGreaterThan(0);
    expect(lastListParam(fetchMock, TRANSFERS, 'filter')).toEqual({ fixture_id: 7 });
  });
});

/** The panel as the match's page shows it: in the page's record, read from the API. */
function renderPanel() {
  return renderInAdmin(
    <ShowBase resource="fixtures" id={7}>
      <FixtureTransferPanel />
    </ShowBase>,
    { dataProvider },
  );
}

describe('the "Cambio nominativo" panel of a match', () => {
  it('says until when fans may pass their tickets on, and links to the match\'s changes of holder', async () => {
    stubFetch({ [FIXTURE]: { body: aFixture({ starts_at: '2099-02-01T19:45:00Z', transfer_closes_hours: 24 }) } });
    renderPanel();

    expect(await screen.findByRole('heading', { name: /Cambio nominativo/ })).toBeInTheDocument();
    expect(screen.getByTestId('transfers-open')).toHaveTextContent('Aperto');
    // 24 hours before 20:45 in Como on 1 February.
    expect(
      screen.getByText(/fino a 24 ore prima dell'inizio della partita\. Chiude il 31\/01\/99, 20:45:00 \(ora italiana\)\./),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Cessioni della partita' });
    // The test's router is a hash router (react-admin's own, without a basename).
    const href = new URL((link.getAttribute('href') ?? '').replace(/^#/, ''), 'http://localhost');
    expect(href.pathname).toBe('/transfers');
    expect(JSON.parse(href.searchParams.get('filter') ?? 'null')).toEqual({ fixture_id: 7 });
  });

  it('sets the closing hours with the match\'s status as it is, shows what the API refuses, and shows the saved rules', async () => {
    const saved = { ...fixture, transfer_closes_hours: 48 };
    const fetchMock = stubFetch({
      [`GET ${FIXTURE}`]: { body: fixture },
      [`PUT ${FIXTURE}`]: [
        {
          status: 422,
          body: { code: 'validation_failed', message: 'Invalid', errors: { transfer_closes_hours: '0 to 720' } },
        },
        { body: saved },
      ],
    });
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByText(/fino all'inizio della partita/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambio nominativo · Como - Lazio' });
    expect(within(dialog).getByRole('switch', { name: 'I tifosi possono cedere i biglietti' })).toBeChecked();
    const hours = within(dialog).getByRole('spinbutton', { name: "Chiusura (ore prima dell'inizio)" });

    // Not a number of hours the API takes: nothing is sent.
    await user.type(hours, '721');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Scrivi un numero intero di ore, da 0 a 720.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);

    // The API refuses it (422): its reason shows on the field, the dialog stays open.
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Scrivi un numero intero di ore, da 0 a 720.')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ status: 1, transfers_open: true, transfer_closes_hours: 48 });

    // Again, accepted: the page shows the API's answer.
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/fino a 48 ore prima dell'inizio della partita/)).toBeInTheDocument();
    const puts = callsWith(fetchMock, 'PUT');
    expect(puts).toHaveLength(2);
    expect(urlOf(puts[1]?.[0] ?? '').pathname).toBe(FIXTURE);
    expect(jsonBody(puts[1])).toEqual({ status: 1, transfers_open: true, transfer_closes_hours: 48 });
  });

  it('closes changes of holder, leaving the hours as they are, and says why the API refused', async () => {
    const onSale = aFixture({ transfer_closes_hours: 12 });
    const fetchMock = stubFetch({
      [`GET ${FIXTURE}`]: { body: onSale },
      [`PUT ${FIXTURE}`]: [
        { status: 409, body: { code: 'fixture_started', message: 'The fixture has started', errors: {} } },
        { body: { ...onSale, transfers_open: false } },
      ],
    });
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Cambia' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'I tifosi possono cedere i biglietti' }));
    expect(within(dialog).getByRole('spinbutton')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La partita è già iniziata: non si può più cambiarne la vendita.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('I tifosi non possono cedere i biglietti di questa partita.')).toBeInTheDocument();
    expect(screen.getByTestId('transfers-open')).toHaveTextContent('Chiuso');
    for (const put of callsWith(fetchMock, 'PUT')) {
      expect(jsonBody(put)).toEqual({ status: 1, transfers_open: false });
    }
  });
});
