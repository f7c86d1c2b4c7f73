import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { TRANSFER_NS } from '../../i18n';
import { field } from '../../test/checkout';
import { aFan, aSavedPerson } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import {
  TRANSFER_ID,
  aTransferCheck,
  aTransferView,
  expectAnnaSent,
  expectFailureSaid,
  fillAndSend,
  fillIn,
  refused,
} from '../../test/transfers';

beforeAll(async () => {
  await Promise.all([import('./TransferTitlePage'), i18n.loadNamespaces(TRANSFER_NS)]);
});

const SEAL = 'A1B2C3D4E5F6G7H8';
const CHECK = `GET /api/titles/${SEAL}/transfer`;
const TRANSFER = `POST /api/titles/${SEAL}/transfer`;
const POLL = `GET /api/transfers/${TRANSFER_ID}`;

function openTransfer(routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [CHECK]: { body: aTransferCheck() },
    [TRANSFER]: { status: 202, body: aTransferView() },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route: `/transfer_title/${SEAL}` });
  return { api, user: userEvent.setup() };
}

describe('/transfer_title/:seal', () => {
  it('shows the ticket, sends the new holder, follows the change and says it is done', async () => {
    let polls = 0;
    const { api, user } = openTransfer({
      // Under way at the first read, done at the next.
      [POLL]: () => ({ body: aTransferView({ state: polls++ === 0 ? 'requested' : 'done', done_at: '2026-11-25T10:00:05Z' }) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cedi il biglietto' })).toBeInTheDocument();
    const ticket = await screen.findByTestId('transfer-ticket');
    expect(within(ticket).getByRole('heading', { name: 'Como - Lazio' })).toBeInTheDocument();
    expect(within(ticket).getByText('Tribuna Centrale, blocco TC1, fila 1, posto 1')).toBeInTheDocument();
    expect(within(ticket).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(ticket).getByText(SEAL)).toBeInTheDocument();
    // The ticket keeps its fare: none to choose.
    expect(screen.queryByLabelText('Tariffa, biglietto 1')).not.toBeInTheDocument();

    await fillAndSend(user);

    expectAnnaSent(api.callsTo(TRANSFER));
    expect(await screen.findByTestId('transfer-progress')).toHaveTextContent('Stiamo cedendo il biglietto…');
    expect(screen.queryByTestId('transfer-submit')).not.toBeInTheDocument();

    const done = await screen.findByTestId('transfer-done', {}, { timeout: 15_000 });
    expect(done).toHaveTextContent('Biglietto ceduto a Anna Bianchi');
    expect(done).toHaveTextContent(
      'Il nuovo titolare riceve il biglietto per e-mail a anna.bianchi@example.it; se ha un account con questo indirizzo, lo trova anche nel suo wallet.',
    );
    expect(api.callsTo(POLL).length).toBeGreaterThanOrEqual(2);
    // The header's link back, and the one under the outcome.
    expect(screen.getAllByRole('link', { name: 'Torna al wallet' }).map((link) => link.getAttribute('href'))).toEqual(['/wallet/', '/wallet/']);
  });

  it('fills the new holder from a saved person', async () => {
    const giulia = aSavedPerson();
    const { api, user } = openTransfer({ 'GET /api/me/people': { body: [giulia] } });

    const picker = await screen.findByTestId('holder-0-saved-person');
    expect(picker).toBe(screen.getByRole('combobox', { name: 'Persona salvata, biglietto 1' }));
    await user.selectOptions(picker, giulia.id);

    expect(field('Nome', 1)).toHaveValue('Giulia');
    expect(field('Cognome', 1)).toHaveValue('Rossi');
    expect(field('Data di nascita', 1)).toHaveValue('2012-09-30');
    expect(field('Luogo di nascita', 1)).toHaveValue('Como');
    expect(field('Sesso', 1)).toHaveValue('F');
    expect(field('Tipo di documento', 1)).toHaveValue('id_card');
    expect(field('Numero del documento', 1)).toHaveValue('CA7654321');
    await user.type(screen.getByRole('textbox', { name: 'E-mail del nuovo titolare' }), 'giulia.rossi@example.it');
    await user.click(screen.getByTestId('transfer-submit'));

    await waitFor(() => expect(api.callsTo(TRANSFER)).toHaveLength(1));
    expect(api.callsTo(TRANSFER)[0]?.body).toMatchObject({
      holder: {
        first_name: 'Giulia',
        last_name: 'Rossi',
        birth_date: '2012-09-30',
        birth_place: 'Como',
        document_type: 'id_card',
        document_number: 'CA7654321',
        sex: 'F',
      },
      email: 'giulia.rossi@example.it',
    });
  });

  it('says why the ticketing system refused the change, and lets the fan name someone else', async () => {
    const { user } = openTransfer({ [POLL]: { body: aTransferView({ state: 'refused', refusal_code: 'holder_banned' }) } });

    await fillAndSend(user);

    const outcome = await screen.findByTestId('transfer-refused');
    expect(outcome).toHaveTextContent('Cessione non riuscita');
    expect(outcome).toHaveTextContent('Il nuovo titolare non può ricevere biglietti per le partite del club.');
    expect(outcome).toHaveTextContent('Il tuo biglietto resta valido e resta tuo.');

    await user.click(screen.getByTestId('transfer-again'));
    expect(await screen.findByLabelText('Nome, biglietto 1')).toHaveValue('');
  });

  it('checks the form before sending, then puts the API’s field errors on their fields', async () => {
    const { api, user } = openTransfer({
      [TRANSFER]: refused(422, 'validation_failed', { 'holder.last_name': 'invalid characters', email: 'not a valid e-mail address' }),
    });

    await screen.findByLabelText('Nome, biglietto 1');
    await user.click(screen.getByTestId('transfer-submit'));
    expect(field('Nome', 1)).toHaveAccessibleDescription('Scrivi il nome.');
    expect(field('Nome', 1)).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'E-mail del nuovo titolare' })).toHaveAccessibleDescription(
      "Scrivi l'indirizzo e-mail del nuovo titolare.",
    );
    expect(api.callsTo(TRANSFER)).toHaveLength(0);

    fillIn();
    await user.click(screen.getByTestId('transfer-submit'));

    await waitFor(() =>
      expect(field('Cognome', 1)).toHaveAccessibleDescription(
        'Cognome non accettato: da 1 a 60 caratteri tra lettere, spazi, apostrofi, punti e trattini.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'E-mail del nuovo titolare' })).toHaveAccessibleDescription(
      'Scrivi un indirizzo e-mail valido, per esempio nome@esempio.it.',
    );
    expect(field('Nome', 1)).not.toHaveAccessibleDescription();
    expect(screen.getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
    expect(screen.queryByTestId('transfer-failure')).not.toBeInTheDocument();
    expect(screen.queryByText(/invalid characters/)).not.toBeInTheDocument();
  });

  it.each([
    ['reduction_not_fitting', refused(409, 'reduction_not_fitting'), /non ha diritto alla tariffa di questo biglietto \(Intero\)/],
    ['rate_limited', refused(429, 'rate_limited'), /Hai chiesto molte cessioni nell'ultima ora/],
  ])("says %s in the fan's words", async (_code, answer, text) => {
    const { user } = openTransfer({ [TRANSFER]: answer });

    await expectFailureSaid(user, text);
  });

  it('says on the holder that they already have a ticket for the match', async () => {
    const { user } = openTransfer({ [TRANSFER]: refused(409, 'holder_has_title') });

    await fillAndSend(user);

    expect(await within(screen.getByTestId('holder-0')).findByText('Questa persona ha già un biglietto per questa partita.')).toBeInTheDocument();
    expect(screen.queryByTestId('transfer-failure')).not.toBeInTheDocument();
  });

  it('says why a ticket may not be passed on, with the ticketing system’s reason, and offers no form', async () => {
    openTransfer({
      [CHECK]: { body: aTransferCheck({ transferable: false, refusal_code: 'title_not_transferable', reason: 'Titolo già ceduto una volta' }) },
    });

    const why = await screen.findByTestId('transfer-not-possible');
    expect(why).toHaveTextContent('Questo biglietto non può essere ceduto');
    expect(why).toHaveTextContent('Il sistema di biglietteria non consente di cedere questo biglietto.');
    expect(why).toHaveTextContent('Risposta del sistema di biglietteria: «Titolo già ceduto una volta»');
    expect(screen.getByTestId('transfer-ticket')).toBeInTheDocument();
    expect(screen.queryByTestId('transfer-submit')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nome, biglietto 1')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    openTransfer({ 'GET /api/me': SIGNED_OUT });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('says, in English, that a ticket not the fan’s is not in their wallet', async () => {
    await act(() => i18n.changeLanguage('en'));
    openTransfer({ [CHECK]: refused(404, 'title_not_found') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pass on your ticket' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('This ticket is not in your wallet.');
  });
});
