import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectColumns, lastListParam, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch } from '../test/render';
import type { SeasonHolder } from '../../../api-types';

const HOLDERS = '/api/admin/season-holders';

const holder: SeasonHolder = {
  id: 1,
  label: '2025-2026',
  first_name: 'Luca',
  last_name: 'Neri',
  birth_date: '1990-04-01',
  birth_province: 'CO',
  birth_place: 'Como',
  sex: 'M',
  fiscal_seal: 'A1B2C3D4E5F6',
  used_for: [7, 8],
  kind: 'SEASON',
  renewal_code: 'P1-123',
  seat_label: 'CC-CC1-3-12',
};
const abroad: SeasonHolder = {
  ...holder,
  id: 2,
  first_name: 'Anna',
  last_name: 'Bianchi',
  birth_province: 'EE',
  birth_place: 'Svizzera',
  sex: 'F',
  fiscal_seal: 'B2C3D4E5F6A1',
  used_for: [],
  kind: '',
  renewal_code: null,
  seat_label: null,
};

describe("last season's holders", () => {
  it('lists them with their birth, seal, season, renewal code and seat, and the matches their right was used for', async () => {
    stubFetch({ '/api/me': { body: STAFF_ME }, [HOLDERS]: listRoute('season-holders', [holder, abroad]) });
    renderAdminApp('/preemption/season_holders');

    const luca = (await screen.findByText('Neri Luca', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expectColumns(['Titolare', 'Nascita', 'Sigillo fiscale', 'Stagione', 'Promozione', 'Codice di rinnovo e posto', 'Diritto usato']);
    expect(within(luca).getByText('01/04/1990')).toBeInTheDocument();
    expect(within(luca).getByText('Como (CO)')).toBeInTheDocument();
    expect(within(luca).getByText('A1B2C3D4E5F6')).toBeInTheDocument();
    expect(within(luca).getByText('P1-123')).toBeInTheDocument();
    expect(within(luca).getByText('CC-CC1-3-12')).toBeInTheDocument();
    expect(within(luca).getByText('7, 8')).toBeInTheDocument();
    const anna = await rowShowing('Bianchi Anna');
    expect(within(anna).getByText('Svizzera (EE)')).toBeInTheDocument();
  });

  it('searches by seal, renewal code or surname, and narrows to a season, in English', async () => {
    const fetchMock = stubFetch({ '/api/me': { body: STAFF_ME }, [HOLDERS]: listRoute('season-holders', [holder]) });
    const user = userEvent.setup();
    renderAdminApp('/preemption/season_holders', { locale: 'en' });

    await rowShowing('Neri Luca');
    await user.type(screen.getByPlaceholderText('Fiscal seal, renewal code or start of the last name'), 'p1-123');
    await waitFor(() => expect(lastListParam(fetchMock, HOLDERS, 'filter')).toEqual({ q: 'p1-123' }));
    await user.type(screen.getByRole('textbox', { name: 'Season' }), '2025-2026');
    await waitFor(() => expect(lastListParam(fetchMock, HOLDERS, 'filter')).toEqual({ q: 'p1-123', label: '2025-2026' }));
  });
});
