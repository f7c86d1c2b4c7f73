import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSeasonTicket } from '../test/fixtures';
import {
  answerConfirmation,
  callsWith,
  cancelConfirmation,
  expectColumns,
  jsonBody,
  openRowConfirmation,
  rowShowing,
  sortableHeaders,
} from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { SeasonTicket } from '../../../api-types';

const season = aSeasonTicket();
const cup = aSeasonTicket({
  id: 4,
  planet_season_type_id: 302,
  name: 'Abbonamento Coppa',
  label: 'Coppa Italia',
  status: 1,
  matches: 1,
  first_match_at: '2026-12-02T19:00:00Z',
  last_match_at: '2026-12-02T19:00:00Z',
  inventory_ready: true,
  from_price_cents: null,
});

function seasonsApi(rows: SeasonTicket[], extra = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/season-tickets': listRoute('season-tickets', rows),
    ...extra,
  });
}

describe('the season tickets', () => {
  it('lists them with their matches, first and last kick-off in Como time, status, seats and price', async () => {
    seasonsApi([season, cup]);
    renderAdminApp('/seasontickets');

    const row = await rowShowing('Abbonamento 2026-27');
    expectColumns(['Abbonamento', 'Etichetta', 'Partite', "Dalla prima all'ultima partita", 'Stato', 'Posti', 'Prezzo da', 'Vendita']);
    expect(sortableHeaders()).toEqual([]);
    expect(within(row).getByText('Serie A 2026-27')).toBeInTheDocument();
    expect(within(row).getByText('19')).toBeInTheDocument();
    // 16:30 UTC on 23 August is 18:30 in Como (summer time), 18:45 UTC on 23 May 20:45.
    expect(within(row).getByText('23/08/26, 18:30:00')).toBeInTheDocument();
    expect(within(row).getByText('23/05/27, 20:45:00')).toBeInTheDocument();
    expect(within(row).getByText('Programmato').closest('[data-status]')).toHaveAttribute('data-status', '0');
    expect(within(row).getByText('Da copiare')).toBeInTheDocument();
    expect(within(row).getByText(/^290,00\s€$/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Metti in vendita' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Togli dalla vendita' })).not.toBeInTheDocument();

    const cupRow = await rowShowing('Abbonamento Coppa');
    expect(within(cupRow).getByText('In vendita').closest('[data-status]')).toHaveAttribute('data-status', '1');
    expect(within(cupRow).getByText('Pronti')).toBeInTheDocument();
    // One match: its kick-off once (20:00 in Como), and no price yet.
    expect(within(cupRow).getByText('02/12/26, 20:00:00')).toBeInTheDocument();
    expect(within(cupRow).getAllByText('—')).toHaveLength(1);
    expect(within(cupRow).getByRole('button', { name: 'Togli dalla vendita' })).toBeInTheDocument();

  });

  it('shows them in English too', async () => {
    seasonsApi([season]);
    renderAdminApp('/seasontickets', { locale: 'en' });

    const row = await rowShowing('Abbonamento 2026-27');
    expectColumns(['Season ticket', 'Label', 'Matches', 'First to last match', 'Status', 'Seats', 'From', 'Sale']);
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText('Not copied')).toBeInTheDocument();
    expect(within(row).getByText('€290.00')).toBeInTheDocument();
  });

  it('puts a season ticket on sale after a confirmation, with PUT {status: 1}, and shows its seats being copied', async () => {
    const fetchMock = seasonsApi([season], { 'PUT /api/admin/season-tickets/3': { body: { ...season, status: 1 } } });
    const user = userEvent.setup();
    renderAdminApp('/seasontickets');

    const dialog = await openRowConfirmation(user, 'Abbonamento 2026-27', 'Metti in vendita');
    expect(within(dialog).getByText("Mettere in vendita l'abbonamento Abbonamento 2026-27?")).toBeInTheDocument();
    expect(within(dialog).getByText(/tutte le partite dell'abbonamento \(19\)/)).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toEqual([]);
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Abbonamento messo in vendita: i posti delle partite vengono copiati.')).toBeInTheDocument();
    const put = callsWith(fetchMock, 'PUT')[0];
    expect(urlOf(put?.[0] ?? '').pathname).toBe('/api/admin/season-tickets/3');
    expect(jsonBody(put)).toEqual({ status: 1 });
    expect(new Headers(put?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    const row = await rowShowing('Abbonamento 2026-27');
    expect(await within(row).findByText('In vendita')).toBeInTheDocument();
    expect(within(row).getByText('Copia in corso')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Togli dalla vendita' })).toBeInTheDocument();
  });

  it("opens a season ticket's page from its row", async () => {
    seasonsApi([season], { '/api/admin/season-tickets/3': { body: season } });
    const user = userEvent.setup();
    renderAdminApp('/seasontickets');

    await user.click(await screen.findByText('Serie A 2026-27'));

    expect(await screen.findByText('Tipo di abbonamento nel sistema di biglietteria')).toBeInTheDocument();
    expect(screen.getByText('301')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const fetchMock = seasonsApi([cup]);
    const user = userEvent.setup();
    renderAdminApp('/seasontickets');

    await openRowConfirmation(user, 'Abbonamento Coppa', 'Togli dalla vendita');
    await cancelConfirmation(user);

    expect(callsWith(fetchMock, 'PUT')).toEqual([]);
  });

  it.each([
    ['it', 'Togli dalla vendita', 'Conferma', "La prima partita dell'abbonamento è già iniziata: non si può più cambiarne la vendita."],
    ['en', 'Take off sale', 'Confirm', "The season ticket's first match has already started: its sale can no longer be changed."],
  ] as const)('in %s, takes a season ticket off sale with PUT {status: 2} and says in words when it has started', async (locale, action, confirm, message) => {
    const fetchMock = seasonsApi([cup], {
      'PUT /api/admin/season-tickets/4': {
        status: 409,
        body: { code: 'season_started', message: 'Its first match has started: the campaign is over', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp('/seasontickets', { locale });

    await openRowConfirmation(user, 'Abbonamento Coppa', action);
    await answerConfirmation(user, confirm);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/campaign is over|season_started/)).not.toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ status: 2 });
    // Still on sale: the row is as it was.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await rowShowing('Abbonamento Coppa')).getByRole('button', { name: action })).toBeInTheDocument();
  });

  it('says in words when the season ticket is gone', async () => {
    seasonsApi([season], {
      'PUT /api/admin/season-tickets/3': { status: 404, body: { code: 'not_found', message: 'No such season ticket', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/seasontickets');

    await openRowConfirmation(user, 'Abbonamento 2026-27', 'Metti in vendita');
    await answerConfirmation(user, 'Conferma');

    expect(await screen.findByText('Abbonamento non trovato.')).toBeInTheDocument();
    expect(screen.queryByText('No such season ticket')).not.toBeInTheDocument();
  });

  it('offers the import from the ticketing system (season tickets come with the matches), in English', async () => {
    const fetchMock = seasonsApi([], { 'POST /api/admin/fixtures/import': { body: { imported: 20, updated: 0 } } });
    const user = userEvent.setup();
    renderAdminApp('/seasontickets', { locale: 'en' });

    expect(await screen.findByText('No Season tickets yet.')).toBeInTheDocument();
    expect(screen.getByText('Season tickets come from the ticketing system together with the matches.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import matches from the ticketing system' }));

    await waitFor(() => expect(callsWith(fetchMock, 'POST')).toHaveLength(1));
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe('/api/admin/fixtures/import');
  });
});
