import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { QueueCounts } from '../../../api-types';

const queues: QueueCounts[] = [
  { id: 'checkout::issue_order', pending: 0, running: 1, retrying: 0, dead: 2, done: 13400 },
  { id: 'custom::other', pending: 4, running: 0, retrying: 0, dead: 0, done: 0 },
];

function queuesApi() {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/system': { body: { job_board_url: 'http://127.0.0.1:8090/', sim_mailbox_url: null } },
    '/api/admin/job-queues': listRoute('job-queues', queues),
    '/api/admin/jobs': listRoute('jobs', []),
  });
}

const jobsLink = (queue: string, status?: string) =>
  `/admin/jobs?filter=${encodeURIComponent(JSON.stringify(status === undefined ? { queue } : { queue, status }))}`;

describe('the job queues', () => {
  it('count each queue’s jobs by status, each count leading to those jobs', async () => {
    queuesApi();
    renderAdminApp('/job-queues');

    const row = within((await screen.findByText('Emissione degli ordini')).closest('tr') as HTMLElement);
    expect(row.getByText('checkout::issue_order')).toBeInTheDocument();
    expect(row.getByRole('link', { name: /Emissione degli ordini/ })).toHaveAttribute('href', jobsLink('checkout::issue_order'));
    expect(row.getByRole('link', { name: 'Vedi 2 lavori: Esaurito' })).toHaveAttribute(
      'href',
      jobsLink('checkout::issue_order', 'dead'),
    );
    expect(row.getByRole('link', { name: 'Vedi 1 lavoro: In esecuzione' })).toHaveAttribute(
      'href',
      jobsLink('checkout::issue_order', 'running'),
    );
    expect(row.getByText('13.400')).toBeInTheDocument();
    // No jobs, no link.
    expect(row.queryByRole('link', { name: /: In attesa$/ })).not.toBeInTheDocument();
    // A queue we have no name for keeps its own.
    expect(screen.getByRole('link', { name: 'custom::other' })).toHaveAttribute('href', jobsLink('custom::other'));
    for (const header of ['Coda', 'In attesa', 'In esecuzione', 'In attesa di riprova', 'Esauriti', 'Completati']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Apri la bacheca dei job/ })).toHaveAttribute('target', '_blank');
  });

  it('opens the dead jobs of a queue, in English', async () => {
    const fetchMock = queuesApi();
    const user = userEvent.setup();
    renderAdminApp('/job-queues', { locale: 'en' });

    await user.click(await screen.findByRole('link', { name: 'See 2 jobs: Dead' }));

    await screen.findByText('No Jobs found using the current filters.');
    const call = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/admin/jobs').at(-1);
    expect(JSON.parse(urlOf(call?.[0] ?? '').searchParams.get('filter') ?? '')).toEqual({
      queue: 'checkout::issue_order',
      status: 'dead',
    });
  });
});
