import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import type { Price, Sector } from '../../../api-types';

const intero: Price = {
  id: 'TC:1',
  sector_code: 'TC',
  sector_name: 'Tribuna Centrale',
  reduction_id: 1,
  reduction_code: 'INTERO',
  reduction_name: 'Intero',
  rule: 'anyone',
  price_cents: 6000,
};
const ridotto: Price = { ...intero, id: 'TC:2', reduction_id: 2, reduction_code: 'U14', reduction_name: 'Under 14', rule: 'under_14', price_cents: 2550 };
const sectors: Sector[] = [
  { id: 'TC', code: 'TC', name: 'Tribuna Centrale', away: false, no_map: false, capacity: 1800, blocks: 6 },
  { id: 'CU', code: 'CU', name: 'Curva', away: false, no_map: true, capacity: 3000, blocks: 4 },
];

function pricesApi(extra = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/sectors': listRoute('sectors', sectors),
    '/api/admin/prices': listRoute('prices', [intero, ridotto]),
    '/api/admin/prices/TC%3A1': { body: intero },
    ...extra,
  });
}

describe('default prices', () => {
  it('lists prices in euros at /admin/stadium/ticketprice, filtered by sector', async () => {
    const fetchMock = pricesApi();
    const user = userEvent.setup();
    renderAdminApp('/stadium/ticketprice');

    const row = (await screen.findByText('Intero (INTERO)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('TC · Tribuna Centrale')).toBeInTheDocument();
    expect(within(row).getByText('60,00 €')).toBeInTheDocument();
    expect(screen.getByText('25,50 €')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Prezzi predefiniti' }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: 'Settore' }));
    await user.click(await screen.findByRole('option', { name: 'CU · Curva' }));
    await waitFor(() => {
      const listCalls = fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/admin/prices');
      const filter = urlOf(listCalls.at(-1)?.[0] ?? '').searchParams.get('filter');
      expect(JSON.parse(filter ?? '{}')).toEqual({ sector_code: 'CU' });
    });
  });

  it('shows a price in euros for editing and sends the new one in cents', async () => {
    const fetchMock = pricesApi({ 'PUT /api/admin/prices/TC%3A1': { body: { ...intero, price_cents: 6550 } } });
    const user = userEvent.setup();
    renderAdminApp('/prices/TC%3A1');

    const input = await screen.findByRole('textbox', { name: /Prezzo/ });
    expect(input).toHaveValue('60,00');
    // Prices come from the ticketing system: there is nothing to delete.
    expect(screen.queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '65,5');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Prezzo aggiornato')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(urlOf(put?.[0] ?? '').pathname).toBe('/api/admin/prices/TC%3A1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ price_cents: 6550 });
    expect(new Headers(put?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // Back on the list, where it lives.
    expect(await screen.findByText('Intero (INTERO)')).toBeInTheDocument();
  });

  it.each([
    ['10000,01', 'Il prezzo deve essere tra 0 e 10.000 €.'],
    ['-1', 'Il prezzo deve essere tra 0 e 10.000 €.'],
    ['sessanta', 'Scrivi un importo in euro, per esempio 65 oppure 65,50.'],
    ['', 'Obbligatorio'],
  ])('refuses %j before calling the API', async (typed, message) => {
    const fetchMock = pricesApi();
    const user = userEvent.setup();
    renderAdminApp('/prices/TC%3A1');

    const input = await screen.findByRole('textbox', { name: /Prezzo/ });
    await user.clear(input);
    if (typed !== '') {
      await user.type(input, typed);
    }
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('takes 10,000 € exactly, typed the English way', async () => {
    const fetchMock = pricesApi({ 'PUT /api/admin/prices/TC%3A1': { body: { ...intero, price_cents: 1_000_000 } } });
    const user = userEvent.setup();
    renderAdminApp('/prices/TC%3A1', { locale: 'en' });

    const input = await screen.findByRole('textbox', { name: /Price/ });
    expect(input).toHaveValue('60.00');
    await user.clear(input);
    await user.type(input, '10000.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Price updated')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ price_cents: 1_000_000 });
  });
});
