import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Admin, Resource, TestMemoryRouter, testDataProvider, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider } from '../auth/authProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { pathOf, STAFF_ME, stubFetch } from '../test/render';
import { adminTheme } from '../theme';
import { LoginPage } from './LoginPage';

const SECRET = 'KRUGS4ZANFZSAYLOEBQWI3LJNYQHI33U';
const OTPAUTH_URL = `otpauth://totp/Lario:staff%40lario.test?secret=${SECRET}&issuer=Lario&algorithm=SHA1&digits=6&period=30`;
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `k${String(i)}xyz-2345${String(i)}`);

const TOTP_STEP = { body: { second_factor: 'totp', challenge: 'ch-totp' } };
const ENROLL_STEP = {
  body: { second_factor: 'enroll', challenge: 'ch-enroll', totp: { secret: SECRET, otpauth_url: OTPAUTH_URL } },
};
const SIGNED_IN = { body: { message: 'ok', user: STAFF_ME } };

// The translations are one object for the whole file: a test that chose English leaves it so.
afterEach(async () => {
  await i18nProvider.changeLocale('it');
});

function refusal(status: number, code: string) {
  return { status, body: { code, message: 'English text', errors: code === 'second_factor_invalid' ? { code } : {} } };
}

/**
 * The login page with the real authProvider over the stubbed API. Nobody is signed in as far
 * as checkAuth says, so the page stays until react-admin's login() redirects to the first
 * resource, "Utenti".
 */
function renderLogin() {
  const provider: AuthProvider = { ...authProvider, checkAuth: () => Promise.reject({ message: false }) };
  render(
    <TestMemoryRouter initialEntries={['/login']}>
      <Admin
        authProvider={provider}
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        theme={adminTheme}
        loginPage={LoginPage}
      >
        <Resource name="users" list={() => <p>Utenti</p>} />
      </Admin>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'staff@lario.test');
  await user.type(screen.getByLabelText(/^Password/), 'lario-staff-2026');
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

function codeField() {
  return screen.findByRole('textbox', { name: /Codice dell'app di autenticazione/ });
}

function bodiesSentTo(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => pathOf(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('signing in with an authenticator app', () => {
  it('asks for the app code after the password, then enters the app', async () => {
    const fetchMock = stubFetch({ '/api/auth/password': TOTP_STEP, '/api/auth/second-factor': SIGNED_IN });
    const user = renderLogin();

    await typePassword(user);
    const field = await codeField();
    expect(screen.getByText('Accesso come staff@lario.test')).toBeInTheDocument();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();
    // Not an enrolment: no QR code, no secret.
    expect(screen.queryByRole('img', { name: "Codice QR per l'app di autenticazione" })).not.toBeInTheDocument();
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));

    expect(await screen.findByText('Utenti')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/password')).toEqual([
      { email: 'staff@lario.test', password: 'lario-staff-2026', area: 'admin' },
    ]);
    expect(bodiesSentTo(fetchMock, '/api/auth/second-factor')).toEqual([{ challenge: 'ch-totp', code: '123456' }]);
  });

  it('takes a recovery code instead of the app code', async () => {
    const fetchMock = stubFetch({ '/api/auth/password': TOTP_STEP, '/api/auth/second-factor': SIGNED_IN });
    const user = renderLogin();

    await typePassword(user);
    await codeField();
    await user.click(screen.getByRole('button', { name: 'Usa un codice di recupero' }));
    const field = screen.getByRole('textbox', { name: /Codice di recupero/ });
    expect(field).not.toHaveAttribute('inputmode', 'numeric');
    await user.type(field, 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));

    expect(await screen.findByText('Utenti')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/second-factor')).toEqual([{ challenge: 'ch-totp', code: 'abcde-23456' }]);
  });

  it('says a code is wrong and takes the next one on the same challenge', async () => {
    const fetchMock = stubFetch({
      '/api/auth/password': TOTP_STEP,
      '/api/auth/second-factor': [refusal(401, 'second_factor_invalid'), SIGNED_IN],
    });
    const user = renderLogin();

    await typePassword(user);
    // Not six digits: said at once, nothing sent.
    await user.type(await codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(await screen.findByText('Il codice ha 6 cifre.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/second-factor')).toEqual([]);

    await user.type(await codeField(), '6');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Codice errato: scrivi il codice che l'app mostra adesso, oppure un codice di recupero non ancora usato.",
    );
    // The wrong code is cleared for the next one; the password is not asked again.
    expect(await codeField()).toHaveValue('');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();

    await user.type(await codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(await screen.findByText('Utenti')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/second-factor')).toEqual([
      { challenge: 'ch-totp', code: '123456' },
      { challenge: 'ch-totp', code: '654321' },
    ]);
  });

  it('asks for the password again when the challenge is over, saying why', async () => {
    stubFetch({ '/api/auth/password': TOTP_STEP, '/api/auth/second-factor': refusal(401, 'challenge_expired') });
    const user = renderLogin();

    await typePassword(user);
    await user.type(await codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il tempo per il codice è scaduto, o i tentativi sono finiti: inserisci di nuovo la password.',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('staff@lario.test');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: /Codice dell'app/ })).not.toBeInTheDocument();
  });

  it('goes back to the password on request', async () => {
    stubFetch({ '/api/auth/password': TOTP_STEP });
    const user = renderLogin();

    await typePassword(user);
    await codeField();
    await user.click(screen.getByRole('button', { name: 'Torna alla password' }));

    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('staff@lario.test');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks English in the second step to staff who chose it', async () => {
    stubFetch({ '/api/auth/password': TOTP_STEP, '/api/auth/second-factor': refusal(401, 'second_factor_invalid') });
    const user = renderLogin();

    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByRole('textbox', { name: /mail/i }), 'staff@lario.test');
    await user.type(screen.getByLabelText(/^Password/), 'lario-staff-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByRole('textbox', { name: /Authenticator app code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong code: type the code the app shows now, or a recovery code not used yet.',
    );
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });
});

describe('setting up the authenticator app at the first sign-in', () => {
  it('shows the QR code and the secret, then the recovery codes, and enters only once they are saved', async () => {
    const fetchMock = stubFetch({
      '/api/auth/password': ENROLL_STEP,
      '/api/auth/second-factor': { body: { message: 'ok', user: STAFF_ME, recovery_codes: RECOVERY_CODES } },
    });
    const user = renderLogin();

    await typePassword(user);
    expect(
      await screen.findByText(/Gli account dello staff accedono con la password e un'app di autenticazione/),
    ).toBeInTheDocument();
    // The QR code (loaded on demand) and the secret in groups of four.
    expect(await screen.findByRole('img', { name: "Codice QR per l'app di autenticazione" })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('KRUG S4ZA NFZS AYLO EBQW I3LJ NYQH I33U');
    expect(screen.getByRole('button', { name: 'Copia la chiave' })).toBeInTheDocument();
    // No recovery codes exist before the enrolment.
    expect(screen.queryByRole('button', { name: 'Usa un codice di recupero' })).not.toBeInTheDocument();

    await user.type(await codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verifica' }));

    const list = await screen.findByRole('list', { name: 'Codici di recupero' });
    expect(Array.from(list.querySelectorAll('li'), (item) => item.textContent)).toEqual(RECOVERY_CODES);
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();

    // Not in before saying the codes are saved.
    await user.click(screen.getByRole('button', { name: 'Continua' }));
    expect(await screen.findByText('Conferma di aver salvato i codici per continuare.')).toBeInTheDocument();
    expect(screen.queryByText('Utenti')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Ho salvato i codici' }));
    await user.click(screen.getByRole('button', { name: 'Continua' }));

    expect(await screen.findByText('Utenti')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/second-factor')).toEqual([{ challenge: 'ch-enroll', code: '123456' }]);
    // Saying the codes are saved asks the API nothing: the session was open already.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([input]) => pathOf(input) !== '/api/me')).toHaveLength(2));
  });
});
