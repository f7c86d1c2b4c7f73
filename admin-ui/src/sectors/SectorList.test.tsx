import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { Block, Sector } from '../../../api-types';

const tribuna: Sector = {
  id: 'TC',
  code: 'TC',
  name: 'Tribuna Centrale',
  away: false,
  no_map: false,
  capacity: 1800,
  blocks: 6,
};
const ospiti: Sector = { id: 'OS', code: 'OS', name: 'Settore Ospiti', away: true, no_map: false, capacity: 900, blocks: 2 };

const blockA: Block = {
  id: 3,
  code: 'A',
  sector_code: 'TC',
  gate: 'Varco 1',
  capacity: 300,
  rows: 12,
  seats_per_row: 25,
  no_map: false,
  away: false,
  season_sellable: true,
};

describe('the sectors page', () => {
  it('lists the sectors from the API at /admin/stadium/sectors', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/sectors': listRoute('sectors', [tribuna, ospiti]),
    });
    renderAdminApp('/stadium/sectors');

    const row = (await screen.findByText('Tribuna Centrale')).closest('tr') as HTMLElement;
    expect(within(row).getByText('TC')).toBeInTheDocument();
    // In the browser's own number format.
    expect(within(row).getByText(/^1[.,]800$/)).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    const away = (screen.getByText('Settore Ospiti').closest('tr') as HTMLElement).querySelectorAll('[data-testid]');
    expect([...away].map((icon) => icon.getAttribute('data-testid'))).toEqual(['true', 'false']);
    for (const header of ['Codice', 'Nome', 'Capienza', 'Blocchi', 'Ospiti', 'Senza mappa']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const list = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === '/api/admin/sectors');
    expect(list).toBeDefined();
  });

  it('imports the venue and says how much came in', async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/sectors': listRoute('sectors', [tribuna]),
      'POST /api/admin/venue/import': { body: { sectors: 8, blocks: 40, seats: 12060 } },
    });
    const user = userEvent.setup();
    renderAdminApp('/stadium/sectors');

    await user.click(await screen.findByRole('button', { name: 'Importa lo stadio dal sistema di biglietteria' }));

    expect(await screen.findByText('Stadio importato: 8 settori, 40 blocchi, 12060 posti.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe('/api/admin/venue/import');
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
  });

  it('says so in English when the import fails', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/sectors': listRoute('sectors', [tribuna]),
      'POST /api/admin/venue/import': { status: 502, body: { code: 'ticketing_unavailable', message: 'Upstream', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/stadium/sectors', { locale: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Import the venue from the ticketing system' }));

    expect(await screen.findByText('Could not import the venue. Please try again shortly.')).toBeInTheDocument();
  });

  it("shows a sector's blocks on its page", async () => {
    const fetchMock = stubFetch({
      '/api/me': { body: STAFF_ME },
      '/api/admin/sectors/TC': { body: tribuna },
      '/api/admin/blocks': listRoute('blocks', [blockA, { ...blockA, id: 4, code: 'B', gate: 'Varco 2' }]),
    });
    renderAdminApp('/sectors/TC/show');

    expect(await screen.findByText('Varco 2')).toBeInTheDocument();
    expect(screen.getAllByText('Tribuna Centrale').length).toBeGreaterThan(0);
    expect(screen.getByText('Varco 1')).toBeInTheDocument();
    const blocksCall = fetchMock.mock.calls.find(([input]) => urlOf(input).pathname === '/api/admin/blocks');
    expect(JSON.parse(urlOf(blocksCall?.[0] ?? '').searchParams.get('filter') ?? '')).toEqual({ sector_code: 'TC' });
  });
});
