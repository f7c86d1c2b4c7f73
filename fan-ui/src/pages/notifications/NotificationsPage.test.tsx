import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, aNotification } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';

beforeAll(async () => {
  await import('./NotificationsPage');
});

const items = [
  aNotification(),
  aNotification({ id: 'n-2', params: { fixture: 'Como - Inter', count: 1 } }),
  aNotification({ id: 'n-3', kind: 'order_refunded', read: true }),
  aNotification({ id: 'n-4', kind: 'issue_failed', params: { fixture: 'Como - Milan' }, read: true }),
];

describe('/notifications', () => {
  it('says each notification in the fan\'s words and marks them all read', async () => {
    const api = stubApi({
      'GET /api/me': { body: aFan() },
      'GET /api/notifications': { body: { items, unread: 2 } },
      'POST /api/notifications/read': { status: 204 },
    });
    renderWithProviders(<AppRoutes />, { route: '/notifications' });

    const first = await screen.findByTestId('notification-n-1');
    expect(first).toHaveTextContent('I tuoi 2 biglietti per Como - Lazio sono pronti');
    expect(within(first).getByText('Nuova')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Apri il wallet' })).toHaveAttribute('href', '/wallet/');
    expect(screen.getByTestId('notification-n-2')).toHaveTextContent('Il tuo biglietto per Como - Inter è pronto');
    expect(screen.getByTestId('notification-n-3')).toHaveTextContent('Il tuo ordine per Como - Lazio è stato rimborsato');
    expect(within(screen.getByTestId('notification-n-3')).queryByText('Nuova')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-n-4')).toHaveTextContent(
      'Non siamo riusciti a emettere i biglietti per Como - Milan: la biglietteria li emetterà di nuovo o ti rimborserà',
    );
    await waitFor(() => expect(api.callsTo('POST /api/notifications/read')).toHaveLength(1));
    expect(api.callsTo('POST /api/notifications/read')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // Still marked new while the page is open.
    expect(within(first).getByText('Nuova')).toBeInTheDocument();
  });

  it('asks nothing more when everything is read already, and says when there is nothing', async () => {
    const api = stubApi({ 'GET /api/me': { body: aFan() }, 'GET /api/notifications': { body: { items: [], unread: 0 } } });
    renderWithProviders(<AppRoutes />, { route: '/notifications' });

    expect(await screen.findByText('Nessuna notifica per ora.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/notifications/read')).toHaveLength(0);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubApi({
      'GET /api/me': { body: aFan() },
      'GET /api/notifications': { body: { items, unread: 2 } },
      'POST /api/notifications/read': { status: 204 },
    });
    renderWithProviders(<AppRoutes />, { route: '/notifications' });

    expect(await screen.findByTestId('notification-n-1')).toHaveTextContent('Your 2 tickets for Como - Lazio are ready');
    expect(screen.getByTestId('notification-n-2')).toHaveTextContent('Your ticket for Como - Inter is ready');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  });
});
