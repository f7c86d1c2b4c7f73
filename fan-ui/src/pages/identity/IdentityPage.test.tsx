import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, anIdentity, noIdentity } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { Identity, IdentityInput, Municipality } from '../../../../api-types';

beforeAll(async () => {
  await import('./IdentityPage');
});

const ROUTE = '/myaccount/identity';

const NATIONS = [
  { code: 'FR', name_it: 'Francia', name_en: 'France' },
  { code: 'IT', name_it: 'Italia', name_en: 'Italy' },
  { code: 'CH', name_it: 'Svizzera', name_en: 'Switzerland' },
];
const PROVINCES = [
  { code: 'CO', name: 'Como', region: 'Lombardia' },
  { code: 'EE', name: 'Estero', region: '' },
  { code: 'RM', name: 'Roma', region: 'Lazio' },
];
const MUNICIPALITIES: Record<string, Municipality[]> = {
  CO: [
    { istat_code: '013021', name: 'Cantù', province: 'CO', cadastral_code: 'B639' },
    { istat_code: '013075', name: 'Como', province: 'CO', cadastral_code: 'C933' },
  ],
  RM: [{ istat_code: '058091', name: 'Roma', province: 'RM', cadastral_code: 'H501' }],
};

/** The API for a signed-in Luca whose identity is `identity`; `put` answers the save (by default, it keeps it). */
function stubIdentityApi(identity: Identity, put?: StubRoute) {
  let current = identity;
  return stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/me/identity': () => ({ body: current }),
    'PUT /api/me/identity':
      put ??
      (({ body }) => {
        const sent = body as IdentityInput;
        current = { ...current, ...sent, birth_place: 'Roma', registration: 'pending', updated_at: '2026-11-24T10:00:00Z' };
        return { body: current };
      }),
    'GET /api/reference/nations': { body: NATIONS },
    'GET /api/reference/provinces': { body: PROVINCES },
    'GET /api/reference/municipalities': ({ search }) => ({ body: MUNICIPALITIES[search.get('province') ?? ''] ?? [] }),
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });

/** Picks `option` in the place field `label` by typing part of it, as a fan would. */
async function choose(user: UserEvent, label: string, typed: string, option: string) {
  const input = combobox(label);
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The form, once the saved identity and the nations are in. */
async function openForm(identity: Identity = anIdentity(), put?: StubRoute) {
  const api = stubIdentityApi(identity, put);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: ROUTE });
  expect(await screen.findByRole('heading', { level: 1, name: 'I miei dati' })).toBeInTheDocument();
  await waitFor(() => expect(combobox('Paese di nascita')).toHaveValue(identity.birth_country === 'CH' ? 'Svizzera' : 'Italia'));
  return { api, user };
}

describe('/myaccount/identity', () => {
  it('sends a visitor to sign in and back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount%2Fidentity&language=it',
    );
  });

  it('shows the saved identity, its places by name, and that the fan is registered', async () => {
    await openForm();

    expect(screen.getByRole('status')).toHaveTextContent('Sei registrato nel sistema di biglietteria');
    expect(textbox('Nome')).toHaveValue('Mario');
    expect(textbox('Cognome')).toHaveValue('Rossi');
    expect(textbox('Codice fiscale')).toHaveValue('RSSMRA80A01H501U');
    expect(screen.getByLabelText('Data di nascita')).toHaveValue('1980-01-01');
    expect(combobox('Sesso')).toHaveValue('M');
    expect(await screen.findByDisplayValue('Roma (RM)')).toBe(combobox('Provincia di nascita'));
    await waitFor(() => expect(combobox('Comune di nascita')).toHaveValue('Roma'));
    expect(combobox('Paese di residenza')).toHaveValue('Italia');
    expect(combobox('Provincia di residenza')).toHaveValue('Como (CO)');
    await waitFor(() => expect(combobox('Comune di residenza')).toHaveValue('Como'));
    expect(textbox('Indirizzo (facoltativo)')).toHaveValue('Via Sinigaglia 1');
    expect(combobox('Tipo di documento')).toHaveValue('id_card');
    expect(textbox('Numero del documento')).toHaveValue('CA1234567');
    expect(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' })).toHaveValue('+393331234567');
    expect(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' })).toHaveAccessibleDescription('Es.: +39 312 345 6789');
  });

  it('lists the nations with Italy first, and the provinces but the foreign-born one', async () => {
    const { user } = await openForm();

    await user.click(combobox('Paese di nascita'));
    await user.clear(combobox('Paese di nascita'));
    const nations = await screen.findByRole('listbox', { name: 'Paese di nascita' });
    expect(within(nations).getAllByRole('option').map((option) => option.textContent)).toEqual(['Italia', 'Francia', 'Svizzera']);
    await user.keyboard('{Escape}');

    await user.click(combobox('Provincia di residenza'));
    await user.clear(combobox('Provincia di residenza'));
    const provinces = await screen.findByRole('listbox', { name: 'Provincia di residenza' });
    expect(within(provinces).getAllByRole('option').map((option) => option.textContent)).toEqual(['Como (CO)', 'Roma (RM)']);
  });

  it('asks no province nor municipality of the foreign-born, and sends none', async () => {
    const { api, user } = await openForm();

    await choose(user, 'Paese di nascita', 'Svi', 'Svizzera');

    expect(screen.queryByRole('combobox', { name: 'Provincia di nascita' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Comune di nascita' })).not.toBeInTheDocument();
    // Living in Italy still asks where.
    expect(combobox('Provincia di residenza')).toBeInTheDocument();
    await user.clear(textbox('Codice fiscale'));
    await user.type(textbox('Codice fiscale'), 'RSSMRA80A01Z133J');
    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    await waitFor(() => expect(api.callsTo('PUT /api/me/identity')).toHaveLength(1));
    expect(api.callsTo('PUT /api/me/identity')[0]?.body).toMatchObject({
      birth_country: 'CH',
      birth_province: '',
      birth_municipality: '',
      residence_country: 'IT',
      residence_province: 'CO',
      residence_municipality: '013075',
    });
  });

  it('clears the municipality when another province is chosen', async () => {
    const { user } = await openForm();
    await waitFor(() => expect(combobox('Comune di residenza')).toHaveValue('Como'));

    await choose(user, 'Provincia di residenza', 'Rom', 'Roma (RM)');

    expect(combobox('Comune di residenza')).toHaveValue('');
    await choose(user, 'Comune di residenza', 'Ro', 'Roma');
    expect(combobox('Comune di residenza')).toHaveValue('Roma');
  });

  it("shows the API's refusal on the field it names, in the fan's words, and goes to it", async () => {
    const { api, user } = await openForm(anIdentity(), {
      status: 422,
      body: { code: 'validation_failed', message: 'x', errors: { fiscal_code: 'last_name_mismatch', residence_municipality: 'not_in_province' } },
    });

    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    await waitFor(() => expect(textbox('Codice fiscale')).toHaveAccessibleDescription('Il codice fiscale non corrisponde al cognome'));
    expect(textbox('Codice fiscale')).toHaveFocus();
    expect(combobox('Comune di residenza')).toHaveAccessibleDescription('Questo comune non è nella provincia scelta.');
    expect(screen.getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me/identity')).toHaveLength(1);
  });

  it("says a fiscal code that is another account's identity is taken, on the fiscal code", async () => {
    const { user } = await openForm(anIdentity(), {
      status: 422,
      body: { code: 'validation_failed', message: 'x', errors: { fiscal_code: 'taken' } },
    });

    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    await waitFor(() =>
      expect(textbox('Codice fiscale')).toHaveAccessibleDescription('Questo codice fiscale è già associato a un altro account'),
    );
    expect(textbox('Codice fiscale')).toHaveFocus();
    expect(screen.queryByText(/taken/)).not.toBeInTheDocument();
  });

  it("refuses a fiscal code whose check character is wrong, without asking the API", async () => {
    const { api, user } = await openForm();

    await user.clear(textbox('Codice fiscale'));
    await user.type(textbox('Codice fiscale'), 'rssmra80a01h501a');
    // Upper-cased as typed.
    expect(textbox('Codice fiscale')).toHaveValue('RSSMRA80A01H501A');
    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    expect(textbox('Codice fiscale')).toHaveAccessibleDescription(
      "Il codice fiscale non è valido: l'ultimo carattere non torna, controlla di averlo scritto bene.",
    );
    expect(textbox('Codice fiscale')).toHaveFocus();
    expect(api.callsTo('PUT /api/me/identity')).toHaveLength(0);

    // Corrected, the message goes.
    await user.clear(textbox('Codice fiscale'));
    await user.type(textbox('Codice fiscale'), 'RSSMRA80A01H501U');
    expect(textbox('Codice fiscale')).not.toHaveAccessibleDescription(/non è valido/);
  });

  it('says what a fan with nothing saved must give, and the phone it takes', async () => {
    const { api, user } = await openForm(noIdentity());

    expect(screen.getByRole('status')).toHaveTextContent(
      'Questi dati servono per comprare biglietti nominativi e per richiedere la tessera del tifoso.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    expect(textbox('Nome')).toHaveFocus();
    expect(textbox('Nome')).toHaveAccessibleDescription('Scrivi il nome.');
    expect(textbox('Codice fiscale')).toHaveAccessibleDescription('Scrivi il codice fiscale.');
    expect(screen.getByLabelText('Data di nascita')).toHaveAccessibleDescription('Indica la data di nascita.');
    expect(combobox('Sesso')).toHaveAccessibleDescription('Scegli il sesso.');
    expect(combobox('Provincia di nascita')).toHaveAccessibleDescription('Scegli la provincia di nascita.');
    expect(combobox('Tipo di documento')).toHaveAccessibleDescription('Scegli il tipo di documento.');
    expect(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' })).toHaveAccessibleDescription('Non valido. Es.: +39 312 345 6789');
    expect(api.callsTo('PUT /api/me/identity')).toHaveLength(0);
  });

  it('saves a new identity, says so, and shows its registration under way', async () => {
    const { api, user } = await openForm(noIdentity());

    await user.type(textbox('Nome'), 'Mario');
    await user.type(textbox('Cognome'), 'Rossi');
    await user.type(textbox('Codice fiscale'), 'RSSMRA80A01H501U');
    await user.type(screen.getByLabelText('Data di nascita'), '1980-01-01');
    await user.selectOptions(combobox('Sesso'), 'M');
    await choose(user, 'Provincia di nascita', 'Rom', 'Roma (RM)');
    await choose(user, 'Comune di nascita', 'Rom', 'Roma');
    await choose(user, 'Provincia di residenza', 'Co', 'Como (CO)');
    await choose(user, 'Comune di residenza', 'cant', 'Cantù');
    await user.type(textbox('Indirizzo (facoltativo)'), 'Via Milano 4');
    await user.selectOptions(combobox('Tipo di documento'), 'passport');
    await user.type(textbox('Numero del documento'), 'ya 1234567');
    await user.type(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' }), '333 123 4567');
    await user.click(screen.getByRole('button', { name: 'Salva i miei dati' }));

    expect(await screen.findByText('Dati salvati')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me/identity')[0]?.body).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      fiscal_code: 'RSSMRA80A01H501U',
      birth_date: '1980-01-01',
      sex: 'M',
      birth_country: 'IT',
      birth_province: 'RM',
      birth_municipality: '058091',
      residence_country: 'IT',
      residence_province: 'CO',
      residence_municipality: '013021',
      address: 'Via Milano 4',
      document_type: 'passport',
      document_number: 'YA1234567',
      phone: '+393331234567',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Stiamo registrando i tuoi dati nel sistema di biglietteria');
    // As the API keeps it.
    expect(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' })).toHaveValue('+393331234567');
    expect(textbox('Numero del documento')).toHaveValue('YA1234567');
  });

  it('speaks English, the nations by their English names', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubIdentityApi(anIdentity({ birth_country: 'CH', birth_province: 'EE', birth_municipality: '', birth_place: 'Svizzera' }));
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'My details' })).toBeInTheDocument();
    await waitFor(() => expect(combobox('Country of birth')).toHaveValue('Switzerland'));
    expect(screen.queryByRole('combobox', { name: 'Province of birth' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are registered with the ticketing system');
    expect(within(screen.getByTestId('identity-form')).getByRole('button', { name: 'Save my details' })).toBeInTheDocument();
  });
});
