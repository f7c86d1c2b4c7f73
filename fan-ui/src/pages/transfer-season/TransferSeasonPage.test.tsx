import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { TRANSFER_NS } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import {
  TRANSFER_ID,
  aSeasonTransferCheck,
  aSeasonTransferView,
  expectAnnaSent,
  expectFailureSaid,
  fillAndSend,
  refused,
} from '../../test/transfers';

beforeAll(async () => {
  await Promise.all([import('../transfer-title/TransferTitlePage'), i18n.loadNamespaces(TRANSFER_NS)]);
});

const CHECK = 'GET /api/season-seats/21/matches/100001/transfer';
const TRANSFER = 'POST /api/season-seats/21/matches/100001/transfer';
const POLL = `GET /api/transfers/${TRANSFER_ID}`;

function openSeasonTransfer(routes: Record<string, StubRoute> = {}, route = '/transfer_season/21/100001') {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [CHECK]: { body: aSeasonTransferCheck() },
    [TRANSFER]: { status: 202, body: aSeasonTransferView() },
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route });
  return { api, user: userEvent.setup() };
}

describe('/transfer_season/:lineId/:fixtureId', () => {
  it('shows the season seat and the match, sends the new holder, follows the change and says it is done', async () => {
    let polls = 0;
    const { api, user } = openSeasonTransfer({
      // Under way at the first read, done at the next.
      [POLL]: () => ({ body: aSeasonTransferView({ state: polls++ === 0 ? 'requested' : 'done', done_at: '2026-11-25T10:00:05Z' }) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Cedi una partita dell'abbonamento" })).toBeInTheDocument();
    const summary = await screen.findByTestId('transfer-season-match');
    expect(within(summary).getByRole('heading', { name: 'Como - Genoa' })).toBeInTheDocument();
    expect(within(summary).getByText('Abbonamento Serie A 2025-2026')).toBeInTheDocument();
    // 18:45 UTC in December is 19:45 in Como.
    expect(within(summary).getByText(/27 dicembre 2026.*19:45/)).toBeInTheDocument();
    expect(within(summary).getByText('Tribuna Centrale, blocco A, fila 1, posto 1')).toBeInTheDocument();
    expect(within(summary).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(summary).getByText('SEAL-SEASON-1')).toBeInTheDocument();
    expect(within(summary).getByText('Cedibile fino a')).toBeInTheDocument();
    expect(within(summary).getByText(/27 dic 2026, 18:45/)).toBeInTheDocument();
    expect(within(summary).getByTestId('season-transfer-usage')).toHaveTextContent('1 di 3 partite cedute');
    // The season seat keeps its fare: none to choose.
    expect(screen.queryByLabelText('Tariffa, biglietto 1')).not.toBeInTheDocument();
    expect(screen.getByText(/Il tuo abbonamento resta valido per le altre\./)).toBeInTheDocument();
    expect(screen.getByTestId('transfer-submit')).toHaveTextContent('Cedi questa partita');

    await fillAndSend(user);

    expectAnnaSent(api.callsTo(TRANSFER));
    expect(await screen.findByTestId('transfer-progress')).toHaveTextContent('Stiamo cedendo la partita…');
    expect(screen.queryByTestId('transfer-submit')).not.toBeInTheDocument();

    const done = await screen.findByTestId('transfer-done', {}, { timeout: 15_000 });
    expect(done).toHaveTextContent('Partita ceduta a Anna Bianchi');
    expect(done).toHaveTextContent(
      'Il nuovo titolare riceve il biglietto per e-mail a anna.bianchi@example.it; se ha un account con questo indirizzo, lo trova anche nel suo wallet.',
    );
    expect(api.callsTo(POLL).length).toBeGreaterThanOrEqual(2);
    // Once asked for, the check is not read again: the seat is no longer the fan's for that match.
    expect(api.callsTo(CHECK)).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Torna al wallet' }).map((link) => link.getAttribute('href'))).toEqual(['/wallet/', '/wallet/']);
  });

  it("says, in the fan's words, that the season ticket's matches to pass on are used up, and offers no form", async () => {
    openSeasonTransfer({
      [CHECK]: { body: aSeasonTransferCheck({ transferable: false, refusal_code: 'season_transfer_limit', transfers_used: 3 }) },
    });

    const why = await screen.findByTestId('transfer-not-possible');
    expect(why).toHaveTextContent('Questa partita non può essere ceduta');
    expect(why).toHaveTextContent('Hai già ceduto tutte le partite che il tuo abbonamento consente di cedere.');
    expect(screen.getByTestId('season-transfer-usage')).toHaveTextContent('3 di 3 partite cedute');
    // Not to be passed on: no closing time to wait for.
    expect(screen.queryByText('Cedibile fino a')).not.toBeInTheDocument();
    expect(screen.queryByTestId('transfer-submit')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nome, biglietto 1')).not.toBeInTheDocument();
  });

  it.each([
    ['season_transfer_limit', refused(409, 'season_transfer_limit'), 'Hai già ceduto tutte le partite che il tuo abbonamento consente di cedere.'],
    ['already_passed_on', refused(409, 'already_passed_on'), 'Hai già ceduto questa partita: il posto è del nuovo titolare.'],
    ['in_resale', refused(409, 'in_resale'), 'Questa partita è in rivendita: ritirala dalla rivendita prima di cederla.'],
    ['title_banned', refused(409, 'title_banned'), 'Questo abbonamento è bloccato dal club e non può essere ceduto. Per informazioni scrivi alla biglietteria.'],
    ['title_used', refused(409, 'title_used'), "L'abbonamento è già stato usato per questa partita."],
    ['reduction_not_fitting', refused(409, 'reduction_not_fitting'), /non ha diritto alla tariffa del tuo abbonamento \(Intero\)/],
    ['rate_limited', refused(429, 'rate_limited'), "Hai chiesto molte cessioni nell'ultima ora: riprova più tardi."],
  ])("says a refused %s in the fan's words", async (_code, answer, text) => {
    const { user } = openSeasonTransfer({ [TRANSFER]: answer });

    await expectFailureSaid(user, text);
  });

  it('says why the ticketing system refused the change, and that the season ticket is still valid', async () => {
    const { user } = openSeasonTransfer({
      [POLL]: { body: aSeasonTransferView({ state: 'refused', refusal_code: 'supporter_card_required' }) },
    });

    await fillAndSend(user);

    const outcome = await screen.findByTestId('transfer-refused');
    for (const said of [
      'Cessione non riuscita',
      'Per questo biglietto il nuovo titolare deve avere la tessera del tifoso.',
      'Il tuo abbonamento resta valido anche per questa partita.',
    ]) {
      expect(outcome).toHaveTextContent(said);
    }
    await user.click(screen.getByRole('button', { name: "Cedila a un'altra persona" }));
    expect(await screen.findByLabelText('Nome, biglietto 1')).toHaveValue('');
  });

  it('sends a visitor to sign in first', async () => {
    openSeasonTransfer({ 'GET /api/me': SIGNED_OUT });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('is not found for a seat or match that is not a number', async () => {
    const { api } = openSeasonTransfer({}, '/transfer_season/21/abc');

    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent("Cedi una partita dell'abbonamento");
    expect(api.callsTo(CHECK)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openSeasonTransfer({ [CHECK]: { body: aSeasonTransferCheck({ transfers_used: 0, transfer_limit: 1 }) } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pass on a match of your season ticket' })).toBeInTheDocument();
    expect(await screen.findByTestId('season-transfer-usage')).toHaveTextContent('0 of 1 match passed on');
    expect(screen.getByTestId('transfer-submit')).toHaveTextContent('Pass on this match');
  });

  it('says, in English, that a season seat not the fan’s is not in their wallet', async () => {
    await act(() => i18n.changeLanguage('en'));
    openSeasonTransfer({ [CHECK]: refused(404, 'title_not_found') });

    expect(await screen.findByRole('alert')).toHaveTextContent('This season ticket is not in your wallet, or does not cover this match.');
  });
});
