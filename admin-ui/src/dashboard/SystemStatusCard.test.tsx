import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Health } from '../api/health';
import { renderAdminApp, renderInAdmin, STAFF_ME, stubFetch } from '../test/render';
import { SystemStatusCard } from './SystemStatusCard';

const healthy: Health = {
  status: 'ok',
  database: { ok: true },
  migrations: { ok: true, applied: 3, pending: 0 },
  jobs: { ok: true, pending: 2, running: 1, failed: 0, dead: 0 },
};

function chipIn(testId: string) {
  return within(screen.getByTestId(testId))
    .getAllByText(/^(OK|Guasto|Down)$/)
    .map((label) => label.closest('.MuiChip-root'))[0];
}

describe('SystemStatusCard', () => {
  it('shows green chips and the queue counts when the system is healthy', async () => {
    const fetchMock = stubFetch({ '/api/health': { body: healthy } });
    renderInAdmin(<SystemStatusCard />);

    expect(await screen.findByText('Tutto funziona')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stato del sistema' })).toBeInTheDocument();
    expect(chipIn('health-database')).toHaveClass('MuiChip-colorSuccess');
    expect(chipIn('health-migrations')).toHaveClass('MuiChip-colorSuccess');
    expect(chipIn('health-jobs')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('3 applicate, 0 da applicare')).toBeInTheDocument();
    expect(screen.getByText('In attesa: 2')).toBeInTheDocument();
    expect(screen.getByText('In esecuzione: 1')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('reads the 503 report and shows what is down in red', async () => {
    stubFetch({
      '/api/health': {
        status: 503,
        body: {
          ...healthy,
          status: 'degraded',
          database: { ok: false },
          jobs: { ok: false, pending: 0, running: 0, failed: 4, dead: 1 },
        },
      },
    });
    renderInAdmin(<SystemStatusCard />, { locale: 'en' });

    expect(await screen.findByText('Degraded')).toBeInTheDocument();
    expect(chipIn('health-database')).toHaveClass('MuiChip-colorError');
    expect(within(screen.getByTestId('health-database')).getByText('Down')).toBeInTheDocument();
    expect(chipIn('health-migrations')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('Failed: 4').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByText('Dead: 1').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
  });

  it('leads to the service status page, which checks the outside systems too', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/health': { body: healthy },
      '/api/admin/system': { body: { job_board_url: 'http://127.0.0.1:8090/', sim_mailbox_url: null } },
    });
    renderAdminApp('/', { locale: 'en' });

    const status = within(await screen.findByRole('region', { name: 'System status' }));
    expect(status.getByRole('link', { name: 'See the service status' })).toHaveAttribute('href', '/admin/service-status');
  });

  it('says so when the health check cannot be reached', async () => {
    stubFetch({ '/api/health': new TypeError('Failed to fetch') });
    renderInAdmin(<SystemStatusCard />);

    expect(await screen.findByText('Impossibile leggere lo stato del sistema.')).toBeInTheDocument();
  });
});
