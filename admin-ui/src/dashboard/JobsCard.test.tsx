import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdminApp, renderInAdmin, STAFF_ME, stubFetch } from '../test/render';
import { JobsCard } from './JobsCard';

describe('JobsCard', () => {
  it('links to the job board and the simulator mailbox in new tabs', async () => {
    stubFetch({
      '/api/admin/system': {
        body: { job_board_url: 'http://127.0.0.1:8090/', sim_mailbox_url: 'http://127.0.0.1:9090/mail' },
      },
    });
    renderInAdmin(<JobsCard />);

    const board = await screen.findByRole('link', { name: /Apri la bacheca dei job/ });
    expect(board).toHaveAttribute('href', 'http://127.0.0.1:8090/');
    expect(board).toHaveAttribute('target', '_blank');
    expect(board).toHaveAttribute('rel', 'noopener noreferrer');
    expect(board).toHaveAccessibleName(/si apre in una nuova scheda/);
    const mailbox = screen.getByRole('link', { name: /Apri la casella del simulatore/ });
    expect(mailbox).toHaveAttribute('href', 'http://127.0.0.1:9090/mail');
  });

  it("leads to the jobs area under /admin, even when the tool addresses cannot be read", async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/health': {
        body: {
          status: 'ok',
          database: { ok: true },
          migrations: { ok: true, applied: 12, pending: 0 },
          jobs: { ok: true, pending: 0, running: 0, failed: 0, dead: 0 },
        },
      },
      '/api/admin/system': { status: 500, body: { code: 'internal', message: 'Internal error', errors: {} } },
    });
    renderAdminApp('/');

    const area = await screen.findByRole('link', { name: 'Vedi code e lavori' });
    expect(area).toHaveAttribute('href', '/admin/job-queues');
    expect(area).not.toHaveAttribute('target');
    expect(await screen.findByText('Impossibile leggere gli indirizzi degli strumenti.')).toBeInTheDocument();
  });

  it('shows no mailbox link when the API gives none (production)', async () => {
    stubFetch({
      '/api/admin/system': { body: { job_board_url: 'https://jobs.example.org/', sim_mailbox_url: null } },
    });
    renderInAdmin(<JobsCard />, { locale: 'en' });

    expect(await screen.findByRole('link', { name: /Open the job board/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /mailbox/ })).not.toBeInTheDocument();
  });
});
