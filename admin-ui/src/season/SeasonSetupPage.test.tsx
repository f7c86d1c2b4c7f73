import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, urlOf } from '../test/render';
import type { Block, Sector } from '../../../api-types';

const sectors: Sector[] = [
  { id: 'TC', code: 'TC', name: 'Tribuna Centrale', away: false, no_map: false, capacity: 1800, blocks: 2 },
  { id: 'PRATO', code: 'PRATO', name: 'Prato', away: false, no_map: true, capacity: 500, blocks: 1 },
];
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
const prato: Block = { ...blockA, id: 40, code: 'P1', sector_code: 'PRATO', gate: 'Varco 9', no_map: true, season_sellable: false };

function blocksApi(extra = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/sectors': listRoute('sectors', sectors),
    '/api/admin/blocks': listRoute('blocks', [blockA, prato]),
    '/api/admin/blocks/3': { body: blockA },
    ...extra,
  });
}

describe('season setup', () => {
  it('turns the season sale of a block on with one click at /admin/stadium/season', async () => {
    const fetchMock = blocksApi({ 'PUT /api/admin/blocks/40': { body: { ...prato, season_sellable: true } } });
    const user = userEvent.setup();
    renderAdminApp('/stadium/season');

    const toggle = await screen.findByRole('switch', { name: 'Abbonamenti in vendita nel blocco PRATO P1' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Abbonamenti in vendita nel blocco TC A' })).toBeChecked();
    expect(screen.getAllByText('Stadio per gli abbonamenti').length).toBeGreaterThan(0);
    await user.click(toggle);

    expect(await screen.findByText('Blocco PRATO P1: abbonamenti in vendita')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(urlOf(put?.[0] ?? '').pathname).toBe('/api/admin/blocks/40');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ gate: 'Varco 9', season_sellable: true });
  });

  it('leaves the switch as it was and says why when the API refuses, in English', async () => {
    blocksApi({
      'PUT /api/admin/blocks/3': { status: 403, body: { code: 'forbidden', message: 'Admins only', errors: {} } },
    });
    const user = userEvent.setup();
    renderAdminApp('/stadium/season', { locale: 'en' });

    const toggle = await screen.findByRole('switch', { name: 'Season tickets on sale in block TC A' });
    await user.click(toggle);

    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});
