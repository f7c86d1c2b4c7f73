import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { ServiceCall } from '../../../api-types';

const PAGE = '/reports/service-log';
const CALLS = '/api/admin/service-calls';

const issued: ServiceCall = {
  id: 3,
  service: 'ticketing',
  operation: 'POST /api/Biglietto/EmettiEsteso',
  // 09:30:05 UTC is 10:30:05 in Como.
  started_at: '2026-11-25T09:30:05Z',
  duration_ms: 42,
  outcome: 'ok',
  status: 201,
  error: null,
};
const refused: ServiceCall = {
  id: 2,
  service: 'payments',
  operation: 'POST /v1/refunds',
  started_at: '2026-11-25T09:29:58Z',
  duration_ms: 1234,
  outcome: 'error',
  status: 503,
  error: 'temporarily unavailable: status 503',
};
const LONG_ERROR =
  'connection refused: the SMTP server at smtp.lario.test:587 did not accept the connection after three attempts, giving up';
const unsent: ServiceCall = {
  id: 1,
  service: 'mail',
  operation: 'SMTP send',
  started_at: '2026-11-25T09:29:40Z',
  duration_ms: 5001,
  outcome: 'error',
  status: null,
  error: LONG_ERROR,
};

type Routes = Parameters<typeof stubFetch>[0];

function logApi(rows: ServiceCall[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [CALLS]: listRoute('service-calls', rows),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === CALLS);
const lastQuery = (fetchMock: ReturnType<typeof stubFetch>) => urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);

afterEach(() => {
  vi.useRealTimers();
});

describe('the service log', () => {
  it('lists the calls newest first: time in Italy, service, operation, duration, outcome, HTTP status, error', async () => {
    const { fetchMock } = logApi([issued, refused, unsent]);
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Registro dei servizi', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Registro servizi' })).toHaveClass('RaMenuItemLink-active');

    const ok = await rowOf('POST /api/Biglietto/EmettiEsteso');
    expect(ok.getByText('25/11/26, 10:30:05')).toBeInTheDocument();
    expect(ok.getByText('Sistema di biglietteria')).toBeInTheDocument();
    expect(ok.getByText('42 ms')).toBeInTheDocument();
    expect(ok.getByText('Riuscita').closest('[data-ok]')).toHaveAttribute('data-ok', 'true');
    expect(ok.getByText('201')).toBeInTheDocument();

    const failed = await rowOf('POST /v1/refunds');
    expect(failed.getByText('Pagamenti')).toBeInTheDocument();
    expect(failed.getByText('1234 ms')).toBeInTheDocument();
    expect(failed.getByText('Errore').closest('[data-ok]')).toHaveAttribute('data-ok', 'false');
    expect(failed.getByText('503')).toBeInTheDocument();
    expect(failed.getByText('temporarily unavailable: status 503')).toBeInTheDocument();

    const mail = await rowOf('SMTP send');
    expect(mail.getByText('Posta')).toBeInTheDocument();
    // No HTTP status for the SMTP server.
    expect(mail.getAllByText('—')).toHaveLength(1);

    for (const header of ['Ora', 'Servizio', 'Operazione', 'Durata', 'Esito', 'Stato HTTP', 'Errore']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const query = lastQuery(fetchMock);
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['started_at', 'DESC']);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({});
  });

  it('filters by service, outcome and a text searched in the operation and the error', async () => {
    const { fetchMock } = logApi([issued, refused]);
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await rowOf('POST /v1/refunds');
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    const services = await screen.findByRole('listbox');
    expect(within(services).getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Ticketing system', 'Payments', 'Mail']),
    );
    await user.click(within(services).getByRole('option', { name: 'Payments' }));
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Error' }));
    await user.type(screen.getByPlaceholderText('Search operation or error'), 'refunds');

    await waitFor(() =>
      expect(JSON.parse(lastQuery(fetchMock).get('filter') ?? '')).toEqual({
        service: 'payments',
        outcome: 'error',
        q: 'refunds',
      }),
    );
  });

  it('sorts by duration, slowest first', async () => {
    const { fetchMock } = logApi([issued, refused]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await rowOf('POST /v1/refunds');
    await user.click(screen.getByRole('button', { name: 'Ordina per durata decrescente' }));

    await waitFor(() => expect(JSON.parse(lastQuery(fetchMock).get('sort') ?? '')).toEqual(['duration_ms', 'DESC']));
  });

  it('cuts a long error to two lines, all of it on hover and on demand', async () => {
    logApi([unsent]);
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const row = await rowOf('SMTP send');
    const error = row.getByTestId('call-error');
    expect(error).toHaveTextContent(LONG_ERROR);
    expect(error).toHaveAttribute('title', LONG_ERROR);
    expect(error).toHaveStyle({ overflow: 'hidden' });
    const more = row.getByRole('button', { name: 'Mostra tutto' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);

    expect(error).not.toHaveAttribute('title');
    expect(error).not.toHaveStyle({ overflow: 'hidden' });
    expect(row.getByRole('button', { name: 'Mostra meno' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('reads the log again every 10 s once asked to, and stops when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { routes, fetchMock } = logApi([refused]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminApp(PAGE, { locale: 'en' });

    await rowOf('POST /v1/refunds');
    const toggle = screen.getByRole('switch', { name: 'Refresh every 10 s' });
    expect(toggle).not.toBeChecked();
    const before = listCalls(fetchMock).length;
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(listCalls(fetchMock).length).toBe(before);

    await user.click(toggle);
    routes[CALLS] = listRoute('service-calls', [issued, refused]);
    await act(() => vi.advanceTimersByTimeAsync(10_500));

    expect(await screen.findByText('POST /api/Biglietto/EmettiEsteso')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Refresh every 10 s' }));
    const settled = listCalls(fetchMock).length;
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(listCalls(fetchMock).length).toBe(settled);
  });

  it('opens on the filter given in its address, and says in our words when the API refuses it', async () => {
    const { fetchMock } = logApi([], {
      [CALLS]: {
        status: 400,
        body: { code: 'invalid_query', message: 'The outcome filter is not valid', errors: { outcome: 'invalid_filter' } },
      },
    });
    renderAdminApp(`${PAGE}?filter=${encodeURIComponent(JSON.stringify({ outcome: 'maybe' }))}`, { locale: 'en' });

    expect(await screen.findByText("The request is not valid: check the page's filters.")).toBeInTheDocument();
    expect(screen.queryByText('The outcome filter is not valid')).not.toBeInTheDocument();
    expect(JSON.parse(lastQuery(fetchMock).get('filter') ?? '')).toEqual({ outcome: 'maybe' });
  });
});
