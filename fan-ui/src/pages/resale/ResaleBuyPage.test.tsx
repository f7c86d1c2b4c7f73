import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { RESALE_NS } from '../../i18n';
import { field, payWithCard } from '../../test/checkout';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, SIGNED_OUT, stubApi, type StubRoute } from '../../test/render';
import { PURCHASE_ID, RESALE_ID, RESALE_INTENT, aPurchase, aResaleOffer } from '../../test/resale';
import { ANNA, refused } from '../../test/transfers';
import type { ResalePurchase } from '../../../../api-types';

beforeAll(async () => {
  await Promise.all([import('./ResalePage'), import('../sign-in/SignInPage'), i18n.loadNamespaces(RESALE_NS)]);
});

const OFFER = `GET /api/resales/${RESALE_ID}`;
const PURCHASE = `POST /api/resales/${RESALE_ID}/purchase`;
const CONFIRM = `POST /api/resale-purchases/${PURCHASE_ID}/confirm`;
const POLL = `GET /api/resale-purchases/${PURCHASE_ID}`;
const SIMULATOR = 'POST /v1/payment_intents/pi_r1/confirm';

type SimulatorStatus = 'succeeded' | 'requires_payment_method';

interface Options {
  /** What the simulator says of the card. */
  card?: SimulatorStatus;
  /** The purchase as each read after the payment gives it, the last one repeated. */
  reads?: Partial<ResalePurchase>[];
  routes?: Record<string, StubRoute>;
}

/** The resale API for one offer as a small server, and the payments simulator beside it. */
function openOffer({ card = 'succeeded', reads = [{ state: 'paid', transfer_state: 'done', seal: 'SEAL-NEW-1' }], routes = {} }: Options = {}, route = `/resale/${RESALE_ID}`) {
  let polls = 0;
  const paid = { state: 'paid' as const, reserved_until: null, transfer_id: '0193b2c3-d4e5-7f60-8a9b-1c2d3e4f5a6b', transfer_state: 'requested' as const };
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    [OFFER]: { body: aResaleOffer() },
    [PURCHASE]: { status: 201, body: { purchase: aPurchase(), payment: RESALE_INTENT } },
    [SIMULATOR]: {
      body: {
        id: 'pi_r1',
        status: card,
        last_payment_error: card === 'requires_payment_method' ? { code: 'card_declined', message: 'Declined' } : null,
        next_action: null,
      },
    },
    [CONFIRM]: { body: aPurchase(paid) },
    [POLL]: () => ({ body: aPurchase({ ...paid, ...reads[Math.min(polls++, reads.length - 1)] }) }),
    ...routes,
  });
  renderWithProviders(<AppRoutes />, { route });
  return { api, user: userEvent.setup() };
}

/** Anna Bianchi as the holder, each field filled at once (typing them is the checkout tests' business). */
function fillAnna() {
  const values: [string, string][] = [
    ['Nome', ANNA.first_name],
    ['Cognome', ANNA.last_name],
    ['Data di nascita', ANNA.birth_date],
    ['Luogo di nascita', ANNA.birth_place],
    ['Tipo di documento', ANNA.document_type],
    ['Numero del documento', ANNA.document_number],
  ];
  for (const [label, value] of values) {
    fireEvent.change(field(label, 1), { target: { value } });
  }
}

/** Once the form is there: names Anna Bianchi and buys. */
async function fillAndBuy(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByLabelText('Nome, biglietto 1');
  fillAnna();
  await user.click(screen.getByTestId('resale-buy'));
}

describe('/resale/:resaleId', () => {
  it('shows the seat, names the holder, pays by card as the checkout does, then follows the ticket into the wallet', async () => {
    const { api, user } = openOffer({
      reads: [{}, { state: 'paid', transfer_state: 'done', seal: 'SEAL-NEW-1' }],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Genoa' })).toBeInTheDocument();
    // 18:45 UTC in December is 19:45 in Como.
    expect(screen.getByText(/27 dicembre 2026.*19:45/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla partita' })).toHaveAttribute('href', '/selectedfixture/100001');
    const summary = screen.getByTestId('resale-offer-summary');
    expect(within(summary).getByText('Settore').nextElementSibling).toHaveTextContent('Tribuna Centrale');
    expect(within(summary).getByText('Posto').nextElementSibling).toHaveTextContent('Fila 1, posto 3');
    expect(within(summary).getByText('Ingresso').nextElementSibling).toHaveTextContent('Varco 1');
    expect(within(summary).getByText('Prezzo').nextElementSibling).toHaveTextContent('40,00 €');
    expect(within(summary).getByText('Prezzo nominale').nextElementSibling).toHaveTextContent('45,00 €');
    // The seat keeps its fare: none to choose.
    expect(await screen.findByLabelText('Nome, biglietto 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tariffa, biglietto 1')).not.toBeInTheDocument();

    await fillAndBuy(user);

    expect(api.callsTo(PURCHASE)).toHaveLength(1);
    expect(api.callsTo(PURCHASE)[0]?.body).toEqual({
      holder: {
        first_name: 'Anna',
        last_name: 'Bianchi',
        birth_date: '1992-05-17',
        birth_place: 'Lecco',
        document_type: 'id_card',
        document_number: 'CA7654321',
        sex: null,
      },
      language: 'it',
    });
    expect(api.callsTo(PURCHASE)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(await screen.findByTestId('payment-step')).toBeInTheDocument();
    expect(screen.getByTestId('resale-reserved')).toHaveTextContent(/Il posto è riservato per te fino alle \d\d:\d\d/);
    expect(screen.queryByTestId('resale-buy')).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-button')).toHaveTextContent('40,00 €');

    await payWithCard(user);

    await waitFor(() => expect(api.callsTo(CONFIRM)).toHaveLength(1));
    const [toSimulator] = api.callsTo(SIMULATOR);
    expect(toSimulator?.url).toBe('http://127.0.0.1:9090/v1/payment_intents/pi_r1/confirm');
    // 3-D Secure would come back to the purchase's own page.
    expect(String(toSimulator?.body)).toContain(
      `return_url=${encodeURIComponent(`${window.location.origin}/resale/${RESALE_ID}?purchase=${PURCHASE_ID}`)}`,
    );
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ client_secret: 'pi_r1_secret_xyz' });

    expect(await screen.findByTestId('resale-purchase-progress')).toHaveTextContent('Pagamento ricevuto, emissione del biglietto in corso');
    const done = await screen.findByTestId('resale-purchase-done', {}, { timeout: 15_000 });
    expect(done).toHaveTextContent('Il biglietto è nel tuo portafoglio');
    expect(done).toHaveTextContent('Biglietto a nome di Anna Bianchi per Como - Genoa.');
    expect(screen.getByTestId('resale-purchase-seal')).toHaveTextContent('Sigillo fiscale: SEAL-NEW-1');
    expect(screen.getByRole('link', { name: 'Vai al wallet' })).toHaveAttribute('href', '/wallet/');
    // Settled: read no more.
    const reads = api.callsTo(POLL).length;
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(api.callsTo(POLL)).toHaveLength(reads);
  });

  it("fills the holder's names from the account with \"it's me\"", async () => {
    const { user } = openOffer();

    await user.click(await screen.findByRole('button', { name: 'È il mio biglietto, biglietto 1' }));

    expect(field('Nome', 1)).toHaveValue('Luca');
    expect(field('Cognome', 1)).toHaveValue('Rossi');
  });

  it.each([
    ['refused', { state: 'refunding' as const, transfer_state: 'refused' as const }],
    ['refunded', { state: 'refunded' as const, transfer_state: null }],
  ])('says the ticket could not be issued and the buyer is refunded (%s)', async (_name, read) => {
    const { user } = openOffer({ reads: [read] });

    await fillAndBuy(user);
    await payWithCard(user);

    const outcome = await screen.findByTestId('resale-purchase-refunded');
    expect(outcome).toHaveTextContent('Non è stato possibile emettere il biglietto: ti rimborsiamo');
    expect(outcome).toHaveTextContent('Ti restituiamo 40,00 € sulla carta con cui hai pagato.');
  });

  it('comes back to the form, the holder kept, when the card is declined', async () => {
    const { api, user } = openOffer({ card: 'requires_payment_method' });

    await fillAndBuy(user);
    await payWithCard(user, '4000 0000 0000 0002');

    expect(await screen.findByTestId('resale-declined')).toHaveTextContent(
      'Il pagamento non è andato a buon fine: la carta è stata rifiutata. Puoi riprovare.',
    );
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
    expect(field('Nome', 1)).toHaveValue('Anna');
    expect(field('Numero del documento', 1)).toHaveValue('CA7654321');

    await user.click(screen.getByTestId('resale-buy'));
    expect(await screen.findByTestId('payment-step')).toBeInTheDocument();
    expect(api.callsTo(PURCHASE)).toHaveLength(2);
    expect(screen.queryByTestId('resale-declined')).not.toBeInTheDocument();
  });

  it.each([
    ['offer_reserved', refused(409, 'offer_reserved'), 'Un altro tifoso sta pagando questo posto proprio ora: riprova tra qualche minuto.'],
    ['own_offer', refused(409, 'own_offer'), 'Questo posto è tuo: non puoi comprarlo.'],
    ['holder_banned', refused(409, 'holder_banned'), 'Questa persona non può ricevere biglietti per le partite del club.'],
    ['buyer_banned', refused(409, 'buyer_banned'), 'Il tuo account non può acquistare biglietti.'],
    ['reduction_not_fitting', refused(409, 'reduction_not_fitting'), 'Il titolare non ha diritto alla tariffa di questo posto il giorno della partita.'],
    ['rate_limited', refused(429, 'rate_limited'), "Hai fatto molti acquisti nell'ultima ora: riprova più tardi."],
    ['payments_unavailable', refused(503, 'payments_unavailable'), 'Il servizio di pagamento non è disponibile: riprova tra poco.'],
  ])("says a refused purchase (%s) in the buyer's words", async (_code, answer, text) => {
    const { user } = openOffer({ routes: { [PURCHASE]: answer } });

    await fillAndBuy(user);

    expect(await screen.findByTestId('resale-buy-failure')).toHaveTextContent(text);
    expect(screen.queryByText('An English message for developers')).not.toBeInTheDocument();
    expect(screen.getByTestId('resale-buy')).toBeInTheDocument();
  });

  it('says on the holder that they already have a ticket, and on the field what the API refused', async () => {
    let answer = refused(409, 'holder_has_title');
    const { user } = openOffer({ routes: { [PURCHASE]: () => answer } });

    await fillAndBuy(user);
    expect(await within(screen.getByTestId('holder-0')).findByText('Questa persona ha già un biglietto per questa partita.')).toBeInTheDocument();
    expect(screen.queryByTestId('resale-buy-failure')).not.toBeInTheDocument();

    answer = refused(422, 'validation_failed', { 'holder.document_number': 'bad' });
    await user.click(screen.getByTestId('resale-buy'));
    await waitFor(() => expect(field('Numero del documento', 1)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('resale-buy-failure')).not.toBeInTheDocument();
  });

  it('checks the holder before buying', async () => {
    const { api, user } = openOffer();
    await screen.findByLabelText('Nome, biglietto 1');

    await user.click(screen.getByTestId('resale-buy'));

    await waitFor(() => expect(field('Nome', 1)).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo(PURCHASE)).toHaveLength(0);
  });

  it('says a seat sold meanwhile is no longer on resale, with the way back to the match', async () => {
    openOffer({ routes: { [OFFER]: { body: aResaleOffer({ state: 'sold' }) } } });

    expect(await screen.findByTestId('resale-closed')).toHaveTextContent('Questo posto non è più in rivendita');
    expect(screen.queryByLabelText('Nome, biglietto 1')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Torna alla partita' }).map((link) => link.getAttribute('href'))).toEqual([
      '/selectedfixture/100001',
      '/selectedfixture/100001',
    ]);
  });

  it('says an offer it cannot find is no longer on resale', async () => {
    openOffer({ routes: { [OFFER]: refused(404, 'offer_not_found') } });

    expect(await screen.findByTestId('resale-closed')).toHaveTextContent('Questo posto non è più in rivendita');
  });

  it('confirms with the secret 3-D Secure comes back with, then follows the purchase', async () => {
    const { api } = openOffer(
      {},
      `/resale/${RESALE_ID}?purchase=${PURCHASE_ID}&payment_intent=pi_r1&payment_intent_client_secret=pi_r1_secret_xyz&redirect_status=succeeded`,
    );

    expect(await screen.findByTestId('resale-purchase-done', {}, { timeout: 15_000 })).toHaveTextContent('Il biglietto è nel tuo portafoglio');
    expect(api.callsTo(CONFIRM)).toHaveLength(1);
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ client_secret: 'pi_r1_secret_xyz' });
  });

  it('says when the payment never came and the seat is no longer reserved', async () => {
    openOffer({ reads: [{ state: 'pending', reserved_until: null }] }, `/resale/${RESALE_ID}?purchase=${PURCHASE_ID}`);

    expect(await screen.findByTestId('resale-purchase-expired')).toHaveTextContent('Il pagamento non è arrivato in tempo');
    expect(screen.getByRole('link', { name: 'Torna al posto' })).toHaveAttribute('href', `/resale/${RESALE_ID}`);
  });

  it('sends a visitor to sign in first', async () => {
    openOffer({ routes: { 'GET /api/me': SIGNED_OUT } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openOffer({ routes: { [OFFER]: { body: aResaleOffer({ state: 'withdrawn' }) } } });

    expect(await screen.findByTestId('resale-closed')).toHaveTextContent('This seat is no longer on resale');
    const summary = screen.getByTestId('resale-offer-summary');
    expect(within(summary).getByText('Face value').nextElementSibling).toHaveTextContent('€45.00');
    expect(screen.getAllByRole('link', { name: 'Back to the match' })).toHaveLength(2);
  });
});
