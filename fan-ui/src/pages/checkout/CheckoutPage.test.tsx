import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { leaveForUrl } from '../../orders/redirect';
import { aFan, aFixtureDetail, aHolder, anIdentity, anOrder, anOrderLine, aSavedPerson, noIdentity, ORDER_ID } from '../../test/fixtures';
import { field, fillHolder, fillRest, payWithCard } from '../../test/checkout';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { HolderDetails, HoldersRequest, Order, PaymentView } from '../../../../api-types';

// The browser cannot leave jsdom for the simulator's 3-D Secure page: the test stands in for it.
vi.mock('../../orders/redirect', () => ({ leaveForUrl: vi.fn() }));

const FIXTURE = aFixtureDetail({
  reductions: [
    { id: 1, code: 'INTERO', name: 'Intero', rule: 'anyone', prices: { TC: 6000 } },
    { id: 2, code: 'U18', name: 'Ridotto Under 18', rule: 'anyone', prices: { TC: 3500 } },
    { id: 3, code: 'OSP', name: 'Ospiti', rule: 'anyone', prices: { OSP: 2500 } },
  ],
});

/** The fixture with the fares only some holders may have (by age or sex, on the match day). */
const FIXTURE_WITH_RULES = aFixtureDetail({
  reductions: [
    { id: 1, code: 'INTERO', name: 'Intero', rule: 'anyone', prices: { TC: 6000 } },
    { id: 4, code: 'DONNA', name: 'Donna', rule: 'women', prices: { TC: 4000 } },
    { id: 5, code: 'U14', name: 'Under 14', rule: 'under_14', prices: { TC: 2000 } },
    { id: 6, code: 'O65', name: 'Over 65', rule: 'over_65', prices: { TC: 4500 } },
  ],
});

const INTENT: PaymentView = {
  payment_intent_id: 'pi_1',
  client_secret: 'pi_1_secret_abc',
  amount_cents: 12000,
  currency: 'eur',
  publishable_key: 'pk_test_123',
  provider: 'simulator',
  simulator_url: 'http://127.0.0.1:9090',
};

/** An order whose holders are named and checked: the page opens on the card form. */
function aReadyOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    lines: [
      anOrderLine({ holder: aHolder(), eligible: true }),
      anOrderLine({ number: 2, holder: aHolder({ first_name: 'Anna', document_number: 'CA7654321' }), eligible: true }),
    ],
    ...overrides,
  });
}

/** A line of `PUT .../holders` as this app sends it: every holder field filled in. */
type SentLine = HoldersRequest['lines'][number] & { holder: HolderDetails };

type SimulatorStatus = 'succeeded' | 'requires_payment_method' | 'requires_action';

interface Options {
  order?: Order;
  intent?: PaymentView;
  /** What the simulator says of the card. */
  card?: SimulatorStatus;
  /** Last names the ticketing system refuses (banned). */
  banned?: string[];
  routes?: Record<string, StubRoute>;
}

const ORDER = `/api/orders/${ORDER_ID}`;

/** The checkout API for one order as a small server, and the payments simulator beside it. */
function stubCheckoutApi({ order = anOrder(), intent = INTENT, card = 'succeeded', banned = [], routes = {} }: Options = {}) {
  let current = order;
  return stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/fixtures/7': { body: FIXTURE },
    [`GET ${ORDER}`]: () => ({ body: current }),
    [`PUT ${ORDER}/holders`]: ({ body }) => {
      const sent = (body as { lines: SentLine[] }).lines;
      current = {
        ...current,
        holders_complete: true,
        lines: current.lines.map((line, index) => ({
          ...line,
          holder: sent[index]?.holder ?? null,
          reduction_id: sent[index]?.reduction_id ?? line.reduction_id,
          eligible: null,
        })),
      };
      return { body: current };
    },
    [`POST ${ORDER}/verify`]: () => {
      current = {
        ...current,
        lines: current.lines.map((line) =>
          banned.includes(line.holder?.last_name ?? '')
            ? { ...line, eligible: false, ineligible_reason: 'banned' as const }
            : { ...line, eligible: true },
        ),
      };
      return { body: current };
    },
    [`POST ${ORDER}/payment`]: { body: intent },
    'POST /v1/payment_intents/pi_1/confirm': {
      body: {
        id: 'pi_1',
        status: card,
        last_payment_error: card === 'requires_payment_method' ? { code: 'card_declined', message: 'Declined' } : null,
        next_action:
          card === 'requires_action'
            ? {
                type: 'redirect_to_url',
                redirect_to_url: { url: 'http://127.0.0.1:9090/3ds/pi_1', return_url: `http://localhost/checkout/${ORDER_ID}` },
              }
            : null,
      },
    },
    [`POST ${ORDER}/confirm`]: () => {
      current = { ...current, state: 'paid', payment_status: 1, expires_at: null };
      return { body: { outcome: 'paymentProcessedSuccess', order: current } };
    },
    [`POST ${ORDER}/confirm-free`]: () => {
      current = { ...current, state: 'paid', payment_status: 1, expires_at: null };
      return { body: { outcome: 'paymentProcessedSuccess', order: current } };
    },
    [`DELETE ${ORDER}`]: () => {
      current = { ...current, state: 'cancelled', payment_status: -1, expires_at: null };
      return { status: 204 };
    },
    ...routes,
  });
}

function openCheckout(options: Options = {}, route = `/checkout/${ORDER_ID}`) {
  const api = stubCheckoutApi(options);
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route });
  return { api, user };
}

// The routes load pages lazily: loaded once here, so no test spends its time compiling one.
beforeAll(async () => {
  await Promise.all([
    import('./CheckoutPage'),
    import('../checkout-thank-you/ThankYouPage'),
    import('../checkout-declined/DeclinedPage'),
    import('../selected-fixture/SelectedFixturePage'),
  ]);
});

beforeEach(() => {
  vi.mocked(leaveForUrl).mockClear();
});

describe('/checkout/{id}', () => {
  it('sums up the order: the match, each seat with gate, fare and price, the total and the time left', async () => {
    openCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Il tuo ordine' });
    expect(within(summary).getByText('Tribuna Centrale, blocco TC1, fila 1, posto 1')).toBeInTheDocument();
    expect(within(summary).getByText('Tribuna Centrale, blocco TC1, fila 1, posto 2')).toBeInTheDocument();
    expect(within(summary).getAllByText('Ingresso: Varco 1 · Tariffa: Intero')).toHaveLength(2);
    expect(within(summary).getAllByText(/^60,00\s€$/)).toHaveLength(2);
    expect(within(summary).getByTestId('order-total')).toHaveTextContent(/^Totale: 120,00\s€$/);
    const timer = screen.getByTestId('checkout-timer');
    expect(within(timer).getByTestId('hold-countdown')).toHaveTextContent(/Li teniamo per te ancora (25:00|24:5\d)/);
    // In view while the holders are typed: it sticks under the app bar.
    expect(timer).toHaveStyle({ position: 'sticky' });
    // 19:45 UTC is 20:45 in Como.
    expect(screen.getByText(/6 dicembre 2026.*20:45/)).toBeInTheDocument();
    // Nothing to check or pay before the holders are named (the steps are drawn just after the summary).
    expect(await screen.findByTestId('verify-holders')).toBeDisabled();
    expect(screen.getByText('Il pagamento si apre quando tutti i titolari sono stati verificati.')).toBeInTheDocument();
  });

  it('offers the fares sold in the seat\'s sector, with their price', async () => {
    openCheckout();

    const fare = await screen.findByLabelText('Tariffa, biglietto 1');
    await waitFor(() => expect(within(fare).getAllByRole('option')).toHaveLength(2));
    expect(within(fare).getByRole('option', { name: /^Intero · 60,00\s€$/ })).toBeInTheDocument();
    expect(within(fare).getByRole('option', { name: /^Ridotto Under 18 · 35,00\s€$/ })).toBeInTheDocument();
    expect(screen.getByTestId('holder-0-reduction')).toBe(fare);
    expect(screen.getByTestId('holder-1-first-name')).toBe(field('Nome', 2));
  });

  it('says what is wrong with each holder field before sending anything', async () => {
    const { api, user } = openCheckout();
    await user.type(await screen.findByLabelText('Nome, biglietto 1'), 'Luca3');
    await user.type(field('Data di nascita', 1), '2999-01-01');
    await user.type(field('Numero del documento', 1), 'AB1');
    await user.type(field('Data di nascita', 2), '1899-12-31');
    await user.type(field('Numero del documento', 2), 'CA 123456');

    await user.click(screen.getByTestId('save-holders'));

    expect(field('Nome', 1)).toHaveAccessibleDescription('Usa solo lettere, spazi, apostrofi, punti e trattini.');
    expect(field('Nome', 1)).toHaveFocus();
    expect(field('Cognome', 1)).toHaveAccessibleDescription('Scrivi il cognome.');
    expect(field('Data di nascita', 1)).toHaveAccessibleDescription('La data di nascita deve essere nel passato.');
    expect(field('Luogo di nascita', 1)).toHaveAccessibleDescription('Indica il luogo di nascita.');
    expect(field('Tipo di documento', 1)).toHaveAccessibleDescription('Scegli il tipo di documento.');
    expect(field('Numero del documento', 1)).toHaveAccessibleDescription('Da 5 a 20 lettere o cifre, senza spazi né simboli.');
    expect(field('Nome', 2)).toHaveAccessibleDescription('Scrivi il nome.');
    expect(field('Data di nascita', 2)).toHaveAccessibleDescription('La data di nascita non può essere prima del 1900.');
    expect(field('Numero del documento', 2)).toHaveAccessibleDescription('Da 5 a 20 lettere o cifre, senza spazi né simboli.');
    expect(screen.getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(0);

    // Correcting a field clears its message.
    await user.clear(field('Nome', 1));
    await user.type(field('Nome', 1), "Dell'Acqua");
    expect(field('Nome', 1)).not.toHaveAccessibleDescription();
  });

  it('shows the API\'s field errors on the field they name', async () => {
    const { api, user } = openCheckout({
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 422,
          body: {
            code: 'validation_failed',
            message: 'Invalid holders',
            errors: { 'lines.0.last_name': 'invalid characters', 'lines.1.document_number': 'too short', 'lines.1.reduction_id': 'not sold online' },
          },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: "D’Este", document_number: 'ca7654321' }));
    await user.selectOptions(field('Tariffa', 2), '2');

    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() =>
      expect(field('Cognome', 1)).toHaveAccessibleDescription(
        'Cognome non accettato: da 1 a 60 caratteri tra lettere, spazi, apostrofi, punti e trattini.',
      ),
    );
    expect(field('Numero del documento', 2)).toHaveAccessibleDescription('Numero non accettato: da 5 a 20 lettere o cifre.');
    expect(field('Tariffa', 2)).toHaveAccessibleDescription(
      'Tariffa non accettata: non è in vendita online per questo settore, o il titolare non ne ha diritto il giorno della partita (per età o sesso).',
    );
    expect(field('Nome', 1)).not.toHaveAccessibleDescription();
    expect(field('Cognome', 1)).toHaveFocus();
    // Sent as the contract says: every line, trimmed, the curly apostrophe straightened, the document in capitals.
    expect(api.callsTo(`PUT ${ORDER}/holders`)[0]?.body).toEqual({
      lines: [
        { id: 11, reduction_id: 1, holder: aHolder() },
        { id: 12, reduction_id: 2, holder: aHolder({ first_name: 'Anna', last_name: "D'Este", document_number: 'CA7654321' }) },
      ],
    });
    expect(api.callsTo(`PUT ${ORDER}/holders`)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it('sends the sex of each holder, or null when not given', async () => {
    const { api, user } = openCheckout();
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', document_number: 'CA7654321' }));
    const sex = field('Sesso', 1);
    expect(screen.getByTestId('holder-0-sex')).toBe(sex);
    expect(sex).not.toBeRequired();
    expect(within(sex).getAllByRole('option').map((option) => option.textContent)).toEqual(['Non indicato', 'Maschio', 'Femmina']);

    await user.selectOptions(sex, 'F');
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${ORDER}/holders`)[0]?.body).toEqual({
      lines: [
        { id: 11, reduction_id: 1, holder: aHolder({ sex: 'F' }) },
        { id: 12, reduction_id: 1, holder: aHolder({ first_name: 'Anna', document_number: 'CA7654321', sex: null }) },
      ],
    });
  });

  it('keeps the women\'s fare for a holder whose sex is F, and sends nothing until it is', async () => {
    const { api, user } = openCheckout({
      order: anOrder({ lines: [anOrderLine()] }),
      routes: { 'GET /api/fixtures/7': { body: FIXTURE_WITH_RULES } },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder({ first_name: 'Anna' }));
    await waitFor(() => expect(within(field('Tariffa', 1)).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(field('Tariffa', 1), '4');

    await user.click(screen.getByTestId('save-holders'));

    expect(field('Tariffa', 1)).toHaveAccessibleDescription(
      "Questa tariffa è riservata alle donne: scegli «Femmina» nel campo Sesso, o un'altra tariffa.",
    );
    expect(field('Tariffa', 1)).toHaveFocus();
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(0);

    await user.selectOptions(field('Sesso', 1), 'M');
    await user.click(screen.getByTestId('save-holders'));
    expect(field('Tariffa', 1)).toHaveAccessibleDescription(
      "Questa tariffa è riservata alle donne: scegli «Femmina» nel campo Sesso, o un'altra tariffa.",
    );
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(0);

    // Choosing F settles it.
    await user.selectOptions(field('Sesso', 1), 'F');
    expect(field('Tariffa', 1)).not.toHaveAccessibleDescription();
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${ORDER}/holders`)[0]?.body).toEqual({
      lines: [{ id: 11, reduction_id: 4, holder: aHolder({ first_name: 'Anna', sex: 'F' }) }],
    });
  });

  it('keeps the under 14 and over 65 fares for holders of that age on the match day', async () => {
    const { api, user } = openCheckout({ routes: { 'GET /api/fixtures/7': { body: FIXTURE_WITH_RULES } } });
    await screen.findByLabelText('Nome, biglietto 1');
    // The match is on 6 December 2026: 14 that very day, and 65 only the day after.
    await fillHolder(user, 1, aHolder({ birth_date: '2012-12-06' }));
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', birth_date: '1961-12-07', document_number: 'CA7654321' }));
    await waitFor(() => expect(within(field('Tariffa', 1)).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(field('Tariffa', 1), '5');
    await user.selectOptions(field('Tariffa', 2), '6');

    await user.click(screen.getByTestId('save-holders'));

    expect(field('Tariffa', 1)).toHaveAccessibleDescription(
      "Questa tariffa è per chi ha meno di 14 anni il giorno della partita: controlla la data di nascita o scegli un'altra tariffa.",
    );
    expect(field('Tariffa', 2)).toHaveAccessibleDescription(
      "Questa tariffa è per chi ha almeno 65 anni il giorno della partita: controlla la data di nascita o scegli un'altra tariffa.",
    );
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(0);

    // Correcting the birth dates: a day younger, a day older.
    await user.clear(field('Data di nascita', 1));
    await user.type(field('Data di nascita', 1), '2012-12-07');
    expect(field('Tariffa', 1)).not.toHaveAccessibleDescription();
    await user.clear(field('Data di nascita', 2));
    await user.type(field('Data di nascita', 2), '1961-12-06');
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
  });

  it("shows the API's refusal of a fare on the fare, in the fan's words", async () => {
    const { user } = openCheckout({
      order: anOrder({ lines: [anOrderLine()] }),
      routes: {
        'GET /api/fixtures/7': { body: FIXTURE_WITH_RULES },
        [`PUT ${ORDER}/holders`]: {
          status: 422,
          body: {
            code: 'validation_failed',
            message: 'Invalid holders',
            errors: { 'lines.0.reduction_id': 'the holder does not qualify for this reduction on the match day' },
          },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder({ first_name: 'Anna' }));
    await user.selectOptions(field('Sesso', 1), 'F');
    await waitFor(() => expect(within(field('Tariffa', 1)).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(field('Tariffa', 1), '4');

    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() =>
      expect(field('Tariffa', 1)).toHaveAccessibleDescription(
        'Tariffa non accettata: non è in vendita online per questo settore, o il titolare non ne ha diritto il giorno della partita (per età o sesso).',
      ),
    );
    expect(field('Tariffa', 1)).toHaveFocus();
    expect(screen.queryByText(/does not qualify/)).not.toBeInTheDocument();
    expect(screen.getByText('Correggi i campi segnati in rosso.')).toBeInTheDocument();
  });

  it("shows the API's refusal of the sex on the sex", async () => {
    const { user } = openCheckout({
      order: anOrder({ lines: [anOrderLine()] }),
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 422,
          body: { code: 'validation_failed', message: 'Invalid holders', errors: { 'lines.0.sex': 'must be M or F' } },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());

    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() =>
      expect(field('Sesso', 1)).toHaveAccessibleDescription('Sesso non accettato: scegli Maschio, Femmina o Non indicato.'),
    );
    expect(field('Sesso', 1)).toHaveFocus();
  });

  it('marks the ticket whose holder already has a seat for the match', async () => {
    const { user } = openCheckout({
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 409,
          body: { code: 'holder_has_seat', message: 'Holder has a seat', errors: { line_ids: [12] } },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna' }));

    await user.click(screen.getByTestId('save-holders'));

    const second = screen.getByTestId('holder-1');
    expect(
      await within(second).findByText("Questa persona ha già un posto per questa partita, o è indicata due volte in quest'ordine."),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('holder-0')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the tickets whose holders already have a seat', async () => {
    const { user } = openCheckout({
      routes: {
        [`PUT ${ORDER}/holders`]: {
          status: 409,
          body: { code: 'holder_has_seat', message: 'Holder has a seat', errors: { line_ids: [12] } },
        },
      },
    });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: 'Bianchi' }));

    await user.click(screen.getByTestId('save-holders'));

    expect(await screen.findByTestId('holders-with-seat')).toHaveTextContent(
      'Questa persona ha già un posto per questa partita, o è indicata due volte: biglietto 2 (Anna Bianchi).',
    );
  });

  it('says which ticket names the same person as another, before sending anything', async () => {
    const { api, user } = openCheckout();
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    // The same person however typed: the API keeps one seat per person per match.
    await fillHolder(user, 2, aHolder({ first_name: ' luca ', last_name: 'NERI', document_number: 'CA7654321' }));

    await user.click(screen.getByTestId('save-holders'));

    expect(field('Nome', 2)).toHaveAccessibleDescription(
      'È la stessa persona del biglietto 1: ogni biglietto va a una persona diversa.',
    );
    expect(field('Nome', 1)).not.toHaveAccessibleDescription(/stessa persona/);
    expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(0);
  });

  it("fills one holder's names from the account with \"it's me\", and only one", async () => {
    const { api, user } = openCheckout();
    const me = await screen.findByRole('button', { name: "È il mio biglietto, biglietto 2" });

    await user.click(me);

    expect(field('Nome', 2)).toHaveValue('Luca');
    expect(field('Cognome', 2)).toHaveValue('Rossi');
    expect(field('Nome', 1)).toHaveValue('');
    expect(me).toHaveAttribute('aria-pressed', 'true');
    // Only one ticket can be the fan's.
    expect(screen.getByRole('button', { name: "È il mio biglietto, biglietto 1" })).toBeDisabled();
    expect(within(screen.getByTestId('holder-0')).getByText('Il tuo biglietto è il biglietto 2.')).toBeInTheDocument();

    // Pressed again: not me after all, and the other ticket may be.
    await user.click(me);
    expect(field('Nome', 2)).toHaveValue('');
    expect(screen.getByRole('button', { name: "È il mio biglietto, biglietto 1" })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: "È il mio biglietto, biglietto 1" }));
    await fillRest(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', document_number: 'CA7654321' }));
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    const sent = (api.callsTo(`PUT ${ORDER}/holders`)[0]?.body as HoldersRequest).lines;
    expect(sent[0]?.holder).toMatchObject({ first_name: 'Luca', last_name: 'Rossi' });
  });

  it("fills one holder from the fan's saved identity with \"it's me\", and clears it all when pressed again", async () => {
    const { api, user } = openCheckout({ routes: { 'GET /api/me/identity': { body: anIdentity() } } });
    const first = await screen.findByTestId('holder-0');
    // Once the identity is in, the button says what it fills.
    expect(await within(first).findByText('Compila i tuoi dati e il documento da «I miei dati».')).toBeInTheDocument();
    const me = screen.getByRole('button', { name: 'È il mio biglietto, biglietto 1' });

    await user.click(me);

    expect(field('Nome', 1)).toHaveValue('Mario');
    expect(field('Cognome', 1)).toHaveValue('Rossi');
    expect(field('Data di nascita', 1)).toHaveValue('1980-01-01');
    expect(field('Luogo di nascita', 1)).toHaveValue('Roma');
    expect(field('Sesso', 1)).toHaveValue('M');
    expect(field('Tipo di documento', 1)).toHaveValue('id_card');
    expect(field('Numero del documento', 1)).toHaveValue('CA1234567');
    expect(within(first).getByText('Presi da «I miei dati»: controllali prima di salvare.')).toBeInTheDocument();

    // Pressed again: everything it filled is cleared.
    await user.click(me);
    for (const label of ['Nome', 'Cognome', 'Data di nascita', 'Luogo di nascita', 'Sesso', 'Tipo di documento', 'Numero del documento']) {
      expect(field(label, 1)).toHaveValue('');
    }

    await user.click(me);
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', document_number: 'CA7654321' }));
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    const sent = (api.callsTo(`PUT ${ORDER}/holders`)[0]?.body as HoldersRequest).lines;
    expect(sent[0]?.holder).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      birth_date: '1980-01-01',
      birth_place: 'Roma',
      document_type: 'id_card',
      document_number: 'CA1234567',
      sex: 'M',
    });
  });

  it("fills only the account's names when the fan has saved no identity", async () => {
    const { api, user } = openCheckout({ routes: { 'GET /api/me/identity': { body: noIdentity() } } });
    const me = await screen.findByRole('button', { name: 'È il mio biglietto, biglietto 1' });
    await waitFor(() => expect(api.callsTo('GET /api/me/identity')).toHaveLength(1));
    expect(within(screen.getByTestId('holder-0')).getByText('Compila nome e cognome dal tuo account.')).toBeInTheDocument();

    await user.click(me);

    expect(field('Nome', 1)).toHaveValue('Luca');
    expect(field('Cognome', 1)).toHaveValue('Rossi');
    expect(field('Data di nascita', 1)).toHaveValue('');
    expect(field('Numero del documento', 1)).toHaveValue('');
  });

  it("fills a holder from a saved person, clearing their fields' errors, and marks them on the other tickets", async () => {
    const giulia = aSavedPerson();
    const anna = aSavedPerson({
      id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      relationship: 'partner',
      first_name: 'Anna',
      last_name: 'Bianchi',
      fiscal_code: 'BNCNNA85C52Z133K',
      birth_date: '1985-03-12',
      birth_country: 'CH',
      birth_province: 'EE',
      birth_municipality: '',
      birth_place: 'Svizzera',
      document_type: 'passport',
      document_number: 'YB1234567',
    });
    const { api, user } = openCheckout({ routes: { 'GET /api/me/people': { body: [anna, giulia] } } });
    const second = await screen.findByTestId('holder-1-saved-person');
    expect(second).toBe(screen.getByRole('combobox', { name: 'Persona salvata, biglietto 2' }));
    expect(second).toHaveDisplayValue('Persona salvata…');
    // "It's me" on the second ticket first, and every field's error shown.
    await user.click(screen.getByRole('button', { name: 'È il mio biglietto, biglietto 2' }));
    await user.click(screen.getByTestId('save-holders'));
    expect(field('Data di nascita', 2)).toHaveAccessibleDescription('Indica la data di nascita.');

    await user.selectOptions(second, giulia.id);

    expect(field('Nome', 2)).toHaveValue('Giulia');
    expect(field('Cognome', 2)).toHaveValue('Rossi');
    expect(field('Data di nascita', 2)).toHaveValue('2012-09-30');
    expect(field('Luogo di nascita', 2)).toHaveValue('Como');
    expect(field('Sesso', 2)).toHaveValue('F');
    expect(field('Tipo di documento', 2)).toHaveValue('id_card');
    expect(field('Numero del documento', 2)).toHaveValue('CA7654321');
    for (const label of ['Nome', 'Data di nascita', 'Luogo di nascita', 'Tipo di documento', 'Numero del documento']) {
      expect(field(label, 2)).not.toHaveAccessibleDescription();
    }
    expect(second).toHaveValue(giulia.id);
    // The ticket is Giulia's now, not the fan's: "it's me" is free for the other one.
    expect(screen.getByRole('button', { name: 'È il mio biglietto, biglietto 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'È il mio biglietto, biglietto 1' })).toBeEnabled();
    // One person, one seat: on the first ticket Giulia is marked and cannot be picked.
    const first = screen.getByTestId('holder-0-saved-person');
    expect(within(first).getByRole('option', { name: 'Giulia Rossi (biglietto 2)' })).toBeDisabled();
    expect(within(first).getByRole('option', { name: 'Anna Bianchi' })).toBeEnabled();

    await user.selectOptions(first, anna.id);
    // A field typed over: the ticket no longer names her.
    await user.type(field('Nome', 2), 'na');
    expect(second).toHaveDisplayValue('Persona salvata…');
    expect(within(first).getByRole('option', { name: 'Giulia Rossi' })).toBeEnabled();
    await user.clear(field('Nome', 2));
    await user.type(field('Nome', 2), 'Giulia');
    await user.click(screen.getByTestId('save-holders'));

    await waitFor(() => expect(api.callsTo(`PUT ${ORDER}/holders`)).toHaveLength(1));
    const sent = (api.callsTo(`PUT ${ORDER}/holders`)[0]?.body as HoldersRequest).lines;
    expect(sent.map((line) => line.holder)).toEqual([
      {
        first_name: 'Anna',
        last_name: 'Bianchi',
        birth_date: '1985-03-12',
        birth_place: 'Svizzera',
        document_type: 'passport',
        document_number: 'YB1234567',
        sex: 'F',
      },
      {
        first_name: 'Giulia',
        last_name: 'Rossi',
        birth_date: '2012-09-30',
        birth_place: 'Como',
        document_type: 'id_card',
        document_number: 'CA7654321',
        sex: 'F',
      },
    ]);
  });

  it('offers no saved person to a fan who has saved none', async () => {
    const { api } = openCheckout({ routes: { 'GET /api/me/people': { body: [] } } });
    await screen.findByRole('button', { name: 'È il mio biglietto, biglietto 1' });
    await waitFor(() => expect(api.callsTo('GET /api/me/people')).toHaveLength(1));

    expect(screen.queryByTestId('holder-0-saved-person')).not.toBeInTheDocument();
  });

  it('takes the card expiry typed as digits alone, as a phone keypad types it', async () => {
    const { api, user } = openCheckout({ order: aReadyOrder() });
    const expiry = await screen.findByTestId('card-expiry');
    expect(expiry).toHaveAttribute('inputmode', 'numeric');

    await user.type(screen.getByTestId('card-number'), '4242424242424242');
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
    await user.type(screen.getByTestId('card-cvc'), '123');
    await user.click(screen.getByTestId('pay-button'));

    await waitFor(() => expect(api.callsTo('POST /v1/payment_intents/pi_1/confirm')).toHaveLength(1));
    const body = String(api.callsTo('POST /v1/payment_intents/pi_1/confirm')[0]?.body);
    expect(body).toContain('payment_method_data[card][exp_month]=12');
    expect(body).toContain('payment_method_data[card][exp_year]=2030');
  });

  it('saves the holders, checks them, and opens the payment once every one may have a ticket', async () => {
    const { api, user } = openCheckout({ banned: ['Bianchi'] });
    await screen.findByLabelText('Nome, biglietto 1');
    await fillHolder(user, 1, aHolder());
    await fillHolder(user, 2, aHolder({ first_name: 'Anna', last_name: 'Bianchi', document_number: 'CA7654321' }));

    await user.click(screen.getByTestId('save-holders'));

    const check = screen.getByRole('region', { name: 'Verifica dei titolari' });
    await waitFor(() => expect(within(check).getByTestId('eligibility-1')).toHaveAttribute('data-state', 'ineligible'));
    expect(api.callsTo(`POST ${ORDER}/verify`)).toHaveLength(1);
    expect(within(check).getByTestId('eligibility-0')).toHaveTextContent('Luca NeriTribuna Centrale, blocco TC1, fila 1, posto 1Può ricevere il biglietto');
    expect(within(check).getByTestId('eligibility-1')).toHaveTextContent('Non può ricevere biglietti per le partite del club.');
    // At the top, where it covers no field of the form below, and closed in Italian.
    const toast = screen.getByText('Titolari salvati').closest<HTMLElement>('.MuiSnackbar-root');
    expect(toast).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
    expect(within(toast ?? document.body).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expect(screen.queryByTestId('card-form')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${ORDER}/payment`)).toHaveLength(0);

    // Someone else for the second ticket: saved, checked again, and the card form opens.
    await user.clear(field('Cognome', 2));
    await user.type(field('Cognome', 2), 'Verdi');
    await user.click(screen.getByTestId('save-holders'));

    expect(await screen.findByTestId('card-form')).toBeInTheDocument();
    expect(within(check).getByText('Tutti i titolari possono ricevere il biglietto.')).toBeInTheDocument();
    expect(screen.getByTestId('pay-button')).toHaveTextContent(/^Paga 120,00\s€$/);
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
  });

  it('asks the ticketing system again when it could not answer', async () => {
    let answers = 0;
    const { user } = openCheckout({
      order: anOrder({ lines: [anOrderLine({ holder: aHolder() })] }),
      routes: {
        [`POST ${ORDER}/verify`]: () => {
          answers += 1;
          return answers === 1
            ? { status: 503, body: { code: 'ticketing_unavailable', message: 'Try again' } }
            : { body: anOrder({ lines: [anOrderLine({ holder: aHolder(), eligible: true })] }) };
        },
      },
    });

    await user.click(await screen.findByTestId('verify-holders'));
    expect(
      await screen.findByText('Non riusciamo a verificare i titolari in questo momento: riprova tra poco.'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('verify-holders'));

    expect(await screen.findByTestId('card-form')).toBeInTheDocument();
  });

  it('pays by card through the simulator, then confirms and goes to the thank-you page', async () => {
    const { api, user } = openCheckout({ order: aReadyOrder() });

    await payWithCard(user);

    expect(await screen.findByText('Stiamo emettendo i tuoi biglietti…')).toBeInTheDocument();
    const [toSimulator] = api.callsTo('POST /v1/payment_intents/pi_1/confirm');
    expect(toSimulator?.url).toBe('http://127.0.0.1:9090/v1/payment_intents/pi_1/confirm');
    expect(toSimulator?.headers.get('Authorization')).toBe('Bearer pk_test_123');
    expect(toSimulator?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(toSimulator?.headers.get('X-CSRF-Token')).toBeNull();
    expect(toSimulator?.body).toBe(
      'client_secret=pi_1_secret_abc&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242' +
        '&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2030&payment_method_data[card][cvc]=123' +
        `&return_url=${encodeURIComponent(`http://localhost:3000/checkout/${ORDER_ID}`)}`,
    );
    const [confirm] = api.callsTo(`POST ${ORDER}/confirm`);
    expect(confirm?.body).toEqual({ client_secret: 'pi_1_secret_abc' });
    expect(confirm?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
  });

  it('checks the card form before sending the card anywhere', async () => {
    const { api, user } = openCheckout({ order: aReadyOrder() });
    await user.type(await screen.findByTestId('card-number'), '4242 4242 4242 4241');
    await user.type(screen.getByTestId('card-expiry'), '13/30');
    await user.click(screen.getByTestId('pay-button'));

    expect(screen.getByLabelText('Numero della carta')).toHaveAccessibleDescription('Il numero della carta non è valido.');
    expect(screen.getByLabelText('Scadenza (MM/AA)')).toHaveAccessibleDescription(
      'Scrivi la scadenza come MM/AA, per esempio 12/30.',
    );
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Il CVC ha 3 o 4 cifre.');
    expect(api.callsTo('POST /v1/payment_intents/pi_1/confirm')).toHaveLength(0);
  });

  it('goes to the declined page when the simulator declines the card', async () => {
    const { api, user } = openCheckout({ order: aReadyOrder(), card: 'requires_payment_method' });

    await payWithCard(user, '4000 0000 0000 0002');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento rifiutato' })).toBeInTheDocument();
    expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(0);
    expect(screen.getByTestId('retry-payment')).toHaveAttribute('href', `/checkout/${ORDER_ID}`);
  });

  it('goes to the declined page when the API says the payment was declined', async () => {
    const { user } = openCheckout({
      order: aReadyOrder(),
      routes: {
        [`POST ${ORDER}/confirm`]: {
          status: 402,
          body: { code: 'payment_declined', message: 'Declined', errors: { status: 'requires_payment_method' } },
        },
      },
    });

    await payWithCard(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento rifiutato' })).toBeInTheDocument();
    await user.click(screen.getByTestId('retry-payment'));
    expect(await screen.findByTestId('card-form')).toBeInTheDocument();
  });

  it('sends the browser to the 3-D Secure challenge when the card asks for it', async () => {
    const { api, user } = openCheckout({ order: aReadyOrder(), card: 'requires_action' });

    await payWithCard(user, '4000 0025 0000 3155');

    await waitFor(() => expect(leaveForUrl).toHaveBeenCalledWith('http://127.0.0.1:9090/3ds/pi_1'));
    expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(0);
  });

  it('confirms with the secret the 3-D Secure challenge comes back with', async () => {
    const { api } = openCheckout(
      { order: aReadyOrder() },
      `/checkout/${ORDER_ID}?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc&redirect_status=succeeded`,
    );

    expect(await screen.findByText('Stiamo emettendo i tuoi biglietti…')).toBeInTheDocument();
    expect(api.callsTo(`POST ${ORDER}/confirm`)).toHaveLength(1);
    expect(api.callsTo(`POST ${ORDER}/confirm`)[0]?.body).toEqual({ client_secret: 'pi_1_secret_abc' });
  });

  it('goes to the declined page when the 3-D Secure challenge failed', async () => {
    openCheckout(
      {
        order: aReadyOrder(),
        routes: {
          [`POST ${ORDER}/confirm`]: {
            status: 402,
            body: { code: 'payment_declined', message: 'Declined', errors: { status: 'requires_payment_method' } },
          },
        },
      },
      `/checkout/${ORDER_ID}?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc&redirect_status=failed`,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento rifiutato' })).toBeInTheDocument();
  });

  it('confirms a free order without paying', async () => {
    const free = aReadyOrder({
      lines: [anOrderLine({ holder: aHolder(), eligible: true, price_cents: 0, reduction_name: 'Omaggio' })],
    });
    const { api, user } = openCheckout({ order: free });

    await user.click(await screen.findByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Stiamo emettendo i tuoi biglietti…')).toBeInTheDocument();
    expect(api.callsTo(`POST ${ORDER}/confirm-free`)).toHaveLength(1);
    expect(api.callsTo(`POST ${ORDER}/payment`)).toHaveLength(0);
  });

  it('says Stripe Elements is not configured when the provider is Stripe', async () => {
    openCheckout({ order: aReadyOrder(), intent: { ...INTENT, provider: 'stripe', simulator_url: null } });

    expect(await screen.findByTestId('stripe-elements-payment')).toHaveTextContent(
      'In produzione il pagamento con carta avviene con Stripe Elements.',
    );
    expect(screen.queryByTestId('card-form')).not.toBeInTheDocument();
  });

  it('tells why the payment cannot start', async () => {
    openCheckout({
      order: aReadyOrder(),
      routes: { [`POST ${ORDER}/payment`]: { status: 409, body: { code: 'hold_expired', message: 'Expired' } } },
    });

    expect(await screen.findByText('Il tempo per pagare è scaduto e i posti sono stati liberati.')).toBeInTheDocument();
  });

  it('shows which holder the ticketing system would refuse, and why, when paying is refused', async () => {
    let refused = false;
    const ready = aReadyOrder();
    const checked: Order = {
      ...ready,
      lines: ready.lines.map((line, index) =>
        index === 1 ? { ...line, eligible: false, ineligible_reason: 'card_required' as const } : line,
      ),
    };
    openCheckout({
      order: ready,
      routes: {
        [`GET ${ORDER}`]: () => ({ body: refused ? checked : ready }),
        [`POST ${ORDER}/payment`]: () => {
          refused = true;
          return {
            status: 409,
            body: {
              code: 'holders_ineligible',
              message: 'Refused',
              errors: { [`lines.${ready.lines[1]?.id}`]: 'card_required' },
            },
          };
        },
      },
    });

    // The order read again: the holder check names the refused ticket and says why.
    expect(await screen.findByText(/serve una tessera del tifoso valida/)).toBeInTheDocument();
    expect(screen.queryByTestId('card-form')).not.toBeInTheDocument();
  });

  it('cancels the order once the fan says so twice', async () => {
    const { api, user } = openCheckout();

    await user.click(await screen.findByTestId('cancel-order-button'));
    const dialog = screen.getByRole('dialog', { name: "Annullare l'ordine?" });
    await user.click(within(dialog).getByTestId('cancel-order-confirm'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine annullato' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${ORDER}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Torna allo stadio' })).toHaveAttribute('href', '/selectedfixture/7');
  });

  it('goes on to the thank-you page for an order already paid', async () => {
    openCheckout({ order: aReadyOrder({ state: 'issuing', expires_at: null }) });

    expect(await screen.findByText('Stiamo emettendo i tuoi biglietti…')).toBeInTheDocument();
  });

  it("says so for an order that does not exist or is someone else's", async () => {
    openCheckout({ routes: { [`GET ${ORDER}`]: { status: 404, body: { code: 'order_not_found', message: 'No' } } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine non trovato' })).toBeInTheDocument();
  });

  it('opens at the holder check as /vrocheck/{id}/', async () => {
    openCheckout({ order: anOrder({ lines: [anOrderLine({ holder: aHolder() })] }) }, `/vrocheck/${ORDER_ID}/`);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('verify-holders')).toBeEnabled();
  });

  it('marks an order bought with a pre-emption right, and names a holder the right is not theirs', async () => {
    const order = anOrder({
      preemption_right: 'TF0000000001',
      preemption_card: true,
      holders_complete: true,
      lines: [anOrderLine({ holder: aHolder(), eligible: false, ineligible_reason: 'right_not_holders' })],
    });
    openCheckout({ order });

    const note = await screen.findByRole('note');
    expect(note).toHaveAttribute('data-testid', 'preemption-note');
    expect(within(note).getByTestId('preemption-badge')).toHaveTextContent('Prelazione: TF0000000001');
    expect(note).toHaveTextContent(
      'Acquisto in prelazione con la tessera del tifoso: il biglietto va intestato al titolare della tessera.',
    );
    expect(
      await screen.findByText(
        "Il diritto di prelazione (tessera del tifoso o sigillo fiscale dell'abbonamento) non è di questo titolare: indica come titolare chi lo possiede.",
      ),
    ).toBeInTheDocument();
  });

  it('marks no other order', async () => {
    openCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Como - Lazio' })).toBeInTheDocument();
    await screen.findByTestId('save-holders');
    expect(screen.queryByTestId('preemption-badge')).not.toBeInTheDocument();
  });

  it('marks a pre-emption with a fiscal seal in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    openCheckout({ order: anOrder({ preemption_right: 'A1B2C3D4E5F60718', preemption_card: false }) });

    const note = await screen.findByTestId('preemption-note');
    expect(within(note).getByTestId('preemption-badge')).toHaveTextContent('Pre-emption: A1B2C3D4E5F60718');
    expect(note).toHaveTextContent("Bought with a fiscal seal's pre-emption right: the ticket must be in the seal holder's name.");
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = openCheckout();

    await user.click(await screen.findByTestId('save-holders'));

    expect(screen.getByLabelText('First name, ticket 1')).toHaveAccessibleDescription('Enter the first name.');
    expect(screen.getByLabelText('Document type, ticket 2')).toHaveAccessibleDescription('Choose the document type.');
    expect(screen.getByLabelText('Sex, ticket 1')).toHaveAccessibleDescription('Optional: only the fares for women need it.');
    expect(within(screen.getByTestId('holder-0-sex')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Not given',
      'Male',
      'Female',
    ]);
    expect(screen.getByRole('region', { name: 'Your order' })).toHaveTextContent(
      'Main Stand (Tribuna Centrale), block TC1, row 1, seat 1',
    );
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^Total: €120.00$/);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/We keep them for you for/);
    // The fares, sectors and gates the API names in Italian, in English by their code.
    expect(within(screen.getByTestId('order-line-11')).getByText(/Gate 1 · .*Full price/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('holder-0-reduction'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Full price · €60.00', 'Under 18 · €35.00']);
  });
});
