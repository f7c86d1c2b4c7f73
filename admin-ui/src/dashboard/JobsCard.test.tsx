import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin, stubFetch } from '../test/render';
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

  it('shows no mailbox link when the API gives none (production)', async () => {
    stubFetch({
      '/api/admin/system': { body: { job_board_url: 'https://jobs.example.org/', sim_mailbox_url: null } },
    });
    renderInAdmin(<JobsCard />, { locale: 'en' });

    expect(await screen.findByRole('link', { name: /Open the job board/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /mailbox/ })).not.toBeInTheDocument();
  });
});
