import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { RESALE_NS } from '../../i18n';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import { RESALE_ID, aResaleCheck, aResaleOffer } from '../../test/resale';
import { refused } from '../../test/transfers';

beforeAll(async () => {
  await Promise.all([import('./ResalePage'), import('../sign-in/SignInPage'), i18n.loadNamespaces(RESALE_NS)]);
});

const CHECK = 'GET /api/season-seats/21/matches/100001/resale';
const OFFER = 'POST /api/season-seats/21/matches/100001/resale';
const WITHDRAW = `POST /api/resales/${RESALE_ID}/withdraw`;

function openResale(routes: Record<string, StubRoute> = {}, route = '/resale_season/21/100001') {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [CHECK]: { body: aResaleCheck() },
    [OFFER]: ({ body }) => ({ status: 201, body: aResaleOffer({ price_cents: (body as { price_cents: number }).price_cents }) }),
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route });
  return { api, user: userEvent.setup() };
}

const priceField = () => screen.getByRole('textbox', { name: 'Prezzo di vendita (€)' });

/** Types `price` in the price field, in place of what is there. */
async function typePrice(user: ReturnType<typeof userEvent.setup>, price: string) {
  await user.clear(priceField());
  if (price !== '') {
    await user.type(priceField(), price);
  }
}

describe('/resale_season/:lineId/:fixtureId', () => {
  it('shows the seat, the match and the terms, says what comes back as the fan types, offers the seat and takes it back', async () => {
    let offered = false;
    const { api, user } = openResale({
      [CHECK]: () => ({ body: aResaleCheck(offered ? { resellable: false, refusal_code: 'in_resale', offer: aResaleOffer({ price_cents: 3000 }) } : {}) }),
      [OFFER]: ({ body }) => {
        offered = true;
        return { status: 201, body: aResaleOffer({ price_cents: (body as { price_cents: number }).price_cents }) };
      },
      [WITHDRAW]: () => {
        offered = false;
        return { body: aResaleOffer({ price_cents: 3000, state: 'withdrawn' }) };
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Metti in rivendita una partita dell'abbonamento" })).toBeInTheDocument();
    const summary = await screen.findByTestId('resale-season-match');
    expect(within(summary).getByRole('heading', { name: 'Como - Genoa' })).toBeInTheDocument();
    expect(within(summary).getByText('Abbonamento Serie A 2025-2026')).toBeInTheDocument();
    expect(within(summary).getByText('Tribuna Centrale, blocco A, fila 1, posto 1')).toBeInTheDocument();
    expect(within(summary).getByText('SEAL-SEASON-1')).toBeInTheDocument();
    expect(within(summary).getByText('Prezzo nominale').nextElementSibling).toHaveTextContent('45,00 €');
    expect(within(summary).getByText('Commissione del club').nextElementSibling).toHaveTextContent('5,00 €');
    // 17:45 UTC in December is 18:45 in Como.
    expect(within(summary).getByText('Rivendibile fino a').nextElementSibling).toHaveTextContent(/27 dic 2026, 18:45/);

    // The face value to begin with; what comes back follows the price as it is typed.
    expect(priceField()).toHaveValue('45,00');
    expect(screen.getByTestId('resale-payout')).toHaveTextContent('40,00 €');
    await typePrice(user, '30');
    expect(screen.getByTestId('resale-payout')).toHaveTextContent('25,00 €');
    await typePrice(user, '30,5');
    expect(screen.getByTestId('resale-payout')).toHaveTextContent('25,50 €');
    await typePrice(user, '30');
    await user.click(screen.getByTestId('resale-submit'));

    const offer = await screen.findByTestId('resale-offer');
    expect(api.callsTo(OFFER)).toHaveLength(1);
    expect(api.callsTo(OFFER)[0]?.body).toEqual({ price_cents: 3000 });
    expect(api.callsTo(OFFER)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(within(offer).getByText('Stato').nextElementSibling).toHaveTextContent('In rivendita');
    expect(within(offer).getByText('Prezzo').nextElementSibling).toHaveTextContent('30,00 €');
    expect(within(offer).getByText('Ti restituiamo').nextElementSibling).toHaveTextContent('25,00 €');
    expect(within(offer).getByText('Codice').nextElementSibling).toHaveTextContent('RV-7K2P');
    expect(within(offer).getByText('In rivendita fino a').nextElementSibling).toHaveTextContent(/27 dic 2026, 18:45/);
    expect(screen.queryByTestId('resale-submit')).not.toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Ritira dalla rivendita' }));

    expect(await screen.findByTestId('resale-withdrawn')).toHaveTextContent('Hai ritirato il posto dalla rivendita');
    expect(api.callsTo(WITHDRAW)).toHaveLength(1);
    expect(api.callsTo(WITHDRAW)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(await screen.findByTestId('resale-submit')).toBeInTheDocument();
    expect(screen.queryByTestId('resale-offer')).not.toBeInTheDocument();
  });

  it.each([
    ['', 'Scrivi il prezzo a cui vuoi rivendere il posto.'],
    ['quaranta', 'Scrivi il prezzo in euro, per esempio 45,00.'],
    ['45,01', 'Il prezzo non può superare il prezzo nominale del posto (45,00 €).'],
    ['5', 'Il prezzo deve essere più alto della commissione del club (5,00 €).'],
  ])("checks the price %j before sending it, in the fan's words", async (price, text) => {
    const { api, user } = openResale();
    await screen.findByTestId('resale-price');

    await typePrice(user, price);
    expect(screen.getByTestId('resale-payout')).toHaveTextContent('—');
    await user.click(screen.getByTestId('resale-submit'));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(OFFER)).toHaveLength(0);
  });

  it("says the API's price refusal on the price, with the limit it names", async () => {
    const { user } = openResale({
      // The face value went down since the page was read.
      [OFFER]: { status: 422, body: { code: 'price_above_face_value', message: 'Too dear', errors: { face_value_cents: 4000 } } },
    });
    await screen.findByTestId('resale-price');

    await user.click(screen.getByTestId('resale-submit'));

    expect(await screen.findByText('Il prezzo non può superare il prezzo nominale del posto (40,00 €).')).toBeInTheDocument();
    expect(screen.queryByTestId('resale-failure')).not.toBeInTheDocument();
  });

  it.each([
    ['transfer_window_closed', refused(409, 'transfer_window_closed'), 'Il termine per rivendere i posti di questa partita è scaduto.'],
    ['in_resale', refused(409, 'in_resale'), 'Questo posto è già in rivendita per questa partita.'],
    ['title_banned', refused(409, 'title_banned'), 'Questo abbonamento è bloccato dal club e non può essere messo in rivendita. Per informazioni scrivi alla biglietteria.'],
    ['no_face_value', refused(409, 'no_face_value'), 'Per il settore del tuo posto questa partita non ha un prezzo nominale: non si può rivendere.'],
    ['rate_limited', refused(429, 'rate_limited'), "Hai fatto molte richieste nell'ultima ora: riprova più tardi."],
  ])("says a refused offer (%s) in the fan's words", async (_code, answer, text) => {
    const { user } = openResale({ [OFFER]: answer });
    await screen.findByTestId('resale-price');

    await user.click(screen.getByTestId('resale-submit'));

    expect(await screen.findByTestId('resale-failure')).toHaveTextContent(text);
    expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
  });

  it('says why a match may not be offered, and offers no form', async () => {
    openResale({ [CHECK]: { body: aResaleCheck({ resellable: false, refusal_code: 'already_passed_on', terms: null }) } });

    const why = await screen.findByTestId('resale-not-possible');
    expect(why).toHaveTextContent('Questa partita non può essere messa in rivendita');
    expect(why).toHaveTextContent('Hai già ceduto questa partita: il posto è del nuovo titolare.');
    expect(screen.queryByTestId('resale-price')).not.toBeInTheDocument();
    expect(screen.queryByText('Prezzo nominale')).not.toBeInTheDocument();
  });

  it('shows the offer already made, and says why it cannot be taken back while a buyer pays', async () => {
    const { api, user } = openResale({
      [CHECK]: { body: aResaleCheck({ resellable: false, refusal_code: 'in_resale', offer: aResaleOffer({ payout_manual: true }) }) },
      [WITHDRAW]: refused(409, 'offer_reserved'),
    });

    const offer = await screen.findByTestId('resale-offer');
    expect(within(offer).getByText('Prezzo').nextElementSibling).toHaveTextContent('40,00 €');
    expect(offer).toHaveTextContent('Il rimborso te lo fa il club: il tuo abbonamento non è stato pagato con carta.');
    expect(screen.queryByTestId('resale-price')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('resale-withdraw'));

    expect(await screen.findByTestId('resale-withdraw-failure')).toHaveTextContent(
      'Un tifoso sta pagando questo posto proprio ora: non puoi ritirarlo.',
    );
    await waitFor(() => expect(api.callsTo(CHECK).length).toBeGreaterThanOrEqual(2));
  });

  it('shows a sold offer without a way to take it back', async () => {
    openResale({ [CHECK]: { body: aResaleCheck({ resellable: false, refusal_code: 'in_resale', offer: aResaleOffer({ state: 'sold' }) }) } });

    const offer = await screen.findByTestId('resale-offer');
    expect(within(offer).getByText('Stato').nextElementSibling).toHaveTextContent('Venduta: cessione in corso');
    expect(screen.queryByTestId('resale-withdraw')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    openResale({ 'GET /api/me': SIGNED_OUT });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('is not found for a seat or match that is not a number', async () => {
    const { api } = openResale({}, '/resale_season/21/abc');

    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent("Metti in rivendita una partita dell'abbonamento");
    expect(api.callsTo(CHECK)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = openResale();

    expect(await screen.findByRole('heading', { level: 1, name: 'Put a match of your season ticket on resale' })).toBeInTheDocument();
    const price = await screen.findByRole('textbox', { name: 'Selling price (€)' });
    expect(price).toHaveValue('45.00');
    expect(screen.getByTestId('resale-payout')).toHaveTextContent('€40.00');
    await user.clear(price);
    await user.type(price, '50');
    await user.click(screen.getByTestId('resale-submit'));
    expect(await screen.findByText("The price cannot be more than the seat's face value (€45.00).")).toBeInTheDocument();
  });

  it('says, in English, that a season seat not the fan’s is not in their wallet', async () => {
    await act(() => i18n.changeLanguage('en'));
    openResale({ [CHECK]: refused(404, 'title_not_found') });

    expect(await screen.findByRole('alert')).toHaveTextContent('This season ticket is not in your wallet, or does not cover this match.');
  });
});
