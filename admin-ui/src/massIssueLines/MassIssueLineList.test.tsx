import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import { aMassIssueTask } from '../test/fixtures';
import type { MassIssueLine, MassIssueTask } from '../../../api-types';

const PAGE = '/mass/tickets_issued';
const LINES = '/api/admin/mass-issue-lines';
const TASK_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a70';

const task: MassIssueTask = aMassIssueTask({
  id: TASK_ID,
  finalized: 1,
  unfinalized: 1,
});

const issued: MassIssueLine = {
  id: 1,
  task_id: TASK_ID,
  row: 2,
  fixture_id: 7,
  season_ticket_id: null,
  title: 'Como - Lazio',
  label: 'TC-TC1-1-1',
  sector_name: 'Tribuna Centrale',
  holder_name: 'Luca Neri',
  email: 'luca@example.it',
  reduction: 'INTERO',
  price_cents: 6000,
  state: 'finalized',
  reason: null,
  seal: 'A1B2C3D4E5F6',
  order_id: '0193a5b0-0000-7000-8000-000000000001',
  season_order_id: null,
  unfinalized_season: false,
  updated_at: '2026-11-24T17:01:00Z',
};
const refused: MassIssueLine = {
  ...issued,
  id: 2,
  row: 3,
  label: 'TC-TC1-1-2',
  holder_name: 'Anna Bianchi',
  email: 'anna@example.it',
  reduction: 'U14',
  price_cents: 3000,
  state: 'unfinalized',
  reason: 'holder_banned',
  seal: null,
  order_id: null,
};

function linesApi(rows: MassIssueLine[]) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/mass-issues': listRoute('mass-issues', [task]),
    [LINES]: listRoute('mass-issue-lines', rows),
    [`${LINES}/1`]: { body: issued },
    [`${LINES}/2`]: { body: refused },
  });
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === LINES);
const lastFilter = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams.get('filter') ?? '') as unknown;

describe('the mass-issued tickets page', () => {
  it('lists the lines at /admin/mass/tickets_issued by row, with the reason in our words and the seal', async () => {
    const fetchMock = linesApi([issued, refused]);
    renderAdminApp(PAGE);

    const anna = (await screen.findByText('Anna Bianchi')).closest('tr') as HTMLElement;
    expect(within(anna).getByText('3')).toBeInTheDocument();
    expect(within(anna).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(anna).getByText('TC-TC1-1-2')).toBeInTheDocument();
    expect(within(anna).getByText('anna@example.it')).toBeInTheDocument();
    expect(within(anna).getByText('U14')).toBeInTheDocument();
    expect(within(anna).getByText('30,00 €')).toBeInTheDocument();
    expect(within(anna).getByText('Non emesso').closest('[data-state]')).toHaveAttribute('data-state', 'unfinalized');
    expect(
      within(anna).getByText('Il sistema di biglietteria rifiuta questa persona (divieto di accesso allo stadio).'),
    ).toBeInTheDocument();
    const luca = screen.getByText('Luca Neri').closest('tr') as HTMLElement;
    expect(within(luca).getByText('Emesso')).toBeInTheDocument();
    expect(within(luca).getByText('A1B2C3D4E5F6')).toBeInTheDocument();
    for (const header of ['Riga', 'Partita', 'Posto', 'Titolare ed e-mail', 'Prezzo e riduzione', 'Stato e sigillo', 'Motivo']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['row', 'ASC']);
  });

  it('filters by task, state and search', async () => {
    const fetchMock = linesApi([issued, refused]);
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findByText('Anna Bianchi');
    await user.click(screen.getByRole('combobox', { name: 'Task' }));
    await user.click(await screen.findByRole('option', { name: 'Como - Lazio · sponsor.xlsx · 24/11/2026, 18:00:00' }));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ task_id: TASK_ID }));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Not issued' }));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ task_id: TASK_ID, state: 'unfinalized' }));

    await user.type(screen.getByPlaceholderText('Search by holder, e-mail or seat'), 'bianchi');
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ task_id: TASK_ID, state: 'unfinalized', q: 'bianchi' }));
    expect(
      screen.getByText('The ticketing system refuses this person (a stadium ban).'),
    ).toBeInTheDocument();
  });

  it("opens a task's lines from its filter in the address, the task named even when not among the latest", async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/mass-issues': listRoute('mass-issues', []),
      [LINES]: listRoute('mass-issue-lines', [refused]),
    });
    renderAdminApp(`${PAGE}?filter=${encodeURIComponent(JSON.stringify({ task_id: TASK_ID }))}`);

    expect(await screen.findByText('Anna Bianchi')).toBeInTheDocument();
    expect(lastFilter(fetchMock)).toEqual({ task_id: TASK_ID });
    expect(screen.getByRole('combobox', { name: 'Emissione' })).toHaveTextContent(TASK_ID);
  });

  it("opens a line's page, with its task", async () => {
    linesApi([issued, refused]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(await screen.findByText('Anna Bianchi'));

    const task = await screen.findByRole('link', { name: "Apri l'emissione" });
    expect(task).toHaveAttribute('href', `/admin/mass-issues/${TASK_ID}/show`);
    expect(
      screen.getByText('Il sistema di biglietteria rifiuta questa persona (divieto di accesso allo stadio).'),
    ).toBeInTheDocument();
  });

  it("marks a season ticket's lines, says one not issued as such, and links its page to the season order", async () => {
    const SEASON_ORDER = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01';
    const seasonIssued: MassIssueLine = {
      ...issued,
      id: 3,
      row: 2,
      fixture_id: null,
      season_ticket_id: 3,
      title: 'Abbonamento 2026-27',
      label: 'TC-TC3-12-5',
      holder_name: 'Sara Sportello',
      email: 'sara@example.it',
      order_id: null,
      season_order_id: SEASON_ORDER,
    };
    const seasonRefused: MassIssueLine = {
      ...seasonIssued,
      id: 4,
      row: 3,
      label: 'TC-TC3-12-6',
      holder_name: 'Pietro Rinnovi',
      email: 'pietro@example.it',
      state: 'unfinalized',
      reason: 'season_not_on_sale',
      unfinalized_season: true,
      seal: null,
      season_order_id: null,
    };
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/mass-issues': listRoute('mass-issues', [task]),
      [LINES]: listRoute('mass-issue-lines', [seasonIssued, seasonRefused, issued]),
      [`${LINES}/3`]: { body: seasonIssued },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const pietro = (await screen.findByText('Pietro Rinnovi')).closest('tr') as HTMLElement;
    expect(within(pietro).getByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(within(pietro).getByText('Abbonamento').closest('[data-kind]')).toHaveAttribute('data-kind', 'season');
    expect(within(pietro).getByText('Non emesso (abbonamento)').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'unfinalized',
    );
    expect(within(pietro).getByText(/^Nel sistema di biglietteria la vendita libera di questo abbonamento/)).toBeInTheDocument();
    // A match's line keeps its own words and no mark.
    const luca = screen.getByText('Luca Neri').closest('tr') as HTMLElement;
    expect(luca.querySelector('[data-kind]')).toBeNull();

    await user.click(screen.getByText('Sara Sportello'));
    const order = await screen.findByRole('link', { name: SEASON_ORDER }, { timeout: 15_000 });
    expect(order).toHaveAttribute('href', `/admin/season-orders/${SEASON_ORDER}/show`);
    expect(screen.getByText('Ordine di abbonamento')).toBeInTheDocument();
    expect(screen.queryByText('Ordine')).not.toBeInTheDocument();
  });

  it("links an issued line's page to the order it was sold in", async () => {
    linesApi([issued, refused]);
    renderAdminApp(`/mass-issue-lines/1/show`);

    const order = await screen.findByRole('link', { name: '0193a5b0-0000-7000-8000-000000000001' }, { timeout: 15_000 });
    expect(order).toHaveAttribute('href', '/admin/orders/0193a5b0-0000-7000-8000-000000000001/show');
  });
});
