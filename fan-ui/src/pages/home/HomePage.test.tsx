import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFixture } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';

beforeAll(async () => {
  await import('./HomePage');
});

describe('home', () => {
  it('shows the matches on sale and coming soon, not those off sale, with the way to all of them', async () => {
    stubApi({
      'GET /api/fixtures': {
        body: {
          items: [
            aFixture({ id: 7, title: 'Como - Lazio' }),
            aFixture({ id: 8, title: 'Como - Inter', status: 0 }),
            aFixture({ id: 9, title: 'Como - Milan', status: 2 }),
          ],
        },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/' });

    const section = await screen.findByRole('region', { name: 'Partite in vendita' });
    const list = await within(section).findByTestId('home-fixtures');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Como - Lazio',
      'Como - Inter',
    ]);
    expect(within(list).getByRole('link', { name: 'Scegli i posti per Como - Lazio' })).toHaveAttribute('href', '/selectedfixture/7');
    expect(within(section).getByRole('link', { name: 'Tutte le partite' })).toHaveAttribute('href', '/fixtures/all');
  });

  it('says so when no match is on sale', async () => {
    stubApi({ 'GET /api/fixtures': { body: { items: [] } } });
    renderWithProviders(<AppRoutes />, { route: '/' });

    expect(await screen.findByText('Al momento non ci sono partite in vendita: torna presto.')).toBeInTheDocument();
  });
});
