import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStatus, ServiceStatusReport } from '../../../api-types';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';

const PAGE = '/service-status';
const STATUS = '/api/admin/service-status';

const ticketingDown: ServiceStatus = {
  id: 'ticketing',
  ok: false,
  latency_ms: 5003,
  error: 'no answer within 5 s',
  calls_last_hour: 120,
  errors_last_hour: 3,
  avg_ms_last_hour: 35.24,
  last_error: 'temporarily unavailable: status 503',
  // 09:29:58 UTC is 10:29:58 in Como.
  last_error_at: '2026-11-25T09:29:58Z',
};
const payments: ServiceStatus = {
  id: 'payments',
  ok: true,
  latency_ms: 12,
  error: null,
  calls_last_hour: 40,
  errors_last_hour: 0,
  avg_ms_last_hour: 80,
  last_error: null,
  last_error_at: null,
};
const mail: ServiceStatus = {
  ...payments,
  id: 'mail',
  latency_ms: 31,
  calls_last_hour: 0,
  avg_ms_last_hour: null,
};
const database: ServiceStatus = { ...mail, id: 'database', latency_ms: 1, calls_last_hour: 0 };

const report: ServiceStatusReport = {
  checked_at: '2026-11-25T09:30:05Z',
  services: [ticketingDown, payments, mail, database],
  queues: [
    { id: 'checkout::issue_order', pending: 0, running: 1, retrying: 0, dead: 2, done: 13400 },
    { id: 'mail', pending: 4, running: 0, retrying: 1, dead: 0, done: 310 },
  ],
  breakers: [],
};
const allUp: ServiceStatusReport = {
  ...report,
  checked_at: '2026-11-25T09:30:15Z',
  services: [{ ...ticketingDown, ok: true, error: null, latency_ms: 40 }, payments, mail, database],
};

type Routes = Parameters<typeof stubFetch>[0];

function statusApi(body: ServiceStatusReport, extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [STATUS]: { body },
    '/api/admin/job-queues': listRoute('job-queues', []),
    '/api/admin/jobs': listRoute('jobs', []),
    '/api/admin/service-calls': listRoute('service-calls', []),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const statusReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === STATUS);
const card = async (id: string) => within(await screen.findByTestId(`service-${id}`));
const jobsLink = (queue: string, status: string) =>
  `/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue, status }))}`;
const logLink = (filter: object) => `/admin/reports/service-log?filter=${encodeURIComponent(JSON.stringify(filter))}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('the service status page', () => {
  it('shows each service up or down, a down one with its error, and its last hour', async () => {
    statusApi(report);
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Stato dei servizi', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Stato dei servizi' })).toHaveClass('RaMenuItemLink-active');
    expect(await screen.findByText('1 servizio non risponde')).toBeInTheDocument();
    expect(screen.getByText('Controllato il 25/11/26, 10:30:05')).toBeInTheDocument();

    const ticketing = await card('ticketing');
    expect(ticketing.getByRole('heading', { name: 'Sistema di biglietteria', level: 2 })).toBeInTheDocument();
    // Down: said in words, with its icon, not by colour alone.
    const down = ticketing.getByText('Non risponde').closest('[data-ok]');
    expect(down).toHaveAttribute('data-ok', 'false');
    expect(down?.querySelector('svg')).not.toBeNull();
    expect(ticketing.getByText('no answer within 5 s')).toBeInTheDocument();
    expect(ticketing.getByText('5003 ms')).toBeInTheDocument();
    expect(ticketing.getByText('120')).toBeInTheDocument();
    expect(ticketing.getByText('35,2 ms')).toBeInTheDocument();
    expect(ticketing.getByRole('link', { name: 'Vedi 3 errori di Sistema di biglietteria nel registro' })).toHaveAttribute(
      'href',
      logLink({ service: 'ticketing', outcome: 'error' }),
    );
    expect(ticketing.getByText('Ultimo errore, il 25/11/26, 10:29:58')).toBeInTheDocument();
    expect(ticketing.getByText('temporarily unavailable: status 503')).toBeInTheDocument();
    expect(ticketing.getByRole('link', { name: 'Vedi il registro' })).toHaveAttribute('href', logLink({ service: 'ticketing' }));

    const pay = await card('payments');
    expect(pay.getByRole('heading', { name: 'Pagamenti' })).toBeInTheDocument();
    expect(pay.getByText('Risponde').closest('[data-ok]')).toHaveAttribute('data-ok', 'true');
    expect(pay.getByText('12 ms')).toBeInTheDocument();
    expect(pay.getByText("Nessun errore nell'ultima ora.")).toBeInTheDocument();
    expect(pay.queryByRole('link', { name: /errori/ })).not.toBeInTheDocument();

    expect((await card('mail')).getByRole('heading', { name: 'Posta' })).toBeInTheDocument();
    // Without calls, no average.
    expect((await card('mail')).getByText('—')).toBeInTheDocument();
    const db = await card('database');
    expect(db.getByText('Risponde')).toBeInTheDocument();
    expect(db.getByText('Le chiamate al database non sono nel registro dei servizi.')).toBeInTheDocument();
    expect(db.queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the job queues with their counts, each leading to those jobs', async () => {
    statusApi(report);
    renderAdminApp(PAGE);

    const queues = within(await screen.findByRole('region', { name: 'Code dei lavori' }));
    const row = within((await queues.findByText('Emissione degli ordini')).closest('tr') as HTMLElement);
    expect(row.getByRole('link', { name: 'Vedi 2 lavori: Esaurito' })).toHaveAttribute(
      'href',
      jobsLink('checkout::issue_order', 'dead'),
    );
    expect(row.getByText('13.400')).toBeInTheDocument();
    const mails = within(queues.getByText('Invio delle e-mail').closest('tr') as HTMLElement);
    expect(mails.getByRole('link', { name: 'Vedi 4 lavori: In attesa' })).toHaveAttribute(
      'href',
      jobsLink('mail', 'pending'),
    );
    expect(mails.getByRole('link', { name: 'Vedi 1 lavoro: In attesa di riprova' })).toHaveAttribute(
      'href',
      jobsLink('mail', 'retrying'),
    );
  });

  it('checks again on demand and shows the new answer', async () => {
    const { routes, fetchMock } = statusApi(report);
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    expect(await screen.findByText('1 service does not answer')).toBeInTheDocument();
    expect((await card('ticketing')).getByText('Down')).toBeInTheDocument();
    const reads = statusReads(fetchMock).length;
    routes[STATUS] = { body: allUp };
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByText('Every service answers')).toBeInTheDocument();
    expect(statusReads(fetchMock).length).toBe(reads + 1);
    const ticketing = await card('ticketing');
    expect(ticketing.getByText('Up')).toBeInTheDocument();
    expect(ticketing.queryByText('no answer within 5 s')).not.toBeInTheDocument();
    expect(screen.getByText('Checked on 25/11/2026, 10:30:15')).toBeInTheDocument();
  });

  it('checks again every 10 s, unless switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { routes, fetchMock } = statusApi(report);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminApp(PAGE, { locale: 'en' });

    expect(await screen.findByText('1 service does not answer')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Refresh every 10 s' });
    expect(toggle).toBeChecked();
    routes[STATUS] = { body: allUp };
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(await screen.findByText('Every service answers')).toBeInTheDocument();

    await user.click(toggle);
    const settled = statusReads(fetchMock).length;
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(statusReads(fetchMock).length).toBe(settled);
  });

  it('opens the service log on the service chosen', async () => {
    const { fetchMock } = statusApi(report);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click((await card('payments')).getByRole('link', { name: 'Vedi il registro' }));

    expect(await screen.findByRole('heading', { name: 'Registro dei servizi', level: 1 })).toBeInTheDocument();
    await waitFor(() => {
      const call = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/admin/service-calls').at(-1);
      expect(JSON.parse(urlOf(call?.[0] ?? '').searchParams.get('filter') ?? '')).toEqual({ service: 'payments' });
    });
  });

  it.each([
    ['it', 'Impossibile leggere lo stato dei servizi.'],
    ['en', 'Could not read the service status.'],
  ] as const)('in %s, says so when the status cannot be read', async (locale, message) => {
    statusApi(report, { [STATUS]: { status: 500, body: { code: 'internal', message: 'Internal error', errors: {} } } });
    renderAdminApp(PAGE, { locale });

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByTestId('service-ticketing')).not.toBeInTheDocument();
  });
});
