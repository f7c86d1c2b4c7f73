import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';

beforeAll(async () => {
  await import('./AccountDeletionPage');
});

const ROUTE = '/myaccount/delete';
const FIELD = 'Scrivi il tuo indirizzo e-mail per confermare';
const BUTTON = 'Elimina definitivamente il mio account';

/** A refusal as the API words it. */
const refusal = (status: number, code: string, errors: Record<string, string> = {}): StubRoute => ({
  status,
  body: { code, message: 'English', errors },
});

/** The page for a signed-in Luca, whose `DELETE /api/me` answers `answer`. */
async function openPage(answer: StubRoute) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'DELETE /api/me': answer,
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: ROUTE });
  expect(await screen.findByRole('heading', { level: 1, name: 'Elimina il mio account' })).toBeInTheDocument();
  return { api, user };
}

describe('/myaccount/delete', () => {
  it('sends a visitor to sign in and back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount%2Fdelete&language=it',
    );
  });

  it('says what is erased and what is kept, and waits for the e-mail before the button works', async () => {
    const { user } = await openPage({ body: { message: 'Account deleted' } });

    const erased = screen.getByRole('region', { name: 'Che cosa cancelliamo' });
    expect(within(erased).getAllByRole('listitem')).toHaveLength(5);
    expect(erased).toHaveTextContent('codice fiscale, nascita, residenza e documento');
    expect(erased).toHaveTextContent('tessere del tifoso');
    expect(screen.getByRole('region', { name: 'Che cosa conserviamo' })).toHaveTextContent(
      'I biglietti e gli abbonamenti già emessi e i tuoi ordini, come richiedono le norme fiscali italiane: restano senza i tuoi recapiti.',
    );
    expect(screen.getByText(/non si può annullare/)).toBeInTheDocument();

    const button = screen.getByRole('button', { name: BUTTON });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: FIELD }), '   ');
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: FIELD }), 'luca');
    expect(button).toBeEnabled();
  });

  it('sends the e-mail typed again and, once deleted, forgets the fan and says so', async () => {
    const { api, user } = await openPage({ body: { message: 'Account deleted' } });
    expect(screen.getByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: FIELD }), ' Luca.Rossi@example.it ');
    await user.click(screen.getByRole('button', { name: BUTTON }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Account eliminato' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('Il tuo account è stato eliminato e i tuoi dati personali sono stati cancellati.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai alla home page' })).toHaveAttribute('href', '/');
    expect(api.callsTo('DELETE /api/me')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/me')[0]?.body).toEqual({ confirm_email: 'Luca.Rossi@example.it' });
    expect(api.callsTo('DELETE /api/me')[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // The session is cleared: the header offers to sign in, and the confirmation stays.
    expect(await screen.findByRole('link', { name: 'Accedi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account di Luca' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account eliminato' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Account eliminato · /);
  });

  it('says on the field, and focuses it, when the e-mail is not the account\'s', async () => {
    const { user } = await openPage(refusal(422, 'validation_failed', { confirm_email: 'not_matching' }));

    const field = screen.getByRole('textbox', { name: FIELD });
    await user.type(field, 'marco@example.it');
    await user.click(screen.getByRole('button', { name: BUTTON }));

    await waitFor(() => expect(field).toHaveAccessibleDescription("L'indirizzo non corrisponde a quello del tuo account"));
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Still signed in, still here.
    expect(screen.getByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();

    // Typing again clears it.
    await user.type(field, 'x');
    expect(field).not.toBeInvalid();
  });

  it('says an order, a resale or a transfer under way must end first', async () => {
    const { user } = await openPage(refusal(409, 'account_busy'));

    await user.type(screen.getByRole('textbox', { name: FIELD }), 'luca.rossi@example.it');
    await user.click(screen.getByRole('button', { name: BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hai un ordine, una rivendita o una cessione in corso: riprova quando è concluso.',
    );
    expect(screen.getByRole('textbox', { name: FIELD })).not.toBeInvalid();
    expect(screen.getByRole('heading', { level: 1, name: 'Elimina il mio account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();
  });

  it("says a staff account is closed by an administrator, and any other failure in the app's words", async () => {
    const { user } = await openPage(refusal(403, 'staff_account'));

    await user.type(screen.getByRole('textbox', { name: FIELD }), 'luca.rossi@example.it');
    await user.click(screen.getByRole('button', { name: BUTTON }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gli account dello staff vengono chiusi da un amministratore.');

    stubApi({ 'GET /api/me': { body: aFan() }, 'DELETE /api/me': { status: 500, body: { code: 'internal', message: 'x' } } });
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Qualcosa è andato storto. Riprova tra poco.'),
    );
  });

  it('speaks English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubApi({ 'GET /api/me': { body: aFan() } });
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Type your e-mail address to confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Permanently delete my account' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'What we keep' })).toHaveTextContent('as Italian tax rules require');
  });
});
