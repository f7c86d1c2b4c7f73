import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n, { SEASON_ORDER_NS } from '../../i18n';
import { aFan, aHolder } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubAnswer, type StubRoute } from '../../test/render';
import { aPhaseTimeline, aRenewalOrder, aSeasonDetail, aSeasonHold, aSeasonOrderLine } from '../../test/seasons';
import type { RenewalOutcome, RenewalRequest, RenewalsResult, SeasonOrder } from '../../../../api-types';

const RENEWALS = 'POST /api/season-tickets/10000/renewals';

const MARIO_ORDER = '0193a1b2-c3d4-7e5f-8a9b-5ea50000aaaa';
const GIULIA_ORDER = '0193a1b2-c3d4-7e5f-8a9b-5ea50000bbbb';

const orderOf = (id: string, number: number, first_name: string): SeasonOrder =>
  aRenewalOrder({
    id,
    lines: [aSeasonOrderLine({ number, holder: aHolder({ first_name, last_name: 'Bianchi', sex: 'M' }) })],
  });

/** Season ticket 10000's page during its renewal phase, the list of renewals answered by `renewals`. */
function open(renewals: StubRoute = { body: { successful: [], items: [] } }) {
  const api = stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/season-tickets/10000': { body: aSeasonDetail() },
    'GET /api/season-tickets/10000/phases': () => ({ body: aPhaseTimeline('renewal') }),
    'GET /api/season-tickets/10000/hold': { body: aSeasonHold() },
    'GET /api/me/renewal-rights': { body: { items: [] } },
    [RENEWALS]: renewals,
    [`GET /api/season-orders/${MARIO_ORDER}`]: { body: orderOf(MARIO_ORDER, 5, 'Mario') },
  });
  const user = userEvent.setup();
  renderWithProviders(<AppRoutes />, { route: '/selectedseasonticket/10000' });
  return { api, user };
}

/** The answer to a list: each sent right made (`orders`) or refused as `refusals` says. */
function answer(orders: Record<string, SeasonOrder>, refusals: Record<string, Pick<RenewalOutcome, 'code' | 'errors'>>) {
  return ({ body }: { body: unknown }): StubAnswer => {
    const items = (body as { items: RenewalRequest[] }).items.map(
      ({ right }): RenewalOutcome =>
        orders[right] !== undefined
          ? { right, order: orders[right], code: null, errors: null }
          : { right, order: null, ...refusals[right] },
    );
    const result: RenewalsResult = { successful: items.filter((item) => item.order !== null).map((item) => item.right), items };
    return { body: result };
  };
}

const MARIO: RenewalRequest = {
  right: 'P1-7F3A9C',
  first_name: 'Mario',
  last_name: 'Bianchi',
  birth_date: '1980-05-17',
  birth_province: 'co',
  birth_place: 'Como',
  sex: 'M',
};
const GIULIA: RenewalRequest = { ...MARIO, right: 'P1-22B4D1', first_name: 'Giulia', birth_date: '1984-02-11', sex: 'F' };
const LUCA: RenewalRequest = { ...MARIO, right: 'A1B2C3D4E5F60718', first_name: 'Luca', birth_date: '2012-09-30' };

const input = (index: number, field: keyof RenewalRequest) => screen.getByTestId(`renewals-${index}-${field}`);

async function fillRow(user: UserEvent, index: number, values: Partial<RenewalRequest>) {
  for (const [field, value] of Object.entries(values) as [keyof RenewalRequest, string][]) {
    if (field === 'sex') {
      await user.selectOptions(input(index, field), value);
    } else if (field === 'birth_date') {
      await user.type(input(index, field), value);
    } else {
      // Pasted: quicker than typing, for rows of seven fields.
      await user.click(input(index, field));
      await user.paste(value);
    }
  }
}

async function toMany(user: UserEvent) {
  // The page, the session and the phases read first: slow on a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Rinnova più abbonamenti insieme' }, { timeout: 15_000 }));
  return screen.findByTestId('renewals-form');
}

const send = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Rinnova gli abbonamenti' }));

const outcomeOf = (index: number) => within(screen.getAllByTestId('renewals-row')[index] as HTMLElement).getByTestId('renewals-outcome');

beforeAll(async () => {
  await Promise.all([
    import('./SelectedSeasonTicketPage'),
    import('../season-checkout/SeasonCheckoutPage'),
    i18n.loadNamespaces(SEASON_ORDER_NS),
  ]);
});

describe('renewing several season tickets at once', () => {
  it('sends the rows together, says per row what happened, and lists the orders made to check and pay', async () => {
    // Giulia's date of birth is not the record's; Luca's father has renewed as many as he bought.
    const made: Record<string, SeasonOrder> = { 'P1-7F3A9C': orderOf(MARIO_ORDER, 5, 'Mario') };
    let refusals: Record<string, Pick<RenewalOutcome, 'code' | 'errors'>> = {
      'P1-22B4D1': { code: 'holder_mismatch', errors: { field: 'birth_date' } },
      A1B2C3D4E5F60718: { code: 'renewal_quota', errors: { quota: 2 } },
    };
    const { api, user } = open((request) => answer(made, refusals)(request));
    const form = await toMany(user);
    expect(within(form).getByRole('heading', { level: 2, name: 'Rinnova più abbonamenti insieme' })).toBeInTheDocument();
    expect(within(form).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Abbonamento 1',
      'Abbonamento 2',
    ]);
    await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    expect(input(2, 'right')).toHaveFocus();
    await fillRow(user, 0, MARIO);
    await fillRow(user, 1, { ...GIULIA, birth_date: '1984-02-12' });
    await fillRow(user, 2, LUCA);

    await send(user);

    await waitFor(() => expect(screen.getByTestId('renewals-summary')).toHaveTextContent('Rinnovi riusciti: 1 su 3.'), { timeout: 15_000 });
    expect(api.callsTo(RENEWALS)).toHaveLength(1);
    expect(api.callsTo(RENEWALS)[0]?.body).toEqual({
      items: [
        { ...MARIO, birth_province: 'CO' },
        { ...GIULIA, birth_date: '1984-02-12', birth_province: 'CO' },
        { ...LUCA, birth_province: 'CO' },
      ],
    });
    expect(api.callsTo(RENEWALS)[0]?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(outcomeOf(0)).toHaveTextContent("Rinnovato: l'ordine è in attesa di pagamento.");
    expect(outcomeOf(1)).toHaveTextContent("Non corrisponde ai dati dell'abbonato: data di nascita.");
    expect(input(1, 'birth_date')).toHaveAttribute('aria-invalid', 'true');
    expect(input(1, 'birth_date')).toHaveAccessibleDescription("Non corrisponde ai dati dell'abbonato");
    expect(input(1, 'birth_date')).toHaveFocus();
    expect(outcomeOf(2)).toHaveTextContent(
      'Hai già rinnovato tanti abbonamenti quanti ne avevi acquistati la scorsa stagione (2).',
    );
    expect(screen.queryByText(/English message/)).not.toBeInTheDocument();

    const orders = screen.getByTestId('renewals-orders');
    expect(within(orders).getByRole('heading', { level: 2, name: 'Rinnovi da pagare' })).toBeInTheDocument();
    expect(within(orders).getByTestId('renewals-order')).toHaveTextContent(/^Mario Bianchi.*Tribuna Centrale, blocco A, fila 1, posto 5/);
    expect(within(orders).getByRole('link', { name: 'Verifica e paga il rinnovo di Mario Bianchi' })).toHaveAttribute(
      'href',
      `/seasonticketvrocheck/${MARIO_ORDER}`,
    );

    // Giulia's date corrected, Luca's row taken out: only Giulia's is sent again, Mario's is done.
    await user.clear(input(1, 'birth_date'));
    await user.type(input(1, 'birth_date'), '1984-02-11');
    await user.click(screen.getByRole('button', { name: "Togli l'abbonamento 3" }));
    made['P1-22B4D1'] = orderOf(GIULIA_ORDER, 6, 'Giulia');
    refusals = {};
    await send(user);

    await waitFor(() => expect(screen.getAllByTestId('renewals-order')).toHaveLength(2), { timeout: 15_000 });
    expect(screen.getByTestId('renewals-summary')).toHaveTextContent('Rinnovi riusciti: 1 su 1.');
    expect(api.callsTo(RENEWALS)[1]?.body).toEqual({ items: [{ ...GIULIA, birth_province: 'CO' }] });
    expect(outcomeOf(1)).toHaveTextContent("Rinnovato: l'ordine è in attesa di pagamento.");
    expect(screen.getByRole('link', { name: 'Verifica e paga il rinnovo di Giulia Bianchi' })).toHaveAttribute(
      'href',
      `/seasonticketvrocheck/${GIULIA_ORDER}`,
    );

    // On to the first order's check and payment, as after a single renewal.
    await user.click(screen.getByRole('link', { name: 'Verifica e paga il rinnovo di Mario Bianchi' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Verifica dei titolari' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('checks every row before sending: blank rows left out, each field, a right given twice', async () => {
    const { api, user } = open();
    await toMany(user);
    await fillRow(user, 0, MARIO);
    await fillRow(user, 1, { right: 'p1-7f3a9c', last_name: 'Bianchi' });

    await send(user);

    expect(input(1, 'right')).toHaveAccessibleDescription(
      "Questo sigillo fiscale o codice di rinnovo è già in un altro abbonamento dell'elenco.",
    );
    expect(input(1, 'right')).toHaveFocus();
    expect(input(1, 'first_name')).toHaveAccessibleDescription('Scrivi il nome.');
    expect(input(0, 'right')).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo(RENEWALS)).toHaveLength(0);

    // The second row taken out and a blank one added: only the first is sent.
    await user.click(screen.getByRole('button', { name: "Togli l'abbonamento 2" }));
    await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    await send(user);

    await waitFor(() => expect(api.callsTo(RENEWALS)).toHaveLength(1), { timeout: 15_000 });
    expect(api.callsTo(RENEWALS)[0]?.body).toEqual({ items: [{ ...MARIO, birth_province: 'CO' }] });
  });

  it("says an unknown seal or code on the row's right field", async () => {
    const { user } = open(answer({}, { 'P1-7F3A9C': { code: 'holder_not_found', errors: null } }));
    await toMany(user);
    await fillRow(user, 0, MARIO);

    await send(user);

    await waitFor(() => expect(input(0, 'right')).toHaveAttribute('aria-invalid', 'true'), { timeout: 15_000 });
    expect(input(0, 'right')).toHaveAccessibleDescription('Nessun abbonato ha questo sigillo fiscale o codice di rinnovo: controllalo.');
    expect(input(0, 'right')).toHaveFocus();
    expect(screen.getByTestId('renewals-summary')).toHaveTextContent('Rinnovi riusciti: 0 su 1.');
    expect(screen.queryByTestId('renewals-orders')).not.toBeInTheDocument();
  });

  it('says a list refused as a whole, keeping what was typed', async () => {
    const { user } = open({ status: 429, body: { code: 'rate_limited', message: 'An English message', errors: {} } });
    const form = await toMany(user);
    await fillRow(user, 0, MARIO);

    await send(user);

    expect(await within(form).findByText('Troppi tentativi: aspetta qualche minuto e riprova.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(input(0, 'right')).toHaveValue('P1-7F3A9C');
    expect(screen.queryByTestId('renewals-orders')).not.toBeInTheDocument();
  });

  it('takes up to ten rows, starting from what the single form had, and keeps them when switching back', async () => {
    const { user } = open();
    await user.type(await screen.findByTestId('renewal-right', {}, { timeout: 15_000 }), 'P1-7F3A9C');

    await toMany(user);
    expect(input(0, 'right')).toHaveValue('P1-7F3A9C');
    for (let rows = 2; rows < 10; rows += 1) {
      await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    }

    expect(screen.getAllByTestId('renewals-row')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Aggiungi un abbonamento' })).toBeDisabled();
    expect(screen.getByText('Al massimo 10 abbonamenti per volta.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rinnova un solo abbonamento' }));
    expect(await screen.findByTestId('renewal-form')).toBeInTheDocument();
    expect(screen.queryByTestId('renewals-form')).not.toBeInTheDocument();
    await toMany(user);
    expect(screen.getAllByTestId('renewals-row')).toHaveLength(10);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = open(
      answer({ 'P1-7F3A9C': orderOf(MARIO_ORDER, 5, 'Mario') }, { 'P1-22B4D1': { code: 'holder_mismatch', errors: { field: 'birth_date' } } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Renew several season tickets at once' }, { timeout: 15_000 }));
    const form = await screen.findByTestId('renewals-form');
    expect(within(form).getByRole('group', { name: 'Season ticket 1' })).toBeInTheDocument();
    await fillRow(user, 0, MARIO);
    await fillRow(user, 1, GIULIA);

    await user.click(screen.getByRole('button', { name: 'Renew the season tickets' }));

    await waitFor(() => expect(screen.getByTestId('renewals-summary')).toHaveTextContent('Renewals made: 1 of 2.'), { timeout: 15_000 });
    expect(outcomeOf(0)).toHaveTextContent('Renewed: the order is waiting for payment.');
    expect(outcomeOf(1)).toHaveTextContent("Does not match the holder's record: date of birth.");
    const orders = screen.getByTestId('renewals-orders');
    expect(within(orders).getByRole('heading', { level: 2, name: 'Renewals to pay for' })).toBeInTheDocument();
    expect(within(orders).getByRole('link', { name: "Check and pay for Mario Bianchi's renewal" })).toHaveTextContent('Check and pay');
  });
});
