import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aFixture, aRenewalMailing, aSeasonTicket } from '../test/fixtures';
import { callsWith, expectColumns, jsonBody, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { RenewalMailing } from '../../../api-types';

const MAILINGS = '/api/admin/renewal-mailings';
const ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d20';
const MAILING = `${MAILINGS}/${ID}`;
const season = aSeasonTicket({ status: 1, inventory_ready: true });

const done = aRenewalMailing({ total: 40, sent: 40, skipped: 3 });
const queued: RenewalMailing = { ...done, state: 'queued', sent: 0, finished_at: null };
const running: RenewalMailing = { ...done, state: 'running', sent: 12, finished_at: null };
const failed = aRenewalMailing({
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d21',
  label: '2024-2025',
  state: 'failed',
  total: 900,
  sent: 450,
  skipped: 12,
  error: 'smtp: connection refused',
});

type Routes = Parameters<typeof stubFetch>[0];

function mailingsApi(extra: Routes = {}) {
  const routes: Routes = {
    '/api/me': { body: STAFF_ME },
    '/api/admin/season-tickets/3': { body: season },
    '/api/admin/season-tickets': listRoute('season-tickets', [season]),
    '/api/admin/phases': listRoute('phases', []),
    [MAILINGS]: listRoute('renewal-mailings', [done]),
    [MAILING]: { body: done },
    ...extra,
  };
  return { routes, fetchMock: stubFetch(routes) };
}

const mailingReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input).pathname === MAILING && init?.method === undefined);

describe('the renewal code e-mails', () => {
  it('lists the mailings with their progress, reading them again every two seconds while one is running', async () => {
    const { routes, fetchMock } = mailingsApi({ [MAILINGS]: listRoute('renewal-mailings', [running, failed]) });
    renderAdminApp('/preemption/renewal_mailings');

    expect(await screen.findByRole('heading', { name: 'Invio codici di rinnovo', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const row = await rowShowing('2025-2026');
    expectColumns(['Stagione', 'Stato', 'Avanzamento', 'Saltati', 'Avviato il', 'Concluso il', 'Errore']);
    expect(within(row).getByText('In corso').closest('[data-state]')).toHaveAttribute('data-state', 'running');
    expect(within(row).getByText('12 inviate su 40')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Avanzamento' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(row).getByTestId('renewal-mailing-skipped')).toHaveTextContent('3');

    const failedRow = await rowShowing('2024-2025');
    expect(within(failedRow).getByText('Non riuscito')).toBeInTheDocument();
    expect(within(failedRow).getByText('450 inviate su 900')).toBeInTheDocument();
    expect(within(failedRow).getByTestId('renewal-mailing-error')).toHaveTextContent('smtp: connection refused');
    expect(lastSort(fetchMock)).toEqual(['created_at', 'DESC']);

    routes[MAILINGS] = listRoute('renewal-mailings', [done, failed]);
    const doneRow = await rowShowing('2025-2026');
    expect(await within(doneRow).findByText('Concluso', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(await rowShowing('2025-2026')).getByText('40 inviate su 40')).toBeInTheDocument();
    const reads = listReads(fetchMock, MAILINGS).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(listReads(fetchMock, MAILINGS).length).toBe(reads);
  });

  it("opens a mailing's page, whose progress moves until it is done, in English too", async () => {
    const { fetchMock } = mailingsApi({ [MAILING]: [{ body: running }, { body: done }] });
    renderAdminApp(`/renewal-mailings/${ID}/show`, { locale: 'en' });

    expect(await screen.findByText('12 sent of 40', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '30');
    expect(await screen.findByRole('link', { name: 'Abbonamento 2026-27' })).toHaveAttribute('href', '/admin/season-tickets/3/show');
    expect(await screen.findByText('40 sent of 40', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Done').closest('[data-state]')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('renewal-mailing-skipped')).toHaveTextContent('3');
    const settled = mailingReads(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mailingReads(fetchMock).length).toBe(settled);
  });

  it("sends a season's codes from its sale phases after a confirmation, with POST {season_ticket_id, again}, then follows the mailing", async () => {
    const { fetchMock } = mailingsApi({
      [`POST ${MAILINGS}`]: { status: 202, body: queued },
      [MAILING]: [{ body: running }, { body: done }],
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases');

    await user.click(await screen.findByRole('button', { name: 'Invia i codici di rinnovo' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inviare i codici di rinnovo ai titolari?')).toBeInTheDocument();
    expect(within(dialog).getByText(/riceve un'e-mail con il proprio codice\. Chi l'ha già ricevuto viene escluso/)).toBeInTheDocument();
    const again = within(dialog).getByRole('checkbox', { name: "Invia di nuovo anche a chi l'ha già ricevuto" });
    expect(again).not.toBeChecked();
    expect(callsWith(fetchMock, 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    expect(await screen.findByText('Invio dei codici di rinnovo avviato: 40 e-mail da inviare.')).toBeInTheDocument();
    const [post, ...others] = callsWith(fetchMock, 'POST');
    expect(others).toHaveLength(0);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(MAILINGS);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(jsonBody(post)).toEqual({ season_ticket_id: 3, again: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The mailing just started, under the buttons: its progress moves, and a link opens its page.
    const started = screen.getByTestId('started-renewal-mailing');
    expect(within(started).getByRole('link', { name: "Vedi l'invio" })).toHaveAttribute('href', `/admin/renewal-mailings/${ID}/show`);
    expect(await within(started).findByText('Invio dei codici di rinnovo 2025-2026 concluso.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(started).getByText('40 inviate su 40')).toBeInTheDocument();

    await user.click(within(started).getByRole('link', { name: "Vedi l'invio" }));
    expect(await screen.findByText('Invio dei codici di rinnovo · 2025-2026')).toBeInTheDocument();
  });

  it('sends again to those already sent when ticked, and says a season ticket that is gone (404), in English', async () => {
    const { fetchMock } = mailingsApi({
      [`POST ${MAILINGS}`]: { status: 404, body: { code: 'target_not_found', message: 'No such season ticket', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show/phases', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Send renewal codes' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send again to those who already received it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The season ticket no longer exists.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'POST')[0])).toEqual({ season_ticket_id: 3, again: true });
    expect(screen.queryByTestId('started-renewal-mailing')).not.toBeInTheDocument();

    // The dialog closed; it opens again unticked.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send renewal codes' }));
    expect(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Send again to those who already received it' })).not.toBeChecked();
  });

  it("is not offered on a match's sale phases", async () => {
    mailingsApi({ '/api/admin/fixtures/7': { body: aFixture() }, '/api/admin/fixtures': listRoute('fixtures', [aFixture()]) });
    renderAdminApp('/fixtures/7/show/phases');

    expect(await screen.findByText('Nessuna fase di vendita, per ora.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importa dal sistema di biglietteria' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia i codici di rinnovo' })).not.toBeInTheDocument();
  });
});

function lastSort(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const query = urlOf(listReads(fetchMock, MAILINGS).at(-1)?.[0] ?? '').searchParams;
  return JSON.parse(query.get('sort') ?? 'null') as unknown;
}
