import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, aSavedPerson } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { Municipality, SavedPerson, SavedPersonRequest } from '../../../../api-types';

beforeAll(async () => {
  await import('./PeoplePage');
});

const ROUTE = '/myaccount/people';
const GIULIA = aSavedPerson();
const PAOLO = aSavedPerson({
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  relationship: 'parent',
  first_name: 'Paolo',
  fiscal_code: 'RSSPLA50A01C933A',
  birth_date: '1950-01-01',
  sex: 'M',
  document_number: 'CA1111111',
});
/** The fan's own fiscal code (their saved identity's): not someone else's. */
const OWN_FISCAL_CODE = 'RSSMRA80A01H501U';

const NATIONS = [{ code: 'IT', name_it: 'Italia', name_en: 'Italy' }];
const PROVINCES = [
  { code: 'CO', name: 'Como', region: 'Lombardia' },
  { code: 'RM', name: 'Roma', region: 'Lazio' },
];
const MUNICIPALITIES: Record<string, Municipality[]> = {
  CO: [{ istat_code: '013075', name: 'Como', province: 'CO', cadastral_code: 'C933' }],
  RM: [{ istat_code: '058091', name: 'Roma', province: 'RM', cadastral_code: 'H501' }],
};

/** The person the API keeps from a request: the birthplace by name, as it answers. */
function personOf(id: string, { relationship, person }: SavedPersonRequest): SavedPerson {
  return {
    ...aSavedPerson(),
    ...person,
    id,
    relationship: relationship as SavedPerson['relationship'],
    birth_date: person.birth_date ?? '',
    birth_province: person.birth_province ?? '',
    birth_municipality: person.birth_municipality ?? '',
    address: person.address ?? '',
    phone: person.phone ?? '',
    birth_place: 'Como',
  };
}

/**
 * The API for a signed-in Luca whose saved people are `people`: it keeps what is saved, deleted
 * and corrected, and refuses Luca's own fiscal code for someone else (`is_you`).
 */
function stubPeopleApi(people: SavedPerson[] = [GIULIA], routes: Record<string, StubRoute> = {}) {
  let current = people;
  const refuseOwn = (request: SavedPersonRequest) =>
    request.person.fiscal_code === OWN_FISCAL_CODE
      ? { status: 422, body: { code: 'validation_failed', message: 'x', errors: { fiscal_code: 'is_you' } } }
      : null;
  const personRoutes = Object.fromEntries(
    people.flatMap((person) => [
      [
        `PUT /api/me/people/${person.id}`,
        (({ body }) => {
          const request = body as SavedPersonRequest;
          const refused = refuseOwn(request);
          if (refused !== null) {
            return refused;
          }
          const saved = personOf(person.id, request);
          current = current.map((kept) => (kept.id === person.id ? saved : kept));
          return { body: saved };
        }) satisfies StubRoute,
      ],
      [
        `DELETE /api/me/people/${person.id}`,
        (() => {
          current = current.filter((kept) => kept.id !== person.id);
          return { status: 204 };
        }) satisfies StubRoute,
      ],
    ]),
  );
  return stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/me/people': () => ({ body: current }),
    'POST /api/me/people': ({ body }) => {
      const request = body as SavedPersonRequest;
      const refused = refuseOwn(request);
      if (refused !== null) {
        return refused;
      }
      const saved = personOf('a-new-person', request);
      current = [...current, saved].sort((a, b) => a.first_name.localeCompare(b.first_name));
      return { status: 201, body: saved };
    },
    ...personRoutes,
    'GET /api/reference/nations': { body: NATIONS },
    'GET /api/reference/provinces': { body: PROVINCES },
    'GET /api/reference/municipalities': ({ search }) => ({ body: MUNICIPALITIES[search.get('province') ?? ''] ?? [] }),
    ...routes,
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const rows = () => screen.getAllByTestId('person-row');

/** Picks `option` in the place field `label` by typing part of it, as a fan would. */
async function choose(user: UserEvent, label: string, typed: string, option: string) {
  const input = combobox(label);
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The page, once the saved people are listed. */
async function openPage(people: SavedPerson[] = [GIULIA], routes: Record<string, StubRoute> = {}) {
  const api = stubPeopleApi(people, routes);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: ROUTE });
  expect(await screen.findByRole('heading', { level: 1, name: 'Persone salvate' })).toBeInTheDocument();
  if (people.length > 0) {
    await waitFor(() => expect(rows()).toHaveLength(people.length));
  } else {
    expect(await screen.findByTestId('people-empty')).toBeInTheDocument();
  }
  return { api, user };
}

describe('/myaccount/people', () => {
  it('sends a visitor to sign in and back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount%2Fpeople&language=it',
    );
  });

  it('lists each saved person: name, who they are to the fan, birth date and fiscal code', async () => {
    await openPage([GIULIA, PAOLO]);

    const [giulia, paolo] = rows() as [HTMLElement, HTMLElement];
    expect(within(giulia).getByRole('heading', { name: 'Giulia Rossi' })).toBeInTheDocument();
    expect(within(giulia).getByText('Figlio o figlia')).toBeInTheDocument();
    expect(within(giulia).getByText('30/09/2012')).toBeInTheDocument();
    expect(within(giulia).getByText('RSSGLI12P70C933Y')).toBeInTheDocument();
    expect(within(paolo).getByRole('heading', { name: 'Paolo Rossi' })).toBeInTheDocument();
    expect(within(paolo).getByText('Genitore')).toBeInTheDocument();
    expect(within(paolo).getByText('01/01/1950')).toBeInTheDocument();
    expect(within(giulia).getByRole('button', { name: 'Modifica Giulia Rossi' })).toBe(within(giulia).getByTestId('person-edit'));
    expect(within(giulia).getByRole('button', { name: 'Elimina Giulia Rossi' })).toBe(within(giulia).getByTestId('person-delete'));
  });

  it('adds a person, showing the API\'s refusal of a field on it first', async () => {
    const { api, user } = await openPage([]);
    expect(screen.getByTestId('people-empty')).toHaveTextContent('Non hai ancora salvato nessuno.');

    await user.click(screen.getByTestId('person-add'));
    const form = await screen.findByTestId('person-form');
    expect(within(form).getByRole('heading', { name: 'Nuova persona' })).toBeInTheDocument();
    expect(screen.getByTestId('person-relationship')).toHaveFocus();
    await waitFor(() => expect(combobox('Paese di nascita')).toHaveValue('Italia'));

    // Who they are is asked for, with the rest.
    await user.click(screen.getByTestId('person-save'));
    expect(combobox('Chi è per te')).toHaveAccessibleDescription('Scegli chi è per te questa persona.');
    expect(textbox('Nome')).toHaveFocus();
    expect(api.callsTo('POST /api/me/people')).toHaveLength(0);

    await user.selectOptions(screen.getByTestId('person-relationship'), 'child');
    await user.type(screen.getByTestId('identity-first-name'), 'Giulia');
    await user.type(screen.getByTestId('identity-last-name'), 'Rossi');
    // The fan's own fiscal code, by mistake.
    await user.type(screen.getByTestId('identity-fiscal-code'), OWN_FISCAL_CODE);
    await user.type(screen.getByTestId('identity-birth-date'), '2012-09-30');
    await user.selectOptions(screen.getByTestId('identity-sex'), 'F');
    await choose(user, 'Provincia di nascita', 'Co', 'Como (CO)');
    await choose(user, 'Comune di nascita', 'Co', 'Como');
    await choose(user, 'Provincia di residenza', 'Co', 'Como (CO)');
    await choose(user, 'Comune di residenza', 'Co', 'Como');
    await user.selectOptions(screen.getByTestId('identity-document-type'), 'id_card');
    await user.type(screen.getByTestId('identity-document-number'), 'ca7654321');
    await user.click(screen.getByTestId('person-save'));

    await waitFor(() =>
      expect(textbox('Codice fiscale')).toHaveAccessibleDescription("Questo è il tuo codice fiscale: scrivi quello dell'altra persona."),
    );
    expect(textbox('Codice fiscale')).toHaveFocus();
    expect(within(form).getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
    expect(screen.queryByTestId('person-row')).not.toBeInTheDocument();

    await user.clear(textbox('Codice fiscale'));
    await user.type(textbox('Codice fiscale'), 'RSSGLI12P70C933Y');
    await user.click(screen.getByTestId('person-save'));

    expect(await screen.findByText('Persona salvata: Giulia Rossi')).toBeInTheDocument();
    expect(api.callsTo('POST /api/me/people')).toHaveLength(2);
    expect(api.callsTo('POST /api/me/people')[1]?.body).toEqual({
      relationship: 'child',
      person: {
        first_name: 'Giulia',
        last_name: 'Rossi',
        fiscal_code: 'RSSGLI12P70C933Y',
        birth_date: '2012-09-30',
        sex: 'F',
        birth_country: 'IT',
        birth_province: 'CO',
        birth_municipality: '013075',
        residence_country: 'IT',
        residence_province: 'CO',
        residence_municipality: '013075',
        address: '',
        document_type: 'id_card',
        document_number: 'CA7654321',
        phone: '',
      },
    });
    expect(api.callsTo('POST /api/me/people')[1]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // Listed, and the form closed.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByRole('heading', { name: 'Giulia Rossi' })).toBeInTheDocument();
    expect(screen.queryByTestId('person-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('person-add')).toBeInTheDocument();
  });

  it('says under the form that the fan has saved the most people already', async () => {
    const { user } = await openPage([GIULIA], {
      'POST /api/me/people': {
        status: 409,
        body: { code: 'too_many_people', message: 'x', errors: {} },
      },
    });

    await user.click(screen.getByTestId('person-add'));
    await user.selectOptions(await screen.findByTestId('person-relationship'), 'parent');
    await user.type(textbox('Nome'), 'Paolo');
    await user.type(textbox('Cognome'), 'Rossi');
    await user.type(textbox('Codice fiscale'), 'RSSPLA50A01C933A');
    await user.type(screen.getByLabelText('Data di nascita'), '1950-01-01');
    await user.selectOptions(combobox('Sesso'), 'M');
    await choose(user, 'Provincia di nascita', 'Co', 'Como (CO)');
    await choose(user, 'Comune di nascita', 'Co', 'Como');
    await choose(user, 'Provincia di residenza', 'Co', 'Como (CO)');
    await choose(user, 'Comune di residenza', 'Co', 'Como');
    await user.selectOptions(combobox('Tipo di documento'), 'passport');
    await user.type(textbox('Numero del documento'), 'YA1234567');
    await user.click(screen.getByTestId('person-save'));

    expect(
      await within(screen.getByTestId('person-form')).findByText(
        "Hai già salvato il massimo di 20 persone: eliminane una per aggiungerne un'altra.",
      ),
    ).toBeInTheDocument();
  });

  it("corrects a saved person's details, the form filled with them", async () => {
    const { api, user } = await openPage([GIULIA, PAOLO]);

    await user.click(within(rows()[0] as HTMLElement).getByTestId('person-edit'));

    const form = await screen.findByTestId('person-form');
    expect(within(form).getByRole('heading', { name: 'Modifica i dati di Giulia Rossi' })).toBeInTheDocument();
    expect(screen.getByTestId('person-relationship')).toHaveValue('child');
    expect(textbox('Nome')).toHaveValue('Giulia');
    expect(textbox('Codice fiscale')).toHaveValue('RSSGLI12P70C933Y');
    expect(screen.getByLabelText('Data di nascita')).toHaveValue('2012-09-30');
    expect(combobox('Sesso')).toHaveValue('F');
    await waitFor(() => expect(combobox('Comune di nascita')).toHaveValue('Como'));
    await waitFor(() => expect(combobox('Comune di residenza')).toHaveValue('Como'));
    expect(textbox('Numero del documento')).toHaveValue('CA7654321');

    await user.selectOptions(combobox('Tipo di documento'), 'passport');
    await user.clear(textbox('Numero del documento'));
    await user.type(textbox('Numero del documento'), 'YA7654321');
    await user.click(screen.getByTestId('person-save'));

    expect(await screen.findByText('Persona salvata: Giulia Rossi')).toBeInTheDocument();
    expect(api.callsTo('POST /api/me/people')).toHaveLength(0);
    expect(api.callsTo(`PUT /api/me/people/${GIULIA.id}`)[0]?.body).toMatchObject({
      relationship: 'child',
      person: { first_name: 'Giulia', fiscal_code: 'RSSGLI12P70C933Y', document_type: 'passport', document_number: 'YA7654321' },
    });
    expect(screen.queryByTestId('person-form')).not.toBeInTheDocument();
    // Read again: still two people.
    await waitFor(() => expect(api.callsTo('GET /api/me/people').length).toBeGreaterThan(1));
    expect(rows()).toHaveLength(2);
  });

  it('closes the form when the fan cancels', async () => {
    const { api, user } = await openPage();

    await user.click(within(rows()[0] as HTMLElement).getByTestId('person-edit'));
    await user.click(await screen.findByTestId('person-cancel'));

    expect(screen.queryByTestId('person-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('person-add')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/me/people/${GIULIA.id}`)).toHaveLength(0);
  });

  it('deletes a person once the fan says so twice', async () => {
    const { api, user } = await openPage([GIULIA, PAOLO]);

    await user.click(within(rows()[0] as HTMLElement).getByTestId('person-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare Giulia Rossi?' });
    expect(dialog).toHaveTextContent('Giulia Rossi non sarà più tra le tue persone salvate.');
    // Not yet.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/me/people/${GIULIA.id}`)).toHaveLength(0);

    await user.click(within(rows()[0] as HTMLElement).getByTestId('person-delete'));
    await user.click(await screen.findByTestId('person-delete-confirm'));

    expect(await screen.findByText('Persona eliminata: Giulia Rossi')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/me/people/${GIULIA.id}`)).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByRole('heading', { name: 'Paolo Rossi' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubPeopleApi();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved people' })).toBeInTheDocument();
    const row = await screen.findByTestId('person-row');
    expect(within(row).getByText('Son or daughter')).toBeInTheDocument();
    expect(within(row).getByText('Date of birth')).toBeInTheDocument();
    expect(screen.getByTestId('person-add')).toHaveTextContent('Add a person');
  });
});
