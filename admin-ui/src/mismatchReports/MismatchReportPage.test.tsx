import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { aFixture } from '../test/fixtures';
import type { Mismatch, MismatchReport } from '../../../api-types';

const PAGE = '/reports/tickets_mismatch_report';
const REPORTS = '/api/admin/mismatch-reports';
const MISMATCHES = '/api/admin/mismatches';
const REPORT_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4ab0';

const lazio = aFixture();

const queued: MismatchReport = {
  id: REPORT_ID,
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  state: 'queued',
  titles_here: null,
  titles_there: null,
  divergences: 0,
  unresolved: 0,
  error: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T09:00:00Z',
  finished_at: null,
};
const done: MismatchReport = {
  ...queued,
  state: 'done',
  titles_here: 40,
  titles_there: 41,
  divergences: 2,
  unresolved: 1,
  finished_at: '2026-11-25T09:00:12Z',
};
const older: MismatchReport = {
  ...done,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4ab1',
  fixture_id: 8,
  fixture_title: 'Como - Inter',
  requested_by: 'boss@lario.test',
  titles_here: 12,
  titles_there: 12,
  divergences: 0,
  unresolved: 0,
  created_at: '2026-11-20T09:00:00Z',
};
const broken: MismatchReport = {
  ...queued,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4ab2',
  requested_by: 'night@lario.test',
  state: 'failed',
  error: 'ticketing: GetGiornale answered 503',
  finished_at: '2026-11-24T09:00:00Z',
};

const stray: Mismatch = {
  id: 3,
  report_id: REPORT_ID,
  kind: 'unknown_here',
  fixture_id: 7,
  title_id: 123,
  seal: 'A1B2C3D4E5F6',
  here: null,
  there: { label: 'TC-TC1-1-1', holder: 'LUCA NERI', state: 'valid' },
  resolved_at: null,
  resolution: null,
};

type Routes = Parameters<typeof stubFetch>[0];

function reportsApi(rows: MismatchReport[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', [lazio]),
    [REPORTS]: listRoute('mismatch-reports', rows),
    [MISMATCHES]: listRoute('mismatches', [stray]),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === REPORTS && init?.method === undefined);
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the tickets mismatch page', () => {
  it('lists the reports newest first: match, who asked, state, titles on each side and divergences', async () => {
    const { fetchMock } = reportsApi([done, older, broken]);
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Discrepanze dei biglietti', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Discrepanze biglietti' })).toHaveClass('RaMenuItemLink-active');
    const row = within((await screen.findByText('staff@lario.test')).closest('tr') as HTMLElement);
    expect(row.getByText('Como - Lazio')).toBeInTheDocument();
    expect(row.getByText('Concluso').closest('[data-state]')).toHaveAttribute('data-state', 'done');
    expect(row.getByText('40 / 41')).toBeInTheDocument();
    expect(row.getByTestId('report-divergences')).toHaveTextContent('2');
    // Left to reconcile: in red.
    expect(row.getByTestId('report-unresolved')).toHaveTextContent('1');
    expect(row.getByTestId('report-unresolved')).toHaveStyle({ fontWeight: '700' });
    const agreed = within(screen.getByText('boss@lario.test').closest('tr') as HTMLElement);
    expect(agreed.getByTestId('report-unresolved')).not.toHaveStyle({ fontWeight: '700' });
    const failed = within(screen.getByText('night@lario.test').closest('tr') as HTMLElement);
    expect(failed.getByText('Non riuscito')).toBeInTheDocument();
    expect(failed.getByText('ticketing: GetGiornale answered 503')).toBeInTheDocument();
    expect(failed.getByText('— / —')).toBeInTheDocument();

    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['created_at', 'DESC']);
  });

  it('runs a report for the chosen match, opens it, and lists its divergences once the comparison is done', async () => {
    const { routes, fetchMock } = reportsApi([older], {
      [`POST ${REPORTS}`]: { status: 201, body: queued },
      [`${REPORTS}/${REPORT_ID}`]: { body: queued },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const run = await screen.findByRole('button', { name: 'Avvia il confronto' });
    expect(run).toBeDisabled();
    expect(screen.getByText('Scegli prima una partita.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Partita da confrontare' }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
    await user.click(run);

    expect(
      await screen.findByText('Confronto avviato per Como - Lazio: il report si prepara in background.'),
    ).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(REPORTS);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ fixture_id: 7 });
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);

    // The report's page: the comparison runs, read again every second until done.
    expect(
      await screen.findByText('Il confronto è in corso: le discrepanze compaiono qui appena finisce.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === MISMATCHES)).toBe(false);
    routes[`${REPORTS}/${REPORT_ID}`] = { body: done };

    expect(await screen.findByText('Sconosciuto qui', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('LUCA NERI')).toBeInTheDocument();
    const mismatchCall = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === MISMATCHES);
    expect(JSON.parse(urlOf(mismatchCall?.[0] ?? '').searchParams.get('filter') ?? '')).toEqual({ report_id: REPORT_ID });
  });

  it('reads the list again every second while a report is queued or running', async () => {
    const { routes, fetchMock } = reportsApi([queued, older]);
    renderAdminApp(PAGE, { locale: 'en' });

    const row = within((await screen.findByText('staff@lario.test')).closest('tr') as HTMLElement);
    expect(row.getByText('Queued')).toBeInTheDocument();
    routes[REPORTS] = listRoute('mismatch-reports', [done, older]);

    await waitFor(() => expect(screen.getByText('40 / 41')).toBeInTheDocument(), { timeout: 15_000 });
    const settled = listCalls(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(listCalls(fetchMock).length).toBe(settled);
  });

  it.each([
    ['it', 'Avvia il confronto', 'Partita da confrontare', 404, { code: 'fixture_not_found', errors: {} }, 'Partita non trovata.'],
    ['en', 'Run report', 'Match to compare', 404, { code: 'fixture_not_found', errors: {} }, 'Match not found.'],
    ['it', 'Avvia il confronto', 'Partita da confrontare', 422, { code: 'validation_failed', errors: { fixture_id: 'required' } }, 'Scegli una partita.'],
    ['en', 'Run report', 'Match to compare', 500, { code: 'internal', errors: {} }, 'Could not start the comparison. Try again shortly.'],
  ] as const)('in %s, says in its own words why a report could not start', async (locale, button, picker, status, body, message) => {
    reportsApi([], { [`POST ${REPORTS}`]: { status, body: { ...body, message: 'Refused by the API' } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale });

    await user.click(await screen.findByRole('combobox', { name: picker }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Refused by the API')).not.toBeInTheDocument();
  });
});
