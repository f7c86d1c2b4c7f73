import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { aMassIssueTask } from '../test/fixtures';
import type { MassIssueLine, MassIssueTask } from '../../../api-types';

const TASK_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a70';
const TASK = `/api/admin/mass-issues/${TASK_ID}`;
const LINES = '/api/admin/mass-issue-lines';
const SHOW = `/mass-issues/${TASK_ID}/show`;

const running: MassIssueTask = aMassIssueTask({
  id: TASK_ID,
  total: 50,
  issuing: 3,
  finalized: 44,
  unfinalized: 3,
  progress: 94,
  state: 'running',
  finished_at: null,
});
const done: MassIssueTask = {
  ...running,
  issuing: 0,
  finalized: 47,
  progress: 100,
  state: 'done',
  finished_at: '2026-11-24T17:03:00Z',
};

const line = (id: number, row: number, extra: Partial<MassIssueLine>): MassIssueLine => ({
  id,
  task_id: TASK_ID,
  row,
  fixture_id: 7,
  season_ticket_id: null,
  title: 'Como - Lazio',
  label: `TC-TC1-1-${row}`,
  sector_name: 'Tribuna Centrale',
  holder_name: 'Luca Neri',
  email: 'luca@example.it',
  reduction: 'INTERO',
  price_cents: 6000,
  state: 'finalized',
  reason: null,
  seal: null,
  order_id: null,
  season_order_id: null,
  unfinalized_season: false,
  updated_at: '2026-11-24T17:01:00Z',
  ...extra,
});

const lines: MassIssueLine[] = [
  line(1, 2, { seal: 'A1B2C3D4E5F6', order_id: '0193a5b0-0000-7000-8000-000000000001' }),
  line(2, 3, { holder_name: 'Anna Bianchi', email: 'anna@example.it', state: 'unfinalized', reason: 'seat_taken' }),
  line(3, 4, {
    holder_name: 'Marco Verdi',
    email: 'marco@example.it',
    state: 'unfinalized',
    reason: 'RIDUZIONE_NON_AMMESSA: titolo non emettibile',
  }),
  line(4, 5, { holder_name: 'Ugo Rossi', email: 'ugo@example.it', state: 'issuing' }),
];

type Routes = Parameters<typeof stubFetch>[0];

function taskApi(task: MassIssueTask, extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', []),
    '/api/admin/mass-issues': listRoute('mass-issues', [task]),
    [TASK]: { body: task },
    [LINES]: listRoute('mass-issue-lines', lines),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const taskReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === TASK && init?.method === undefined);

describe("a mass issuing task's page", () => {
  it('shows the task, its progress with the percentage, and its lines with their state and reason', async () => {
    const { fetchMock } = taskApi(done);
    renderAdminApp(SHOW);

    expect(await screen.findByText('sponsor.xlsx')).toBeInTheDocument();
    expect(screen.getByText('staff@lario.test')).toBeInTheDocument();
    expect(screen.getByText('Conclusa con righe non emesse')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Avanzamento' });
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(progress).toHaveAttribute('aria-valuetext', '100%');
    expect(screen.getByText('47 emesse')).toBeInTheDocument();
    expect(screen.getByText('3 non emesse')).toBeInTheDocument();
    expect(screen.getByText('50 in tutto')).toBeInTheDocument();

    // The lines: by row, filtered on this task.
    const anna = (await screen.findByText('Anna Bianchi')).closest('tr') as HTMLElement;
    expect(within(anna).getByText('Non emesso')).toBeInTheDocument();
    expect(within(anna).getByText('Il posto non è libero (riservato, venduto o bloccato).')).toBeInTheDocument();
    // The ticketing system's own words are shown as they are.
    const marco = screen.getByText('Marco Verdi').closest('tr') as HTMLElement;
    expect(within(marco).getByText('RIDUZIONE_NON_AMMESSA: titolo non emettibile')).toBeInTheDocument();
    const luca = screen.getByText('Luca Neri').closest('tr') as HTMLElement;
    expect(within(luca).getByText('Emesso')).toBeInTheDocument();
    expect(within(luca).getByText('A1B2C3D4E5F6')).toBeInTheDocument();
    expect(within(luca).getByText('60,00 €')).toBeInTheDocument();
    expect(within(screen.getByText('Ugo Rossi').closest('tr') as HTMLElement).getByText('In emissione')).toBeInTheDocument();

    const linesCall = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === LINES);
    const query = urlOf(linesCall?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ task_id: TASK_ID });
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['row', 'ASC']);
    expect(screen.getByRole('link', { name: 'Cerca e filtra tutte le righe di questa emissione' })).toHaveAttribute(
      'href',
      `/admin/mass/tickets_issued?filter=${encodeURIComponent(JSON.stringify({ task_id: TASK_ID }))}`,
    );
  });

  it("marks a season ticket's task, and says its lines not issued as season seats", async () => {
    const season: MassIssueTask = {
      ...done,
      fixture_id: null,
      season_ticket_id: 3,
      collection: true,
      title: 'Abbonamento 2026-27',
    };
    const SEASON_ORDER = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4b01';
    const seasonLine = (id: number, row: number, extra: Partial<MassIssueLine>) =>
      line(id, row, { fixture_id: null, season_ticket_id: 3, title: 'Abbonamento 2026-27', ...extra });
    taskApi(season, {
      [LINES]: listRoute('mass-issue-lines', [
        seasonLine(1, 2, { season_order_id: SEASON_ORDER }),
        seasonLine(2, 3, {
          holder_name: 'Anna Bianchi',
          state: 'unfinalized',
          reason: 'holder_has_seat',
          unfinalized_season: true,
        }),
      ]),
    });
    renderAdminApp(SHOW);

    expect(await screen.findByText('Abbonamento 2026-27')).toBeInTheDocument();
    expect(screen.getByText('Collezione').closest('[data-kind]')).toHaveAttribute('data-kind', 'collection');
    expect(screen.getByText('Partita o abbonamento')).toBeInTheDocument();
    const anna = (await screen.findByText('Anna Bianchi')).closest('tr') as HTMLElement;
    expect(within(anna).getByText('Non emesso (abbonamento)')).toBeInTheDocument();
    expect(within(anna).getByText('Questa persona ha già un posto di questo abbonamento.')).toBeInTheDocument();
  });

  it('reads a running task again every second until it is done, its bar moving', async () => {
    const { routes, fetchMock } = taskApi(running);
    renderAdminApp(SHOW);

    const progress = await screen.findByRole('progressbar', { name: 'Avanzamento' });
    expect(progress).toHaveAttribute('aria-valuenow', '94');
    expect(screen.getByText('94%')).toBeInTheDocument();
    expect(screen.getByText('In corso')).toBeInTheDocument();
    // On its page, the lines still in the works are counted too.
    expect(screen.getByText('3 in emissione')).toBeInTheDocument();
    expect(screen.getByText('0 in coda')).toBeInTheDocument();

    routes[TASK] = { body: done };
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Avanzamento' })).toHaveAttribute('aria-valuenow', '100'), {
      timeout: 15_000,
    });
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('Conclusa con righe non emesse')).toBeInTheDocument();
    const settled = taskReads(fetchMock).length;
    expect(settled).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(taskReads(fetchMock).length).toBe(settled);
  });

  it('retries the lines not issued after a confirmation, with POST .../retry, and reads the task again', async () => {
    const { fetchMock } = taskApi(done, {
      [`POST ${TASK}/retry`]: { body: { ...done, state: 'running', unfinalized: 0, queued: 3, progress: 94 } },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(await screen.findByRole('button', { name: 'Riprova le righe non emesse' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Riprovare 3 righe non emesse?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Le righe non emesse per Como - Lazio tornano in coda e vengono emesse di nuovo. Nessun biglietto viene emesso due volte.',
      ),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    const readsBefore = taskReads(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Le righe non emesse sono di nuovo in coda.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${TASK}/retry`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(taskReads(fetchMock).length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { fetchMock } = taskApi(done);
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(await screen.findByRole('button', { name: 'Riprova le righe non emesse' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('offers no retry when every line was issued', async () => {
    taskApi({ ...done, finalized: 50, unfinalized: 0 });
    renderAdminApp(SHOW);

    expect(await screen.findByText('Conclusa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riprova le righe non emesse' })).toBeDisabled();
  });

  it.each([
    [
      'it',
      'Riprova le righe non emesse',
      'Conferma',
      'Non ci sono righe non emesse da riprovare: sono già state riprovate, oppure sono state emesse tutte.',
    ],
    [
      'en',
      'Retry the lines not issued',
      'Confirm',
      'There are no lines left to retry: they were retried already, or all of them were issued.',
    ],
  ] as const)('in %s, says in its own words that there is nothing to retry (409)', async (locale, action, confirm, message) => {
    const { fetchMock } = taskApi(done, {
      [`POST ${TASK}/retry`]: {
        status: 409,
        body: { code: 'nothing_to_retry', message: 'No line is unfinalized', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale });

    await user.click(await screen.findByRole('button', { name: action }));
    const readsBefore = taskReads(fetchMock).length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('No line is unfinalized')).not.toBeInTheDocument();
    await waitFor(() => expect(taskReads(fetchMock).length).toBeGreaterThan(readsBefore));
  });

  it('downloads the results sheet with the session, under the name the API gives', async () => {
    const { fetchMock } = taskApi(done, {
      [`${TASK}/results.xlsx`]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="risultati-sponsor.xlsx"',
        },
      },
    });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:results'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW, { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Download results' }));

    await waitFor(() => expect(saved).toEqual(['risultati-sponsor.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === `${TASK}/results.xlsx`);
    expect(call?.[1]?.credentials).toBe('same-origin');
  });

  it('says the results could not be downloaded when the session has ended', async () => {
    taskApi(done, {
      [`${TASK}/results.xlsx`]: {
        status: 401,
        body: { code: 'unauthenticated', message: 'Sign in first', errors: {} },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(SHOW);

    await user.click(await screen.findByRole('button', { name: 'Scarica i risultati' }));

    expect(await screen.findByText('La sessione è scaduta: accedi di nuovo.')).toBeInTheDocument();
  });
});
