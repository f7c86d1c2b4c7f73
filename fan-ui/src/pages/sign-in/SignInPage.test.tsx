import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';

const EMAIL = 'nuovo.tifoso@example.it';

function apiError(status: number, code: string, message = 'English text', errors: Record<string, string> = {}) {
  return { status, body: { code, message, errors } };
}

/** Opens /accedi and asks for a code for EMAIL, the API answering the request with `answer`. */
async function askForCode(routes: Record<string, StubRoute> = {}, answer?: StubRoute) {
  const api = stubApi({
    'POST /api/auth/code': answer ?? { body: { message: 'OTP sent. Please check your email.' } },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: '/accedi' });
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Inviami il codice' }));
  return { api, user };
}

function countdown() {
  return screen.getByRole('timer');
}

function tick(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('sign-in page, code by e-mail', () => {
  beforeEach(() => {
    // Only the clock and the countdown's ticks are fake: the rest of the page runs as usual.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers Google, the code by e-mail with unticked consents, and the password', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: '/accedi?return_to=/myaccount' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount&language=it',
    );
    expect(screen.getByRole('tab', { name: 'Codice e-mail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Password' })).toBeInTheDocument();
    for (const consent of [/comunicazioni commerciali/, /profilazione/, /partner del club/]) {
      expect(screen.getByRole('checkbox', { name: consent })).not.toBeChecked();
    }
    // Where the consents are asked, the privacy notice is one tap away (in a new tab: the form stays).
    const privacy = screen.getByRole('link', { name: /informativa sulla privacy/ });
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Inviami invece un link di accesso' })).toBeInTheDocument();
  });

  it('sends the address, the UI language and the consents with the CSRF token, then asks for the code', async () => {
    const api = stubApi({
      'POST /api/auth/code': { body: { message: 'OTP sent. Please check your email.' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), ` ${EMAIL} `);
    await user.click(screen.getByRole('checkbox', { name: /profilazione/ }));
    await user.click(screen.getByRole('button', { name: 'Inviami il codice' }));

    expect(await screen.findByText('Codice inviato. Controlla la tua e-mail.')).toBeInTheDocument();
    expect(screen.getByText(`Inviato a ${EMAIL}`)).toBeInTheDocument();
    const [request] = api.callsTo('POST /api/auth/code');
    expect(request?.body).toEqual({
      email: EMAIL,
      language: 'it',
      consent: { marketing: false, profiling: true, third_party: false },
    });
    expect(request?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it('says the same to every address, as the API does (whether an account exists is not told)', async () => {
    await askForCode({}, { body: { message: 'OTP sent. Please check your email.' } });

    expect(await screen.findByText('Codice inviato. Controlla la tua e-mail.')).toBeInTheDocument();
  });

  it('counts down the 120 seconds of the code, then asks for a new one', async () => {
    const { api, user } = await askForCode();
    await screen.findByRole('textbox', { name: 'Codice a 6 cifre' });

    expect(countdown()).toHaveTextContent('Il codice scade tra 2:00');
    tick(1);
    expect(countdown()).toHaveTextContent('Il codice scade tra 1:59');
    tick(58);
    expect(countdown()).toHaveTextContent('Il codice scade tra 1:01');

    await user.type(screen.getByRole('textbox', { name: 'Codice a 6 cifre' }), '123456');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeEnabled();
    tick(61);
    expect(countdown()).toHaveTextContent('Il codice è scaduto: chiedine uno nuovo.');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    tick(30);
    expect(countdown()).toHaveTextContent('Il codice è scaduto');

    await user.click(screen.getByRole('button', { name: 'Invia un nuovo codice' }));
    expect(await screen.findByText('Ti abbiamo inviato un nuovo codice. Controlla la tua e-mail.')).toBeInTheDocument();
    expect(countdown()).toHaveTextContent('Il codice scade tra 2:00');
    expect(screen.getByRole('textbox', { name: 'Codice a 6 cifre' })).toHaveValue('');
    expect(api.callsTo('POST /api/auth/code')).toHaveLength(2);
    tick(1);
    expect(countdown()).toHaveTextContent('Il codice scade tra 1:59');
  });

  it('takes digits only, six at most, and signs in with them', async () => {
    const fan = aFan({ email: EMAIL });
    const { api, user } = await askForCode({
      'POST /api/auth/code/verify': { body: { message: 'Signed in with a one-time code', user: fan } },
    });
    const input = await screen.findByRole('textbox', { name: 'Codice a 6 cifre' });

    await user.type(input, '12a3 45678');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    // Signed in: back home, with the fan's name in the app bar.
    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/code/verify')[0]?.body).toEqual({ email: EMAIL, code: '123456' });
  });

  it.each([
    [apiError(401, 'code_invalid', 'Wrong code: 4 attempts left'), 'Codice errato: ti restano 4 tentativi.'],
    [apiError(401, 'code_invalid', 'Wrong code: 1 attempts left'), 'Codice errato: ti resta 1 tentativo.'],
    [apiError(401, 'code_invalid', 'This code is not valid: ask for a new one'), 'Questo codice non è valido: chiedine uno nuovo.'],
    [apiError(401, 'code_expired'), 'Questo codice è scaduto: chiedine uno nuovo.'],
    [apiError(429, 'code_locked'), 'Troppi tentativi sbagliati: chiedi un nuovo codice.'],
    [apiError(403, 'email_banned'), 'Questo indirizzo e-mail non può essere usato per accedere.'],
  ])('translates a refused code (%#)', async (answer, text) => {
    await askForCode({ 'POST /api/auth/code/verify': answer });
    await userEvent.setup().type(await screen.findByRole('textbox', { name: 'Codice a 6 cifre' }), '000000');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/English text|Wrong code/)).not.toBeInTheDocument();
  });

  it('does not let a locked code be tried again, only a new one asked for', async () => {
    const { user } = await askForCode({ 'POST /api/auth/code/verify': apiError(429, 'code_locked') });
    await user.type(await screen.findByRole('textbox', { name: 'Codice a 6 cifre' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    await screen.findByText('Troppi tentativi sbagliati: chiedi un nuovo codice.');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invia un nuovo codice' })).toBeEnabled();
  });

  it.each([
    [apiError(403, 'email_banned'), 'Questo indirizzo e-mail non può essere usato per accedere.'],
    [apiError(429, 'rate_limited'), 'Troppi tentativi: aspetta qualche minuto e riprova.'],
    [apiError(500, 'internal'), 'Qualcosa è andato storto. Riprova tra poco.'],
  ])('translates a refused request for a code (%#)', async (answer, text) => {
    await askForCode({}, answer);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue(EMAIL);
  });

  it("shows the API's e-mail check under the field, in the fan's words", async () => {
    await askForCode(
      {},
      apiError(422, 'validation_failed', 'Some fields are not valid', { email: 'Enter a valid e-mail address' }),
    );

    const field = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Scrivi un indirizzo e-mail valido/));
  });

  it('checks the address before asking the API', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.click(await screen.findByRole('button', { name: 'Inviami il codice' }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Scrivi il tuo indirizzo e-mail.');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'non-una-email');
    await user.click(screen.getByRole('button', { name: 'Inviami il codice' }));

    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(/Scrivi un indirizzo e-mail valido/);
    expect(api.callsTo('POST /api/auth/code')).toHaveLength(0);
  });

  it('sends a link instead, and says where it went', async () => {
    const api = stubApi({ 'POST /api/auth/link': { body: { message: 'Email sent successfully!' } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Inviami invece un link di accesso' }));

    const notice = await screen.findByRole('status');
    expect(within(notice).getByRole('heading', { name: 'E-mail inviata!' })).toBeInTheDocument();
    expect(notice).toHaveTextContent(EMAIL);
    expect(api.callsTo('POST /api/auth/link')[0]?.body).toEqual({
      email: EMAIL,
      language: 'it',
      consent: { marketing: false, profiling: false, third_party: false },
    });
  });

  it('speaks English and sends "en" when the fan chose English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const api = stubApi({
      'POST /api/auth/code': { body: { message: 'OTP sent. Please check your email.' } },
      'POST /api/auth/code/verify': apiError(401, 'code_invalid', 'Wrong code: 3 attempts left'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send me the code' }));

    expect(await screen.findByText('OTP sent. Please check your email.')).toBeInTheDocument();
    expect(countdown()).toHaveTextContent('The code expires in 2:00');
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong code: 3 attempts left.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/code')[0]?.body).toMatchObject({ language: 'en' });
  });
});

describe('sign-in page, password', () => {
  it('signs in with e-mail and password in the fan area and goes back where the fan was', async () => {
    const api = stubApi({
      'POST /api/auth/password': { body: { message: 'ok', user: aFan({ has_password: true }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi?return_to=/myaccount' });
    await user.click(await screen.findByRole('tab', { name: 'Password' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'luca.rossi@example.it');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'una-password-lunga');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Il mio account' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password')[0]?.body).toEqual({
      email: 'luca.rossi@example.it',
      password: 'una-password-lunga',
      area: 'fan',
    });
  });

  it("keeps the language chosen in this browser even when the account's is another", async () => {
    stubApi({ 'POST /api/auth/password': { body: { message: 'ok', user: aFan({ language: 'en' }) } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.click(await screen.findByRole('tab', { name: 'Password' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'luca.rossi@example.it');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'una-password-lunga');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
    expect(i18n.language).toBe('it');
  });

  it('translates wrong credentials', async () => {
    stubApi({ 'POST /api/auth/password': apiError(401, 'invalid_credentials', 'Wrong e-mail or password') });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.click(await screen.findByRole('tab', { name: 'Password' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'luca.rossi@example.it');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByText(/E-mail o password errate/)).toBeInTheDocument();
  });

  it('sends a reset link for a forgotten password, without saying whether the account exists', async () => {
    const api = stubApi({ 'POST /api/auth/password/forgot': { body: { message: 'Email sent successfully!' } } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accedi' });
    await user.click(await screen.findByRole('tab', { name: 'Password' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'luca.rossi@example.it');
    await user.click(screen.getByRole('button', { name: 'Password dimenticata?' }));
    await user.click(screen.getByRole('button', { name: 'Inviami il link' }));

    expect(await screen.findByText(/Se esiste un account con l'indirizzo luca.rossi@example.it/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password/forgot')[0]?.body).toEqual({
      email: 'luca.rossi@example.it',
      language: 'it',
    });
  });
});

describe('sign-in page when already signed in', () => {
  it('goes on to return_to', async () => {
    stubApi({ 'GET /api/me': { body: aFan() } });
    renderWithProviders(<AppRoutes />, { route: '/accedi?return_to=/myaccount' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Il mio account' })).toBeInTheDocument();
  });

  it('never goes to another site', async () => {
    stubApi({ 'GET /api/me': { body: aFan() } });
    renderWithProviders(<AppRoutes />, { route: '/accedi?return_to=//evil.example/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
  });
});
