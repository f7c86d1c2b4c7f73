import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aCardApplication, aFan, anIdentity, aSavedPerson, noIdentity } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { CardApplication, CardApplicationRequest, Identity, Municipality, SavedPerson } from '../../../../api-types';

beforeAll(async () => {
  await import('./BluNelCuorePage');
});

const ROUTE = '/blunelcuore';
const LIST = 'GET /api/me/supporter-card-applications';
const PREVIEW = 'POST /api/me/supporter-card-photo';
const APPLY = 'POST /api/me/supporter-card-applications';

const NATIONS = [{ code: 'IT', name_it: 'Italia', name_en: 'Italy' }];
const PROVINCES = [
  { code: 'CO', name: 'Como', region: 'Lombardia' },
  { code: 'RM', name: 'Roma', region: 'Lazio' },
];
const MUNICIPALITIES: Record<string, Municipality[]> = {
  CO: [{ istat_code: '013075', name: 'Como', province: 'CO', cadastral_code: 'C933' }],
  RM: [{ istat_code: '058091', name: 'Roma', province: 'RM', cadastral_code: 'H501' }],
};

/** A JPEG's first bytes: what the fan picks (the API reads the rest). */
const PHOTO_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PHOTO_BASE64 = btoa(String.fromCharCode(...PHOTO_BYTES));
/** The card's photo as the API answers the preview. */
const PREVIEW_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x01, 0x02]);
const PREVIEW_URL = 'blob:card-photo-preview';

const photo = () => new File([new Uint8Array(PHOTO_BYTES)], 'giulia.jpg', { type: 'image/jpeg' });

interface CardApiOptions {
  applications?: CardApplication[];
  identity?: Identity;
  /** The fan's saved people: none by default. */
  people?: SavedPerson[];
  /** The preview's answer: by default the card's photo (a JPEG). */
  preview?: StubRoute;
  /** The application's answer: by default it is taken, `submitted`, and listed first. */
  apply?: StubRoute;
}

/** The API for a signed-in Luca whose saved identity is Mario Rossi's. */
function stubCardApi({ applications = [], identity = anIdentity(), people = [], preview = {}, apply }: CardApiOptions = {}) {
  let current = applications;
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/me/identity': { body: identity },
    'GET /api/me/people': { body: people },
    [LIST]: () => ({ body: current }),
    [PREVIEW]: preview,
    [APPLY]:
      apply ??
      (({ body }) => {
        const { relationship, holder } = body as CardApplicationRequest;
        const created = aCardApplication({
          id: 'a-new',
          relationship: relationship as CardApplication['relationship'],
          first_name: holder.first_name,
          last_name: holder.last_name,
          state: 'submitted',
          card_number: null,
          expires_on: null,
          decided_at: null,
          issued_at: null,
        });
        current = [created, ...current];
        return { status: 201, body: created };
      }),
    'GET /api/reference/nations': { body: NATIONS },
    'GET /api/reference/provinces': { body: PROVINCES },
    'GET /api/reference/municipalities': ({ search }) => ({ body: MUNICIPALITIES[search.get('province') ?? ''] ?? [] }),
  });
  // The preview answers an image, not JSON: the stub's answer stands for its status only.
  const jsonApi = api.fetchMock;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const response = await jsonApi(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return response.ok && url.endsWith('/api/me/supporter-card-photo')
        ? new Response(PREVIEW_JPEG, { status: 200, headers: { 'Content-Type': 'image/jpeg' } })
        : response;
    }),
  );
  return api;
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue(PREVIEW_URL);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const submitButton = () => screen.getByTestId('card-apply-submit');

/** Picks `option` in the place field `label` by typing part of it, as a fan would. */
async function choose(user: UserEvent, label: string, typed: string, option: string) {
  const input = combobox(label);
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The page, once the list and the form (filled with the fan's own details, "Per me") are in. */
async function openPage(options: CardApiOptions = {}, user: UserEvent = userEvent.setup()) {
  const api = stubCardApi(options);
  renderWithProviders(<AppRoutes />, { route: ROUTE });
  expect(await screen.findByRole('heading', { level: 1, name: 'Blu nel Cuore' })).toBeInTheDocument();
  await waitFor(() => expect(textbox('Nome')).toHaveValue((options.identity ?? anIdentity()).first_name));
  return { api, user };
}

/** Chooses the photo and waits for the card's preview. */
async function choosePhoto(user: UserEvent) {
  await user.upload(screen.getByTestId('card-photo-input'), photo());
  expect(await screen.findByTestId('card-photo-preview')).toHaveAttribute('src', PREVIEW_URL);
}

describe('/blunelcuore', () => {
  it('sends a visitor to sign in and back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fblunelcuore&language=it',
    );
  });

  it("lists the fan's applications with their state and refusal in words, and the PDFs of the issued card only", async () => {
    const issued = aCardApplication({ id: 'a-1' });
    const waiting = aCardApplication({
      id: 'a-2',
      relationship: 'child',
      first_name: 'Giulia',
      state: 'registered',
      card_number: 'BNC0000002',
      expires_on: null,
    });
    const police = aCardApplication({
      id: 'a-3',
      relationship: 'partner',
      first_name: 'Anna',
      last_name: 'Bianchi',
      state: 'refused',
      card_number: null,
      expires_on: null,
      refusal_code: 'police_refused',
    });
    const existing = aCardApplication({
      id: 'a-4',
      relationship: 'parent',
      first_name: 'Paolo',
      state: 'refused',
      card_number: null,
      expires_on: null,
      refusal_code: 'card_exists',
    });
    const rejected = aCardApplication({
      id: 'a-5',
      relationship: 'sibling',
      first_name: 'Marco',
      state: 'rejected',
      card_number: null,
      expires_on: null,
      refusal_code: 'rejected_by_staff',
      refusal_note: 'La foto non mostra il viso.',
    });
    await openPage({ applications: [issued, waiting, police, existing, rejected] });

    const list = screen.getByRole('region', { name: 'Le tue richieste' });
    const rows = within(list).getAllByTestId('card-application-row');
    expect(rows.map((row) => within(row).getByTestId('card-application-state').textContent)).toEqual([
      'Emessa',
      'In attesa di approvazione',
      'Rifiutata',
      'Rifiutata',
      'Respinta',
    ]);
    const [first, second, third, fourth, fifth] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    // Issued: its holder, photo, number, expiry and both PDFs.
    expect(within(first).getByRole('heading', { name: 'Luca Rossi' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Foto di Luca Rossi' })).toHaveAttribute(
      'src',
      '/api/me/supporter-card-applications/a-1/photo',
    );
    expect(within(first).getByText('Per me')).toBeInTheDocument();
    expect(within(first).getByText('BNC0000001')).toBeInTheDocument();
    expect(within(first).getByText('24 novembre 2031')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Scarica la tessera (PDF)' })).toHaveAttribute(
      'href',
      '/api/me/supporter-card-applications/a-1/pdf?format=full&lang=it',
    );
    expect(within(first).getByTestId('card-pdf-small')).toHaveAttribute(
      'href',
      '/api/me/supporter-card-applications/a-1/pdf?format=small&lang=it',
    );
    expect(within(first).getByTestId('card-pdf-small')).toHaveTextContent('formato tessera');

    // Not issued: no PDF.
    for (const row of [second, third, fourth, fifth]) {
      expect(within(row).queryByTestId('card-pdf-full')).not.toBeInTheDocument();
      expect(within(row).queryByTestId('card-pdf-small')).not.toBeInTheDocument();
    }
    expect(within(second).getByText('Figlio o figlia')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Foto di Giulia Rossi' })).toBeInTheDocument();

    // Refused, and why.
    expect(within(third).getByText('Partner')).toBeInTheDocument();
    expect(within(third).getByTestId('card-application-refusal')).toHaveTextContent(
      "La verifica della Questura non ha consentito l'emissione della tessera.",
    );
    expect(within(fourth).getByTestId('card-application-refusal')).toHaveTextContent(
      'Questa persona ha già una tessera del tifoso: aggiungila con il suo numero',
    );
    expect(within(fourth).getByRole('link', { name: 'Vai a Tessere del tifoso' })).toHaveAttribute('href', '/myaccount/supporter-cards');
    expect(within(fifth).getByText('Fratello o sorella')).toBeInTheDocument();
    expect(within(fifth).getByTestId('card-application-refusal')).toHaveTextContent(
      'Il club ha respinto la richiesta: «La foto non mostra il viso.»',
    );
    // No code is ever shown as such.
    expect(list).not.toHaveTextContent(/police_refused|card_exists|rejected_by_staff|registered/);
  });

  it('says when there is no application yet, and fills "Per me" from the fan\'s own details', async () => {
    await openPage();

    expect(screen.getByTestId('card-applications-empty')).toHaveTextContent('Non hai ancora richiesto nessuna tessera.');
    expect(combobox('Per chi è la tessera')).toHaveValue('self');
    expect(screen.getByTestId('card-relationship')).toBe(combobox('Per chi è la tessera'));
    expect(screen.getByText('Presi da «I miei dati»: controllali prima di inviare.')).toBeInTheDocument();
    expect(textbox('Cognome')).toHaveValue('Rossi');
    expect(textbox('Codice fiscale')).toHaveValue('RSSMRA80A01H501U');
    expect(screen.getByTestId('card-photo-input')).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('applies for a child: a blank holder, the photo previewed as the card prints it, then the application sent', async () => {
    const { api, user } = await openPage();

    await user.selectOptions(screen.getByTestId('card-relationship'), 'child');
    // Someone else's details: nothing of the fan's.
    await waitFor(() => expect(textbox('Nome')).toHaveValue(''));
    expect(screen.getByTestId('card-relationship')).toHaveFocus();
    expect(screen.getByText('Se la tessera è per un familiare, scrivi i suoi dati, non i tuoi.')).toBeInTheDocument();
    await waitFor(() => expect(combobox('Paese di nascita')).toHaveValue('Italia'));

    await user.type(textbox('Nome'), 'Giulia');
    await user.type(textbox('Cognome'), 'Rossi');
    await user.type(textbox('Codice fiscale'), 'RSSGLI12P70C933Y');
    await user.type(screen.getByLabelText('Data di nascita'), '2012-09-30');
    await user.selectOptions(combobox('Sesso'), 'F');
    await choose(user, 'Provincia di nascita', 'Co', 'Como (CO)');
    await choose(user, 'Comune di nascita', 'Co', 'Como');
    await choose(user, 'Provincia di residenza', 'Co', 'Como (CO)');
    await choose(user, 'Comune di residenza', 'Co', 'Como');
    await user.selectOptions(combobox('Tipo di documento'), 'id_card');
    await user.type(textbox('Numero del documento'), 'CA7654321');

    await choosePhoto(user);
    expect(screen.getByRole('img', { name: 'La foto come sarà stampata sulla tessera' })).toBe(screen.getByTestId('card-photo-preview'));
    const [previewCall] = api.callsTo(PREVIEW);
    expect(previewCall?.body).toEqual({ photo_base64: PHOTO_BASE64 });
    expect(previewCall?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(api.callsTo(APPLY)).toHaveLength(0);

    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    expect(await screen.findByText('Richiesta inviata: ti avviseremo per e-mail quando la tessera sarà emessa.')).toBeInTheDocument();
    expect(api.callsTo(APPLY)).toHaveLength(1);
    expect(api.callsTo(APPLY)[0]?.body).toEqual({
      relationship: 'child',
      holder: {
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
      photo_base64: PHOTO_BASE64,
      consent: true,
    });
    expect(api.callsTo(APPLY)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');

    // The list is read again, the new application first.
    const row = await screen.findByText('Giulia Rossi');
    expect(within(row.closest('[data-testid="card-application-row"]') as HTMLElement).getByTestId('card-application-state')).toHaveTextContent(
      'Richiesta inviata: la stiamo registrando',
    );
    // The form starts over: "Per me", the fan's details, no photo, no consent.
    await waitFor(() => expect(combobox('Per chi è la tessera')).toHaveValue('self'));
    await waitFor(() => expect(textbox('Nome')).toHaveValue('Mario'));
    expect(screen.queryByTestId('card-photo-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-consent')).not.toBeChecked();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(PREVIEW_URL);
  });

  it('says in words why the API refuses a photo, and sends nothing', async () => {
    const { api, user } = await openPage({
      preview: {
        status: 422,
        body: { code: 'photo_too_small', message: 'too small', errors: { photo_base64: 'photo_too_small' } },
      },
    });

    await user.upload(screen.getByTestId('card-photo-input'), photo());

    expect(await screen.findByText('La foto è troppo piccola: servono almeno 300 × 400 pixel.')).toBeInTheDocument();
    expect(screen.queryByTestId('card-photo-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-photo-input')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    expect(screen.getByTestId('card-photo-input')).toHaveFocus();
    expect(screen.getByTestId('card-photo-error')).toHaveTextContent('La foto è troppo piccola');
    expect(screen.queryByText(/photo_too_small/)).not.toBeInTheDocument();
    expect(api.callsTo(APPLY)).toHaveLength(0);
  });

  it('refuses a file that is not a JPEG or a PNG, or weighs over 5 MB, without asking the API', async () => {
    // As if the browser let any file through (the input asks for JPEG and PNG only).
    const { api, user } = await openPage({}, userEvent.setup({ applyAccept: false }));

    await user.upload(screen.getByTestId('card-photo-input'), new File(['%PDF-1.7'], 'giulia.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Scegli una foto JPEG o PNG.')).toBeInTheDocument();

    const heavy = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'giulia.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('card-photo-input'), heavy);
    expect(await screen.findByText('La foto è troppo grande: al massimo 5 MB.')).toBeInTheDocument();

    expect(api.callsTo(PREVIEW)).toHaveLength(0);
    expect(screen.queryByTestId('card-photo-preview')).not.toBeInTheDocument();
  });

  it('asks for the photo and the consent before sending', async () => {
    const { api, user } = await openPage();

    await user.click(submitButton());
    expect(screen.getByText('Scegli una foto del titolare.')).toBeInTheDocument();
    expect(screen.getByText('Serve il consenso per richiedere la tessera.')).toBeInTheDocument();
    expect(screen.getByTestId('card-photo-input')).toHaveFocus();

    await choosePhoto(user);
    expect(screen.queryByText('Scegli una foto del titolare.')).not.toBeInTheDocument();
    await user.click(submitButton());

    expect(screen.getByText('Serve il consenso per richiedere la tessera.')).toBeInTheDocument();
    expect(screen.getByTestId('card-consent')).toHaveFocus();
    expect(screen.getByTestId('card-consent')).toHaveAccessibleDescription('Serve il consenso per richiedere la tessera.');
    expect(api.callsTo(APPLY)).toHaveLength(0);
  });

  it('says in words that this person has an application or a card already', async () => {
    const { api, user } = await openPage({
      apply: {
        status: 409,
        body: { code: 'already_applied', message: 'x', errors: { fiscal_code: 'already_applied' } },
      },
    });

    await choosePhoto(user);
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    const form = screen.getByTestId('card-application-form');
    expect(await within(form).findByText('Questa persona ha già una richiesta in corso o una tessera del tifoso.')).toBeInTheDocument();
    expect(api.callsTo(APPLY)).toHaveLength(1);
    // Said of the person, not of a field to correct; the photo is still there to try again.
    expect(textbox('Codice fiscale')).not.toHaveAccessibleDescription(/non è valido|Dato non valido/);
    expect(screen.getByTestId('card-photo-preview')).toBeInTheDocument();
  });

  it("shows the API's refusal of the holder on its field, in the identity form's words", async () => {
    const { user } = await openPage({
      apply: {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { fiscal_code: 'last_name_mismatch' } },
      },
    });

    await choosePhoto(user);
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    await waitFor(() => expect(textbox('Codice fiscale')).toHaveAccessibleDescription('Il codice fiscale non corrisponde al cognome'));
    expect(textbox('Codice fiscale')).toHaveFocus();
    expect(screen.getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
  });

  it("fills the holder from a saved person, with who they are to the fan, and applies for them", async () => {
    const giulia = aSavedPerson();
    const { api, user } = await openPage({ people: [giulia] });

    const picker = await screen.findByTestId('card-saved-person');
    expect(picker).toBe(combobox('Persona salvata'));
    expect(picker).toHaveAccessibleDescription('Scegli una persona salvata per compilare i suoi dati, oppure scrivili qui sotto.');
    await user.selectOptions(picker, giulia.id);

    // The relationship is hers, the holder's fields hers; the picker keeps the focus.
    await waitFor(() => expect(textbox('Nome')).toHaveValue('Giulia'));
    expect(combobox('Per chi è la tessera')).toHaveValue('child');
    expect(screen.getByTestId('card-saved-person')).toHaveValue(giulia.id);
    expect(screen.getByTestId('card-saved-person')).toHaveFocus();
    expect(screen.getByTestId('card-saved-person')).toHaveAccessibleDescription('Presi da «Persone salvate»: controllali prima di inviare.');
    expect(textbox('Codice fiscale')).toHaveValue('RSSGLI12P70C933Y');
    expect(screen.getByLabelText('Data di nascita')).toHaveValue('2012-09-30');
    expect(combobox('Sesso')).toHaveValue('F');
    await waitFor(() => expect(combobox('Comune di nascita')).toHaveValue('Como'));
    await waitFor(() => expect(combobox('Comune di residenza')).toHaveValue('Como'));
    expect(textbox('Numero del documento')).toHaveValue('CA7654321');

    await choosePhoto(user);
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    expect(await screen.findByText('Richiesta inviata: ti avviseremo per e-mail quando la tessera sarà emessa.')).toBeInTheDocument();
    expect(api.callsTo(APPLY)[0]?.body).toMatchObject({
      relationship: 'child',
      holder: {
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
        address: 'Via Sinigaglia 1',
        document_type: 'id_card',
        document_number: 'CA7654321',
      },
      consent: true,
    });

    // "Per me" again: the fan's own details, no saved person.
    await waitFor(() => expect(combobox('Per chi è la tessera')).toHaveValue('self'));
    await waitFor(() => expect(textbox('Nome')).toHaveValue('Mario'));
    expect(screen.getByTestId('card-saved-person')).toHaveValue('');
  });

  it('says "Per me" needs the fan\'s own details first, with the way to them', async () => {
    const { api, user } = await openPage({
      apply: {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { relationship: 'identity_required' } },
      },
    });

    await choosePhoto(user);
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    await waitFor(() =>
      expect(combobox('Per chi è la tessera')).toHaveAccessibleDescription(
        'Per richiedere la tessera per te, salva prima i tuoi dati in «I miei dati». Vai a I miei dati',
      ),
    );
    expect(screen.getByRole('link', { name: 'Vai a I miei dati' })).toHaveAttribute('href', '/myaccount/identity');
    expect(api.callsTo(APPLY)).toHaveLength(1);
    expect(screen.queryByText(/identity_required/)).not.toBeInTheDocument();
  });

  it('says so at once when the fan has not saved their own details', async () => {
    stubCardApi({ identity: noIdentity() });
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    const note = await screen.findByTestId('card-identity-required');
    expect(note).toHaveTextContent('Per richiedere la tessera per te, salva prima i tuoi dati in «I miei dati».');
    expect(within(note).getByRole('link', { name: 'Vai a I miei dati' })).toHaveAttribute('href', '/myaccount/identity');
  });

  it.each([
    ['not_yours', "Per te vale il codice fiscale salvato in «I miei dati»: questo è di un'altra persona."],
    ['is_you', "Questo è il tuo codice fiscale: scrivi quello dell'altra persona."],
  ])("shows the API's %s on the fiscal code, in the fan's words", async (code, words) => {
    const { user } = await openPage({
      apply: { status: 422, body: { code: 'validation_failed', message: 'x', errors: { fiscal_code: code } } },
    });

    await choosePhoto(user);
    await user.click(screen.getByTestId('card-consent'));
    await user.click(submitButton());

    await waitFor(() => expect(textbox('Codice fiscale')).toHaveAccessibleDescription(words));
    expect(textbox('Codice fiscale')).toHaveFocus();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubCardApi({
      applications: [
        aCardApplication({ id: 'a-1' }),
        aCardApplication({ id: 'a-2', state: 'refused', card_number: null, expires_on: null, refusal_code: 'police_refused' }),
      ],
    });
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blu nel Cuore' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your applications' })).toBeInTheDocument();
    const states = await screen.findAllByTestId('card-application-state');
    expect(states.map((state) => state.textContent)).toEqual(['Issued', 'Refused']);
    expect(screen.getByText('The police check did not allow the card.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the card (PDF)' })).toHaveAttribute(
      'href',
      '/api/me/supporter-card-applications/a-1/pdf?format=full&lang=en',
    );
    expect(screen.getByTestId('card-pdf-small')).toHaveTextContent('card size');
    expect(await screen.findByRole('heading', { name: 'Apply for the card' })).toBeInTheDocument();
    expect(within(combobox('Who is the card for')).getByRole('option', { name: 'Son or daughter' })).toBeInTheDocument();
    await waitFor(() => expect(textbox('First name')).toHaveValue('Mario'));
    expect(screen.getByTestId('card-apply-submit')).toHaveTextContent('Send the application');
  });
});
