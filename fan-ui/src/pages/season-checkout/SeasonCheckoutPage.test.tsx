import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { field, fillHolder, payWithCard } from '../../test/checkout';
import { aFan, aHolder } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import { aRenewalOrder, aSeasonDetail, aSeasonOrder, aSeasonOrderLine, SEASON_ORDER_ID } from '../../test/seasons';
import type { HolderDetails, PaymentView, SeasonHolderLine, SeasonOrder } from '../../../../api-types';

const ORDER = `/api/season-orders/${SEASON_ORDER_ID}`;

const INTENT: PaymentView = {
  payment_intent_id: 'pi_s',
  client_secret: 'pi_s_secret',
  amount_cents: 172800,
  currency: 'eur',
  publishable_key: 'pk_test_123',
  provider: 'simulator',
  simulator_url: 'http://127.0.0.1:9090',
};

interface Options {
  order?: SeasonOrder;
  /** The reason the ticketing system refuses a holder, by last name. */
  refused?: Record<string, string>;
  /** What the simulator says of the card. */
  card?: 'succeeded' | 'requires_payment_method';
  routes?: Record<string, StubRoute>;
}

/** The season order API for one order as a small server, and the payments simulator beside it. */
function stubSeasonOrderApi({ order = aSeasonOrder(), refused = {}, card = 'succeeded', routes = {} }: Options = {}) {
  let current = order;
  return stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    [`GET ${ORDER}`]: () => ({ body: current }),
    [`PUT ${ORDER}/holders`]: ({ body }) => {
      const sent = (body as { lines: (SeasonHolderLine & { holder: HolderDetails })[] }).lines;
      current = {
        ...current,
        holders_complete: true,
        lines: current.lines.map((line, index) => ({
          ...line,
          holder: sent[index]?.holder ?? null,
          reduction_id: sent[index]?.reduction_id ?? line.reduction_id,
          collection: sent[index]?.collection ?? false,
        })),
      };
      return { body: current };
    },
    [`POST ${ORDER}/verify`]: () => ({
      body: {
        lines: current.lines.map((line) => {
          const reason = refused[line.holder?.last_name ?? ''];
          return { line_id: line.id, eligible: reason === undefined, reason: reason ?? null };
        }),
      },
    }),
    [`POST ${ORDER}/payment`]: { body: INTENT },
    'POST /v1/payment_intents/pi_s/confirm': {
      body: { id: 'pi_s', status: card, last_payment_error: null, next_action: null },
    },
    [`POST ${ORDER}/confirm`]: () => {
      current = { ...current, state: 'paid', payment_status: 1, expires_at: null };
      return { body: { outcome: 'paymentProcessedSuccess', order: current } };
    },
    [`DELETE ${ORDER}`]: () => {
      current = { ...current, state: 'cancelled', payment_status: -1, expires_at: null };
      return { body: current };
    },
    ...routes,
  });
}

function openSeasonCheckout(options: Options = {}, route = `/seasonticketcheckout/${SEASON_ORDER_ID}`) {
  const api = stubSeasonOrderApi(options);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

beforeAll(async () => {
  await Promise.all([
    import('./SeasonCheckoutPage'),
    import('./SeasonThankYouPage'),
    import('./SeasonDeclinedPage'),
    i18n.loadNamespaces('seasonOrder'),
  ]);
});

describe('/seasonticketcheckout/{id}', () => {
  it('sums up the season order: the season, each seat with gate, fare, kind and price, the total and the time left', async () => {
    openSeasonCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Abbonamento Serie A 2025-2026' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Il tuo ordine' });
    expect(within(summary).getByText('Tribuna Centrale, blocco A, fila 1, posto 1')).toBeInTheDocument();
    expect(within(summary).getAllByText('Ingresso: Varco 1 · Tariffa: Intero · Abbonamento')).toHaveLength(2);
    expect(within(summary).getByTestId('order-total')).toHaveTextContent(/^Totale: 1728,00\s€$/);
    expect(within(screen.getByTestId('checkout-timer')).getByTestId('hold-countdown')).toHaveTextContent(/Li teniamo per te ancora/);
    expect(await screen.findByTestId('verify-holders')).toBeDisabled();
    expect(screen.getByText('Il pagamento si apre quando tutti i titolari sono stati verificati.')).toBeInTheDocument();
    expect(screen.queryByTestId('renewal-badge')).not.toBeInTheDocument();
  });

  it("marks a renewal: last season's seat, which stays with its holder; naming someone else is refused in words", async () => {
    const { api, user } = openSeasonCheckout({
      order: aRenewalOrder(),
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 409,
          body: { code: 'renewal_holder', message: "A renewed season ticket stays with last season's holder", errors: { line_ids: [25] } },
        },
      },
    });

    const note = await screen.findByTestId('renewal-note');
    expect(within(note).getByTestId('renewal-badge')).toHaveTextContent('Rinnovo');
    expect(note).toHaveTextContent(
      "È il rinnovo del tuo abbonamento: il posto è quello della scorsa stagione e resta al suo titolare.",
    );
    expect(await screen.findByLabelText('Nome, biglietto 1')).toHaveValue('Mario');
    expect(screen.getByText('Tribuna Centrale, blocco A, fila 1, posto 5')).toBeInTheDocument();

    await user.clear(field('Nome', 1));
    await user.type(field('Nome', 1), 'Anna');
    await user.selectOptions(field('Tipo di documento', 1), 'id_card');
    await user.type(field('Numero del documento', 1), 'CA1234567');
    await user.click(screen.getByTestId('save-holders'));

    expect(
      await screen.findByText("Un abbonamento rinnovato resta al titolare della scorsa stagione: non puoi indicare un'altra persona."),
    ).toBeInTheDocument();
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1);
    expect(screen.queryByText(/stays with last season's holder/)).not.toBeInTheDocument();
  });

  it("offers the season's fares for the seat's sector with their price, and a season card or a collection", async () => {
    openSeasonCheckout();

    const fare = await screen.findByLabelText('Tariffa, biglietto 1');
    await waitFor(() => expect(within(fare).getAllByRole('option')).toHaveLength(3));
    expect(within(fare).getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Intero · 864,00\s€$/),
      expect.stringMatching(/^Donna · 691,20\s€$/),
      expect.stringMatching(/^Under 14 · 345,60\s€$/),
    ]);
    const kind = within(screen.getByTestId('holder-0'));
    expect(kind.getByRole('radio', { name: 'Abbonamento (una tessera per tutte le partite)' })).toBeChecked();
    expect(kind.getByRole('radio', { name: 'Collezione (un biglietto per ogni partita)' })).not.toBeChecked();
  });

  it('saves the holders with their fare and kind, checks them and says each verdict in words', async () => {
    const { api, user } = openSeasonCheckout({ refused: { Bianchi: 'has_season_ticket' } });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder({ first_name: 'Mario', last_name: 'Neri' }));
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: 'Bianchi', document_number: 'CA7654321' }));
    await user.click(within(screen.getByTestId('holder-1')).getByRole('radio', { name: /^Collezione/ }));

    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    const sent = api.callsTo(`PUT ${ORDER}/holders`)[0]?.body as { lines: SeasonHolderLine[] };
    expect(sent.lines.map((line) => [line.id, line.reduction_id, line.collection])).toEqual([
      [21, 1, false],
      [22, 1, true],
    ]);
    expect(await screen.findByText('Ha già un abbonamento per questa stagione.')).toBeInTheDocument();
    expect(within(screen.getByTestId('eligibility-0')).getByText('Può ricevere il biglietto')).toBeInTheDocument();
    expect(screen.getByTestId('eligibility-1')).toHaveAttribute('data-state', 'ineligible');
    expect(screen.getByText('Il pagamento si apre quando tutti i titolari sono stati verificati.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${ORDER}/payment`)).toHaveLength(0);
  });

  it('says when the season, or a collection\'s match, is not on public sale yet', async () => {
    const { user } = openSeasonCheckout({
      refused: { Neri: 'season_not_on_sale', Bianchi: 'match_not_on_sale' },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder({ first_name: 'Mario', last_name: 'Neri' }));
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: 'Bianchi', document_number: 'CA7654321' }));
    await user.click(screen.getByTestId('save-holders'));

    expect(
      await within(screen.getByTestId('eligibility-0')).findByText(/La vendita libera degli abbonamenti non è ancora aperta/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('eligibility-1')).getByText(/Una delle partite non è ancora in vendita libera/),
    ).toBeInTheDocument();
  });

  it('names the holder who already has a season ticket when the API refuses the holders', async () => {
    const { user } = openSeasonCheckout({
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 409,
          body: { code: 'holder_has_season_ticket', message: 'Has one', errors: { line_ids: [22] } },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: 'Bianchi', document_number: 'CA7654321' }));
    await user.click(screen.getByTestId('save-holders'));

    expect(await screen.findByTestId('holders-with-seat')).toHaveTextContent(
      'Ha già un abbonamento per questa stagione: biglietto 2 (Anna Bianchi). Indica un altro titolare.',
    );
    expect(within(screen.getByTestId('holder-1')).getByText('Questa persona ha già un abbonamento per questa stagione.')).toBeInTheDocument();
  });

  it('pays once every holder may have the season ticket, and follows the issue to the wallet', async () => {
    let reads = 0;
    const issued = aSeasonOrder({
      state: 'issued',
      payment_status: 1,
      expires_at: null,
      holders_complete: true,
      lines: [
        aSeasonOrderLine({ holder: aHolder(), title: { seal: 'SEAL-1', barcode: '9001', state: 'valid' } }),
        aSeasonOrderLine({ number: 2, holder: aHolder({ first_name: 'Anna' }), collection: true, issue_queue_status: 'PENDING' }),
      ],
    });
    const { api, user } = openSeasonCheckout({
      routes: {
        [`GET ${ORDER}`]: () => {
          reads += 1;
          return { body: reads === 1 ? aSeasonOrder() : issued };
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', document_number: 'CA7654321' }));
    await user.click(screen.getByTestId('save-holders'));
    expect(await screen.findByText('Tutti i titolari possono ricevere il biglietto.')).toBeInTheDocument();

    await payWithCard(user);

    expect(api.callsTo(`POST ${ORDER}/confirm`)[0]?.body).toEqual({ client_secret: 'pi_s_secret' });
    const outcome = await screen.findByTestId('order-outcome', {}, { timeout: 15_000 });
    await waitFor(() => expect(outcome).toHaveAttribute('data-state', 'issued'), { timeout: 15_000 });
    expect(within(outcome).getByText('I tuoi 2 abbonamenti sono pronti.')).toBeInTheDocument();
    expect(within(outcome).getByText('Sigillo fiscale: SEAL-1')).toBeInTheDocument();
    expect(within(outcome).getByText('Collezione: stiamo emettendo i biglietti delle partite (0 di 3).')).toBeInTheDocument();
    expect(within(outcome).getByRole('link', { name: 'Vai al wallet' })).toHaveAttribute('href', '/wallet/');
  });

  it('sends a refused card to the declined page, which offers to pay again', async () => {
    const ready = aSeasonOrder({
      holders_complete: true,
      lines: [aSeasonOrderLine({ holder: aHolder() })],
    });
    const { user } = openSeasonCheckout({ order: ready, card: 'requires_payment_method' });
    await user.click(await screen.findByTestId('verify-holders'));
    await payWithCard(user, '4000 0000 0000 0002');

    expect(await screen.findByRole('heading', { name: 'Pagamento rifiutato' })).toBeInTheDocument();
    expect(screen.getByTestId('retry-payment')).toHaveAttribute('href', `/seasonticketcheckout/${SEASON_ORDER_ID}`);
  });

  it('cancels the order after asking, and offers the season ticket again', async () => {
    const { api, user } = openSeasonCheckout();
    await user.click(await screen.findByTestId('cancel-order-button'));
    await user.click(await screen.findByTestId('cancel-order-confirm'));

    expect(await screen.findByRole('heading', { name: 'Ordine annullato' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${ORDER}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: "Torna all'abbonamento" })).toHaveAttribute('href', '/selectedseasonticket/10000');
  });

  it('opens at the check as /seasonticketvrocheck/{id}', async () => {
    openSeasonCheckout({}, `/seasonticketvrocheck/${SEASON_ORDER_ID}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('says an unknown order is not found, with the way to the season tickets', async () => {
    openSeasonCheckout({ routes: { [`GET ${ORDER}`]: { status: 404, body: { code: 'order_not_found', message: 'No', errors: {} } } } });
    expect(await screen.findByRole('heading', { name: 'Ordine non trovato' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tutti gli abbonamenti' })).toHaveAttribute('href', '/fixtures/season');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    openSeasonCheckout();
    const holder = within(await screen.findByTestId('holder-0'));
    expect(holder.getByRole('radio', { name: 'Season ticket (one card for every match)' })).toBeChecked();
    expect(holder.getByRole('radio', { name: 'Collection (one ticket for each match)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the season ticket' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name, ticket 1')).toBeInTheDocument();
  });

  it('marks a renewal in English', async () => {
    await i18n.changeLanguage('en');
    openSeasonCheckout({ order: aRenewalOrder() });
    const note = await screen.findByTestId('renewal-note');
    expect(within(note).getByTestId('renewal-badge')).toHaveTextContent('Renewal');
    expect(note).toHaveTextContent("This is a season ticket renewal: the seat is last season's and stays with its holder.");
  });
});
