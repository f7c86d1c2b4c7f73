import { screen, waitFor, within } from '@testing-library/react';
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

const lastListFilter = (fetchMock: ReturnType<typeof stubFetch>) => {
  const calls = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/admin/blocks');
  return JSON.parse(urlOf(calls.at(-1)?.[0] ?? '').searchParams.get('filter') ?? '{}') as unknown;
};

describe('blocks', () => {
  it('lists every block with its sector at /admin/stadium/blocks, and filters by sector', async () => {
    const fetchMock = blocksApi();
    const user = userEvent.setup();
    renderAdminApp('/stadium/blocks');

    const row = (await screen.findByText('Varco 1')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Tribuna Centrale')).toBeInTheDocument();
    expect(within(row).getByText('A')).toBeInTheDocument();
    expect(within(row).getByText('300')).toBeInTheDocument();
    for (const header of ['Settore', 'Blocco', 'Varco', 'Capienza', 'File', 'Posti per fila', 'Vendibile in abbonamento']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('combobox', { name: 'Settore' }));
    await user.click(await screen.findByRole('option', { name: 'PRATO · Prato' }));
    await waitFor(() => expect(lastListFilter(fetchMock)).toEqual({ sector_code: 'PRATO' }));
  });

  it('saves the gate and the season sale, and nothing else', async () => {
    const fetchMock = blocksApi({ 'PUT /api/admin/blocks/3': { body: { ...blockA, gate: 'Varco 2', season_sellable: false } } });
    const user = userEvent.setup();
    renderAdminApp('/blocks/3');

    const gate = await screen.findByRole('textbox', { name: 'Varco' });
    expect(gate).toHaveValue('Varco 1');
    expect(screen.queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    await user.clear(gate);
    await user.type(gate, 'Varco 2');
    await user.click(screen.getByRole('switch', { name: /Vendibile in abbonamento/ }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Blocco aggiornato')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(urlOf(put?.[0] ?? '').pathname).toBe('/api/admin/blocks/3');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ gate: 'Varco 2', season_sellable: false });
  });
});
