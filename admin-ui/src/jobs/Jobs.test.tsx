import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { JobRow, QueueCounts } from '../../../api-types';

const JOBS = '/api/admin/jobs';
const DEAD_ID = '01JDA8Z3X4Y5W6V7T8S9R0QPNM';

const dead: JobRow = {
  id: DEAD_ID,
  queue: 'mail',
  status: 'dead',
  attempts: 8,
  max_attempts: 8,
  last_error: 'smtp: 550 mailbox unavailable for luca@example.it after eight attempts in a row',
  run_at: '2026-11-24T17:05:00Z',
  done_at: '2026-11-24T17:20:00Z',
  lock_by: null,
  payload: { email_id: 42, template: 'send-finalized-fixture-ticket-email' },
};
const retrying: JobRow = {
  ...dead,
  id: '01JDA8Z3X4Y5W6V7T8S9R0QPNA',
  queue: 'checkout::issue_order',
  status: 'retrying',
  attempts: 3,
  last_error: 'ticketing: 503 Service Unavailable',
  done_at: null,
};
const pending: JobRow = { ...retrying, id: '01JDA8Z3X4Y5W6V7T8S9R0QPNB', queue: 'custom::other', status: 'pending', attempts: 0, last_error: null };
const running: JobRow = { ...retrying, id: '01JDA8Z3X4Y5W6V7T8S9R0QPNC', status: 'running', lock_by: 'worker-1' };
const finished: JobRow = { ...retrying, id: '01JDA8Z3X4Y5W6V7T8S9R0QPND', status: 'done', last_error: null };

const queues: QueueCounts[] = [{ id: 'mail', pending: 0, running: 0, retrying: 0, dead: 1, done: 340 }];

type Routes = Parameters<typeof stubFetch>[0];

function jobsApi(rows: JobRow[], extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/system': { body: { job_board_url: 'http://127.0.0.1:8090/', sim_mailbox_url: null } },
    '/api/admin/job-queues': listRoute('job-queues', queues),
    [JOBS]: listRoute('jobs', rows),
    [`${JOBS}/${DEAD_ID}`]: { body: dead },
    ...extra,
  });
}

const listCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === JOBS);
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const rowOf = async (id: string) => (await screen.findByText(id)).closest('tr') as HTMLElement;

describe('the jobs list', () => {
  it('lists the jobs newest first, by our name for their queue, with status, attempts and last error', async () => {
    const fetchMock = jobsApi([dead, retrying, pending]);
    renderAdminApp('/jobs');

    const row = within(await rowOf(DEAD_ID));
    expect(row.getByText('Invio delle e-mail')).toHaveAttribute('title', 'mail');
    expect(row.getByText('Esaurito').closest('[data-status]')).toHaveAttribute('data-status', 'dead');
    expect(row.getByText('8 / 8')).toBeInTheDocument();
    // Two lines in the list; the whole error on hover and on the job's page.
    expect(row.getByText(dead.last_error ?? '')).toHaveAttribute('title', dead.last_error);
    // 17:05 UTC on 24 November is 18:05 in Como.
    expect(row.getByText('24/11/26, 18:05:00')).toBeInTheDocument();
    expect(row.getByText('24/11/26, 18:20:00')).toBeInTheDocument();
    // A queue we have no name for keeps its own.
    expect(within(await rowOf(pending.id as string)).getByText('custom::other')).toBeInTheDocument();
    for (const header of ['Coda e ID', 'Stato', 'Tentativi', 'Ultimo errore', 'Esecuzione', 'Concluso il']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['run_at', 'DESC']);
  });

  it('filters by queue and status', async () => {
    const fetchMock = jobsApi([dead]);
    const user = userEvent.setup();
    renderAdminApp('/jobs', { locale: 'en' });

    await rowOf(DEAD_ID);
    await user.click(screen.getByRole('combobox', { name: 'Queue' }));
    await user.click(await screen.findByRole('option', { name: 'Sending e-mails (mail)' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Dead' }));

    await waitFor(() => {
      const query = urlOf(listCalls(fetchMock).at(-1)?.[0] ?? '').searchParams;
      expect(JSON.parse(query.get('filter') ?? '')).toEqual({ queue: 'mail', status: 'dead' });
    });
  });

  it('links to the live job board in a new tab', async () => {
    jobsApi([dead]);
    renderAdminApp('/jobs');

    const board = await screen.findByRole('link', { name: /Apri la bacheca dei job/ });
    expect(board).toHaveAttribute('href', 'http://127.0.0.1:8090/');
    expect(board).toHaveAttribute('target', '_blank');
    expect(board).toHaveAccessibleName(/si apre in una nuova scheda/);
  });

  it('offers retry for dead and retrying jobs, discard for pending and retrying ones, neither for the others', async () => {
    jobsApi([dead, retrying, pending, running, finished]);
    renderAdminApp('/jobs');

    const enabled = async (id: string) => {
      const row = within(await rowOf(id));
      return [
        row.getByRole('button', { name: 'Riprova' }).hasAttribute('disabled'),
        row.getByRole('button', { name: 'Scarta' }).hasAttribute('disabled'),
      ].map((disabled) => !disabled);
    };
    expect(await enabled(DEAD_ID)).toEqual([true, false]);
    expect(await enabled(retrying.id as string)).toEqual([true, true]);
    expect(await enabled(pending.id as string)).toEqual([false, true]);
    expect(await enabled(running.id as string)).toEqual([false, false]);
    expect(await enabled(finished.id as string)).toEqual([false, false]);
  });

  it('retries a job after a confirmation, with POST .../retry, and reads the list again', async () => {
    const fetchMock = jobsApi([dead], {
      [`POST ${JOBS}/${DEAD_ID}/retry`]: { body: { ...dead, status: 'pending', attempts: 0 } },
    });
    const user = userEvent.setup();
    renderAdminApp('/jobs');

    await user.click(within(await rowOf(DEAD_ID)).getByRole('button', { name: 'Riprova' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Riprovare il lavoro ${DEAD_ID}?`)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Il lavoro «Invio delle e-mail» viene eseguito di nuovo adesso, con i tentativi azzerati. Per l'emissione di un ordine, l'ordine torna prima in emissione.",
      ),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Lavoro rimesso in coda: viene eseguito adesso.')).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(1);
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`${JOBS}/${DEAD_ID}/retry`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
    // Neither the button nor the confirmation opened the row's page.
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${JOBS}/${DEAD_ID}`)).toBe(false);
  });

  it('discards a job after a confirmation, with POST .../discard, in English', async () => {
    const fetchMock = jobsApi([retrying], {
      [`POST ${JOBS}/${retrying.id}/discard`]: { body: { ...retrying, status: 'dead', last_error: 'discarded by staff' } },
    });
    const user = userEvent.setup();
    renderAdminApp('/jobs', { locale: 'en' });

    await user.click(within(await rowOf(retrying.id as string)).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Discard job ${retrying.id}?`)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The "Issuing orders" job will not run again: it stays in the list as dead, and can still be retried.',
      ),
    ).toBeInTheDocument();
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Job discarded: it will not run again.')).toBeInTheDocument();
    expect(urlOf(posts(fetchMock)[0]?.[0] ?? '').pathname).toBe(`${JOBS}/${retrying.id}/discard`);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const fetchMock = jobsApi([retrying]);
    const user = userEvent.setup();
    renderAdminApp('/jobs');

    await user.click(within(await rowOf(retrying.id as string)).getByRole('button', { name: 'Scarta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it.each([
    [
      'it',
      'Riprova',
      'Conferma',
      'retry',
      'job_not_retryable',
      'Questo lavoro non si può riprovare: si riprova solo un lavoro esaurito o in attesa di riprova.',
    ],
    [
      'en',
      'Retry',
      'Confirm',
      'retry',
      'job_not_retryable',
      'This job cannot be retried: only a dead or retrying job can.',
    ],
    [
      'it',
      'Scarta',
      'Conferma',
      'discard',
      'job_not_discardable',
      'Questo lavoro non si può scartare: si scarta solo un lavoro in attesa o in attesa di riprova.',
    ],
    [
      'en',
      'Discard',
      'Confirm',
      'discard',
      'job_not_discardable',
      'This job cannot be discarded: only a pending or retrying job can.',
    ],
  ] as const)('in %s, says in its own words when %s is refused (409)', async (locale, action, confirm, path, code, message) => {
    const fetchMock = jobsApi([retrying], {
      [`POST ${JOBS}/${retrying.id}/${path}`]: { status: 409, body: { code, message: 'Conflict', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/jobs', { locale });

    await user.click(within(await rowOf(retrying.id as string)).getByRole('button', { name: action }));
    const listsBefore = listCalls(fetchMock).length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: confirm }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
    // The job has moved on: the list is read again to show where it is now.
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
  });
});

describe("a job's page", () => {
  it('shows the whole last error and the payload as indented JSON, with the same actions', async () => {
    const fetchMock = jobsApi([dead], {
      [`POST ${JOBS}/${DEAD_ID}/retry`]: { body: { ...dead, status: 'pending', attempts: 0 } },
    });
    const user = userEvent.setup();
    renderAdminApp(`/jobs/${DEAD_ID}/show`);

    expect(await screen.findByText(dead.last_error ?? '')).toBeInTheDocument();
    expect(screen.getByText('mail')).toBeInTheDocument();
    expect(screen.getByTestId('job-payload').textContent).toBe(JSON.stringify(dead.payload, null, 2));
    expect(screen.getByRole('button', { name: 'Scarta' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Lavoro rimesso in coda: viene eseguito adesso.')).toBeInTheDocument();
    expect(urlOf(posts(fetchMock)[0]?.[0] ?? '').pathname).toBe(`${JOBS}/${DEAD_ID}/retry`);
  });
});
