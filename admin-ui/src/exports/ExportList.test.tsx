import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { Export } from '../../../api-types';

const EXPORTS = '/api/admin/exports';
const RUNNING_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a91';
const FILE = `${EXPORTS}/${RUNNING_ID}/file`;

const running: Export = {
  id: RUNNING_ID,
  kind: 'tickets',
  fixture_id: 7,
  fixture_title: 'Como - Lazio',
  state: 'running',
  rows_total: 1200,
  rows_done: 600,
  progress: 50,
  file_name: 'biglietti-2026-11-25.xlsx',
  size_bytes: null,
  error: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T09:00:00Z',
  finished_at: null,
  expires_at: '2026-11-26T09:00:00Z',
};
const done: Export = {
  ...running,
  state: 'done',
  rows_done: 1200,
  progress: 100,
  size_bytes: 48_213,
  finished_at: '2026-11-25T09:00:20Z',
};
const consents: Export = {
  ...done,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a92',
  kind: 'customer_consent',
  fixture_id: null,
  fixture_title: null,
  rows_total: 8,
  size_bytes: 6_100,
  file_name: 'consensi-2026-11-25.xlsx',
};
const failed: Export = {
  ...running,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a93',
  fixture_id: null,
  fixture_title: null,
  state: 'failed',
  error: 'database: connection reset while streaming the rows',
};
const queued: Export = {
  ...running,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a94',
  kind: 'locked_seats',
  fixture_id: 8,
  fixture_title: 'Como - Inter',
  state: 'queued',
  rows_total: null,
  rows_done: 0,
  progress: 0,
};

type Routes = Parameters<typeof stubFetch>[0];

function exportsApi(rows: Export[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [EXPORTS]: listRoute('exports', rows),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === EXPORTS);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** Catches the file the page hands to the browser, by the name it is saved under. */
function catchDownloads() {
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:export'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href.startsWith('blob:')) {
      saved.push(this.download);
    }
  });
  return saved;
}

describe('the exports list', () => {
  it('lists the exports newest first: what, for which match, who asked, state, size and expiry', async () => {
    const { fetchMock } = exportsApi([done, consents, failed]);
    renderAdminApp('/exports');

    const tickets = within(await rowOf('Como - Lazio'));
    expect(tickets.getByText('Biglietti emessi')).toBeInTheDocument();
    expect(tickets.getByText('staff@lario.test')).toBeInTheDocument();
    // 09:00 UTC on 25 November is 10:00 in Como; kept until the next day.
    expect(tickets.getByText('25/11/26, 10:00:00')).toBeInTheDocument();
    expect(tickets.getByText('26/11/26, 10:00:00')).toBeInTheDocument();
    expect(tickets.getByText('Pronta').closest('[data-state]')).toHaveAttribute('data-state', 'done');
    expect(tickets.getByText('48,2 kB')).toBeInTheDocument();
    expect(tickets.getByText('1200 righe')).toBeInTheDocument();
    expect(tickets.getByRole('button', { name: 'Scarica' })).toBeEnabled();

    const consent = within(await rowOf('Consensi dei clienti'));
    expect(consent.getByText('8 righe')).toBeInTheDocument();

    // Every match's tickets; a failed export says why, and has no file.
    const broken = within((await screen.findByText('Non riuscita')).closest('tr') as HTMLElement);
    expect(broken.getByText('Tutte le partite')).toBeInTheDocument();
    expect(broken.getByText(failed.error ?? '')).toHaveAttribute('title', failed.error);
    expect(broken.queryByRole('button', { name: 'Scarica' })).not.toBeInTheDocument();

    for (const header of ['Chiesta il', 'Esportazione', 'Stato', 'File', 'Dimensione', 'Scade il']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['created_at', 'DESC']);
  });

  it('shows the progress of an export being written, every second, until its bar turns into the download button', async () => {
    const { routes, fetchMock } = exportsApi([running, queued]);
    renderAdminApp('/exports');

    const row = within(await rowOf('Como - Lazio'));
    const bar = row.getByRole('progressbar', { name: 'Avanzamento' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50%');
    expect(row.getByText('50%')).toBeInTheDocument();
    expect(row.getByText('600 di 1200 righe')).toBeInTheDocument();
    expect(row.getByText('In preparazione')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Scarica' })).not.toBeInTheDocument();
    // Queued, its rows not counted yet: a moving bar.
    const waiting = within(await rowOf('Como - Inter'));
    expect(waiting.getByRole('progressbar', { name: 'Avanzamento' })).not.toHaveAttribute('aria-valuenow');
    expect(waiting.getByText('In attesa di partire')).toBeInTheDocument();

    routes[EXPORTS] = listRoute('exports', [done, { ...queued, state: 'failed', error: 'no such fixture' }]);
    expect(await screen.findByRole('button', { name: 'Scarica' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const settled = listCalls(fetchMock).length;
    expect(settled).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(listCalls(fetchMock).length).toBe(settled);
  });

  it('downloads a finished export with the session, under the name the API gives', async () => {
    const { fetchMock } = exportsApi([done], {
      [FILE]: {
        body: 'PK',
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="biglietti-2026-11-25.xlsx"',
        },
      },
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderAdminApp('/exports', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual(['biglietti-2026-11-25.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === FILE);
    expect(call?.[1]?.credentials).toBe('same-origin');
  });

  it.each([
    ['it', 'Scarica', 410, 'export_expired', 'Il file è scaduto e non si può più scaricare: chiedi una nuova esportazione.'],
    ['en', 'Download', 410, 'export_expired', 'The file has expired and can no longer be downloaded: ask for a new export.'],
    ['it', 'Scarica', 409, 'export_not_ready', "Il file non è pronto: l'esportazione è ancora in preparazione, oppure non è riuscita."],
    ['en', 'Download', 409, 'export_not_ready', 'The file is not ready: the export is still being written, or it failed.'],
  ] as const)('in %s, "%s" says in its own words why the file cannot be downloaded (%i)', async (locale, button, status, code, message) => {
    const { fetchMock } = exportsApi([done], {
      [FILE]: { status, body: { code, message: 'Refused by the API', errors: {} } },
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderAdminApp('/exports', { locale });

    await user.click(await screen.findByRole('button', { name: button }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Refused by the API')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
    // The list was out of date: it is read again.
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(1));
  });

  it.each([
    ['it', 'Richieste aziendali', 'Tessere del tifoso', 'Abbonamenti venduti', 'Abbonamenti in attesa'],
    ['en', 'Corporate requests', 'Supporter cards', 'Season tickets sold', 'Season tickets waiting'],
  ] as const)(
    'in %s, names the corporate requests, supporter cards and season exports, and filters by them',
    async (locale, companyRequests, fidelityCards, seasonTickets, seasonBacklog) => {
      const { fetchMock } = exportsApi([
        { ...consents, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a95', kind: 'company_requests', file_name: 'richieste-aziendali.xlsx' },
        { ...consents, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a96', kind: 'fidelity_cards', file_name: 'tessere.xlsx' },
        { ...consents, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a97', kind: 'season_tickets', file_name: 'abbonamenti.xlsx' },
        { ...consents, id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a98', kind: 'season_backlog', file_name: 'abbonamenti-in-attesa.xlsx' },
      ]);
      const user = userEvent.setup();
      renderAdminApp('/exports', { locale });

      // In the table, not the menu's entries of the same name.
      const table = within(await screen.findByRole('table'));
      expect(await table.findByText(companyRequests)).toBeInTheDocument();
      expect(table.getByText(fidelityCards)).toBeInTheDocument();
      expect(table.getByText(seasonTickets)).toBeInTheDocument();
      expect(table.getByText(seasonBacklog)).toBeInTheDocument();

      const kindFilter = () => screen.getByRole('combobox', { name: locale === 'it' ? 'Esportazione' : 'Export' });
      const lastFilter = () => JSON.parse(urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams.get('filter') ?? '') as unknown;
      await user.click(kindFilter());
      await user.click(await screen.findByRole('option', { name: fidelityCards }));
      await waitFor(() => expect(lastFilter()).toEqual({ kind: 'fidelity_cards' }));
      await user.click(kindFilter());
      await user.click(await screen.findByRole('option', { name: seasonBacklog }));
      await waitFor(() => expect(lastFilter()).toEqual({ kind: 'season_backlog' }));
    },
  );

  it('filters by kind and state', async () => {
    const { fetchMock } = exportsApi([done]);
    const user = userEvent.setup();
    renderAdminApp('/exports', { locale: 'en' });

    await rowOf('Como - Lazio');
    await user.click(screen.getByRole('combobox', { name: 'Export' }));
    await user.click(await screen.findByRole('option', { name: 'Customer consent' }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Ready' }));

    await waitFor(() => {
      const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ kind: 'customer_consent', state: 'done' });
    });
  });
});
