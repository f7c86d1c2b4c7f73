import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aFan, aSupporterCard } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { NewCard, SupporterCard } from '../../../../api-types';

beforeAll(async () => {
  await import('./SupporterCardsPage');
});

const ROUTE = '/myaccount/supporter-cards';

const family = aSupporterCard({
  id: 'c-2',
  card_number: 'TF0000000002',
  holder_first_name: 'Anna',
  holder_last_name: 'Neri',
  holder_birth_date: '2012-09-30',
  card_state: 'registered',
  expires_on: null,
});

/** The API for a signed-in Luca holding `cards`; `add` answers the POST, `remove` the DELETEs. */
function stubCardsApi(cards: SupporterCard[], add?: StubRoute, remove: StubRoute = { status: 204 }) {
  let current = cards;
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/me/supporter-cards': () => ({ body: current }),
    ...(add === undefined ? {} : { 'POST /api/me/supporter-cards': add }),
    ...Object.fromEntries(cards.map((card) => [`DELETE /api/me/supporter-cards/${card.id}`, remove])),
  });
  return { ...api, setCards: (next: SupporterCard[]) => (current = next) };
}

function cardNumberField() {
  return screen.getByRole('textbox', { name: 'Numero della tessera' });
}

function birthDateField() {
  return screen.getByLabelText(/^Data di nascita del titolare/);
}

async function addCard(user: UserEvent, number: string, birthDate: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Numero della tessera' }), number);
  await user.type(birthDateField(), birthDate);
  await user.click(screen.getByRole('button', { name: 'Aggiungi la tessera' }));
}

function refused(status: number, code: string, errors: Record<string, string> = {}): StubRoute {
  return { status, body: { code, message: 'x', errors } };
}

describe('/myaccount/supporter-cards', () => {
  it('sends a visitor to sign in', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continua con Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?return_to=%2Fmyaccount%2Fsupporter-cards&language=it',
    );
  });

  it("lists the fan's cards: number, holder, birth date, state and expiry", async () => {
    stubCardsApi([aSupporterCard(), family]);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tessere del tifoso' })).toBeInTheDocument();
    const mine = await screen.findByRole('article', { name: 'TF0000000001' });
    expect(within(mine).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(mine).getByText('1 aprile 1990')).toBeInTheDocument();
    expect(within(mine).getByText('24 novembre 2031')).toBeInTheDocument();
    expect(within(mine).getByTestId('card-state-7c9e6679-7425-40de-944b-e07fc1f90ae7')).toHaveTextContent('Emessa');
    const anna = screen.getByRole('article', { name: 'TF0000000002' });
    expect(within(anna).getByText('Anna Neri')).toBeInTheDocument();
    expect(within(anna).getByText('30 settembre 2012')).toBeInTheDocument();
    expect(within(anna).getByText('Nessuna')).toBeInTheDocument();
    expect(within(anna).getByTestId('card-state-c-2')).toHaveTextContent('Registrata');
  });

  it('says when there are none, and that family cards count too', async () => {
    stubCardsApi([]);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByTestId('cards-empty')).toHaveTextContent('Non hai ancora aggiunto tessere.');
    expect(birthDateField()).toHaveAccessibleDescription(
      'La data di nascita del titolare, come stampata sulla tessera: non per forza la tua, perché puoi aggiungere anche le tessere dei tuoi familiari.',
    );
  });

  it('adds a card, sending its number normalised, and shows it', async () => {
    const added = aSupporterCard({ id: 'c-3', card_number: 'TF0000000003', holder_first_name: 'Marta', holder_birth_date: '1985-06-15' });
    const api = stubCardsApi([aSupporterCard()], { status: 201, body: added });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await screen.findByRole('article', { name: 'TF0000000001' });
    await addCard(user, ' tf 0000-000 003 ', '1985-06-15');

    const shown = await screen.findByRole('article', { name: 'TF0000000003' });
    expect(within(shown).getByText('Marta Neri')).toBeInTheDocument();
    expect(within(shown).getByText('15 giugno 1985')).toBeInTheDocument();
    expect(await screen.findByText('Tessera TF0000000003 aggiunta')).toBeInTheDocument();
    const [post] = api.callsTo('POST /api/me/supporter-cards');
    expect(post?.body).toEqual({ card_number: 'TF0000000003', birth_date: '1985-06-15' } satisfies NewCard);
    expect(post?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // Oldest first, as the API lists them; the form is ready for the next one.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('data-testid'))).toEqual([
      'card-7c9e6679-7425-40de-944b-e07fc1f90ae7',
      'card-c-3',
    ]);
    expect(cardNumberField()).toHaveValue('');
  });

  it('checks both fields before asking the API', async () => {
    const api = stubCardsApi([], { status: 201, body: aSupporterCard() });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await screen.findByTestId('cards-empty');
    await user.click(screen.getByRole('button', { name: 'Aggiungi la tessera' }));
    expect(cardNumberField()).toHaveAccessibleDescription('Scrivi il numero della tessera.');
    expect(birthDateField()).toHaveAccessibleDescription('Scrivi la data di nascita del titolare.');

    await user.type(cardNumberField(), 'TF-1');
    await user.type(birthDateField(), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Aggiungi la tessera' }));
    expect(cardNumberField()).toHaveAccessibleDescription('Il numero della tessera ha da 6 a 20 lettere e cifre.');
    expect(birthDateField()).toHaveAccessibleDescription('Scrivi una data di nascita valida, nel passato.');
    expect(api.callsTo('POST /api/me/supporter-cards')).toHaveLength(0);
  });

  it.each([
    [422, 'card_not_found', 'Non troviamo una tessera con questo numero e questa data di nascita: controllali entrambi sulla tessera.'],
    [422, 'card_not_valid', 'Questa tessera non è valida: è stata revocata o è scaduta.'],
    [409, 'card_already_yours', 'Questa tessera è già nel tuo account.'],
    [409, 'card_taken', 'Questa tessera è già collegata a un altro account.'],
  ])('shows a %i %s on the card number', async (status, code, message) => {
    stubCardsApi([], refused(status, code, { card_number: code }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await addCard(user, 'TF0000000009', '1990-04-01');

    await waitFor(() => expect(cardNumberField()).toHaveAccessibleDescription(message));
    expect(cardNumberField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [409, 'too_many_cards', "Hai già il massimo di 10 tessere: rimuovine una per aggiungerne un'altra."],
    [429, 'rate_limited', 'Troppe verifiche di tessere in poco tempo: aspetta 15 minuti e riprova.'],
    [503, 'ticketing_unavailable', 'Non riusciamo a verificare la tessera in questo momento: riprova tra poco.'],
  ])('says what a %i %s means', async (status, code, message) => {
    stubCardsApi([], refused(status, code));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await addCard(user, 'TF0000000009', '1990-04-01');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(cardNumberField()).toHaveValue('TF0000000009');
  });

  it('shows a 422 validation_failed on each field it names', async () => {
    stubCardsApi([], refused(422, 'validation_failed', { card_number: 'invalid', birth_date: 'required' }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await addCard(user, 'TF0000000009', '1990-04-01');

    await waitFor(() =>
      expect(cardNumberField()).toHaveAccessibleDescription('Il numero della tessera ha da 6 a 20 lettere e cifre.'),
    );
    expect(birthDateField()).toHaveAccessibleDescription('Scrivi la data di nascita del titolare.');
  });

  it('removes a card only once the fan confirms', async () => {
    const api = stubCardsApi([aSupporterCard(), family]);
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Rimuovi la tessera TF0000000002' }));
    let dialog = screen.getByRole('dialog', { name: 'Rimuovere la tessera?' });
    expect(dialog).toHaveAccessibleDescription(
      'La tessera TF0000000002 di Anna Neri non sarà più collegata al tuo account. Potrai aggiungerla di nuovo in seguito.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/me/supporter-cards/c-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rimuovi la tessera TF0000000002' }));
    dialog = screen.getByRole('dialog', { name: 'Rimuovere la tessera?' });
    api.setCards([aSupporterCard()]);
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));

    expect(await screen.findByText('Tessera TF0000000002 rimossa')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'TF0000000002' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'TF0000000001' })).toBeInTheDocument();
    const [removal] = api.callsTo('DELETE /api/me/supporter-cards/c-2');
    expect(removal?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it('says so when the card to remove is no longer there', async () => {
    stubCardsApi([aSupporterCard()], undefined, refused(404, 'not_found'));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Rimuovi la tessera TF0000000001' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const card = screen.getByRole('article', { name: 'TF0000000001' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Questa tessera non è più nel tuo account.');
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubCardsApi([family]);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    const anna = await screen.findByRole('article', { name: 'TF0000000002' });
    expect(within(anna).getByText('September 30, 2012')).toBeInTheDocument();
    expect(within(anna).getByTestId('card-state-c-2')).toHaveTextContent('Registered');
    expect(screen.getByRole('button', { name: 'Remove card TF0000000002' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/myaccount');
  });
});
