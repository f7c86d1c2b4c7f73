import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { renderWithProviders, stubApi } from '../../test/render';
import en from './content/en';
import it_ from './content/it';
import { INFO_PAGES } from './content/types';

beforeAll(async () => {
  await import('./InfoPage');
});

describe('the information pages', () => {
  it.each([
    ['/privacy', 'Informativa sulla privacy'],
    ['/terms', 'Condizioni di vendita'],
    ['/cookies', 'Informativa sui cookie'],
    ['/contacts', 'Contatti'],
    ['/help', 'Aiuto'],
  ])('%s shows its page in Italian', async (route, title) => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('answers the FAQ on buying, named tickets, the supporter card and refunds', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/help' });

    await screen.findByRole('heading', { level: 1, name: 'Aiuto' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Comprare i biglietti',
      'Biglietti nominativi',
      'Tessera del tifoso',
      'Rimborsi',
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Posso restituire un biglietto?' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/privacy' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    const contact = screen.getByRole('link', { name: 'biglietteria@lario.test' });
    expect(contact).toHaveAttribute('href', 'mailto:biglietteria@lario.test');
    expect(within(screen.getByTestId('info-privacy')).getByText(/Last updated:/)).toBeInTheDocument();
  });

  it('has every page in both languages, with as many sections', () => {
    for (const page of INFO_PAGES) {
      expect(en[page].sections.length).toBe(it_[page].sections.length);
      expect(en[page].sections.map((section) => section.faq?.length ?? 0)).toEqual(
        it_[page].sections.map((section) => section.faq?.length ?? 0),
      );
    }
  });
});
