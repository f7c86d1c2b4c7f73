import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { Export } from '../../../api-types';

const PAGE = '/customer_reports/consent';
const EXPORTS = '/api/admin/exports';

const written: Export = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4aa0',
  kind: 'customer_consent',
  fixture_id: null,
  fixture_title: null,
  state: 'done',
  rows_total: 5400,
  rows_done: 5400,
  progress: 100,
  file_name: 'consensi-2026-11-25.xlsx',
  size_bytes: 210_000,
  error: null,
  requested_by: 'privacy@lario.test',
  created_at: '2026-11-25T08:00:00Z',
  finished_at: '2026-11-25T08:00:09Z',
  expires_at: '2026-11-26T08:00:00Z',
};
const asked: Export = {
  ...written,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4aa1',
  state: 'queued',
  rows_total: null,
  rows_done: 0,
  progress: 0,
  size_bytes: null,
  requested_by: 'staff@lario.test',
  created_at: '2026-11-25T10:00:00Z',
  finished_at: null,
};

type Routes = Parameters<typeof stubFetch>[0];

function consentApi(rows: Export[], extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    [EXPORTS]: listRoute('exports', rows),
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === EXPORTS && init?.method === undefined);

describe('the customer consent page', () => {
  it('says what the sheet holds, and lists the latest consent exports only', async () => {
    const { fetchMock } = consentApi([written]);
    renderAdminApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Consensi dei clienti', level: 1 })).toBeInTheDocument();
    const contents = screen.getByRole('region', { name: 'Cosa contiene il foglio' });
    expect(within(contents).getByText('e-mail, nome e cognome;')).toBeInTheDocument();
    expect(
      within(contents).getByText('consenso al marketing, alla profilazione e alla cessione a terze parti: sì o no.'),
    ).toBeInTheDocument();
    expect(within(contents).getByText(/Contiene dati personali/)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Consensi clienti' })).toHaveClass('RaMenuItemLink-active');

    const row = within((await screen.findByText('privacy@lario.test')).closest('tr') as HTMLElement);
    expect(row.getByRole('button', { name: 'Scarica' })).toBeInTheDocument();
    expect(row.getByText('210 kB')).toBeInTheDocument();
    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ kind: 'customer_consent' });
    // The kind is this page's: no filter offers another.
    expect(screen.queryByRole('combobox', { name: 'Esportazione' })).not.toBeInTheDocument();
  });

  it('asks for the consent export, says it started, and shows it in the list as it is written', async () => {
    const { routes, fetchMock } = consentApi([written], {
      [`POST ${EXPORTS}`]: { status: 201, body: asked },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findByText('privacy@lario.test');
    routes[EXPORTS] = listRoute('exports', [asked, written]);
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));

    expect(
      await screen.findByText('Export "Customer consent" started: the file is being written in the background.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the exports' })).toHaveAttribute('href', '/admin/exports');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ kind: 'customer_consent' });
    // The list is read again and follows the new export.
    const row = within((await screen.findByText('staff@lario.test')).closest('tr') as HTMLElement);
    expect(row.getByText('Waiting to start')).toBeInTheDocument();
  });

  it('opens the exports list from the message', async () => {
    consentApi([written], { [`POST ${EXPORTS}`]: { status: 201, body: asked } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));
    await user.click(await screen.findByRole('link', { name: 'Vedi le esportazioni' }));

    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Esportazioni' })).toHaveClass('RaMenuItemLink-active'));
    // Following the link closed the message.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vedi le esportazioni' })).not.toBeInTheDocument());
  });
});
