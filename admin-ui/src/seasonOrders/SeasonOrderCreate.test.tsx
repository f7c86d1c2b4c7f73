import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSeasonOrder, aSeasonOrderRow, aSeasonTicket } from '../test/fixtures';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { choose, fillSaleLine, postsTo, type SaleLineEntry } from '../test/saleForm';
import type { SeasonOrderRow, SeasonPrice, SeasonTicket, SeasonTicketDetail } from '../../../api-types';

const ORDERS = '/api/admin/season-orders';
const PAGE = '/season-orders/create';
const SOLD_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c01';

// On sale; its first match is on 23 August 2026 in Como.
const season: SeasonTicket = aSeasonTicket({ status: 1, inventory_ready: true });
// Scheduled, not yet on sale: never offered for a sale.
const cup: SeasonTicket = aSeasonTicket({ id: 4, name: 'Abbonamento Coppa', status: 0 });

const price = (sector: string, id: number, code: string, name: string, cents: number): SeasonPrice => ({
  sector_code: sector,
  reduction_id: id,
  reduction_code: code,
  reduction_name: name,
  rule: code === 'DONNA' ? 'women' : code === 'U14' ? 'under_14' : 'anyone',
  price_cents: cents,
});
// The season's own prices: not the default prices of a match.
const detail: SeasonTicketDetail = {
  ...season,
  fixtures: [],
  sectors: [],
  prices: [
    price('TC', 1, 'INTERO', 'Intero', 29000),
    price('TC', 2, 'U14', 'Under 14', 15000),
    price('TC', 4, 'DONNA', 'Donna', 25000),
    price('CN', 1, 'INTERO', 'Intero', 18000),
  ],
};

const sold: SeasonOrderRow = aSeasonOrderRow({
  id: SOLD_ID,
  buyer_email: 'cliente@example.it',
  payment_method: 'cash',
  sold_by: STAFF_ME.email,
  state: 'paid',
  titles_issued: 0,
});

type Routes = Parameters<typeof stubFetch>[0];

function saleApi(answer: Routes[string], extra: Routes = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/season-tickets': listRoute('season-tickets', [season, cup]),
    '/api/admin/season-tickets/3': { body: season },
    '/api/season-tickets/3': { body: detail },
    [ORDERS]: listRoute('season-orders', [sold]),
    [`POST ${ORDERS}`]: answer,
    [`${ORDERS}/${SOLD_ID}`]: { body: aSeasonOrder({ id: SOLD_ID, buyer_email: 'cliente@example.it', payment_method: 'cash' }) },
    ...extra,
  });
}

const postsOf = (fetchMock: ReturnType<typeof stubFetch>) => postsTo(fetchMock, ORDERS);

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, index = 0): unknown =>
  JSON.parse(String(postsOf(fetchMock)[index]?.[1]?.body));

type User = ReturnType<typeof userEvent.setup>;

async function fillSale(user: User) {
  await choose(user, null, /^Abbonamento/, 'Abbonamento 2026-27');
  await user.type(screen.getByRole('textbox', { name: /^E-mail dell'acquirente/ }), 'cliente@example.it');
  await choose(user, null, /^Metodo di pagamento/, 'Contanti');
}

/** A season seat's line: as a match's, and a collection when ticked. */
type SeasonLine = SaleLineEntry & { collection?: boolean };

const lineGroup = (index: number, name = 'Abbonamento') => screen.getByRole('group', { name: `${name} ${index + 1}` });

async function fillLine(user: User, index: number, line: SeasonLine) {
  await fillSaleLine(user, lineGroup(index), line);
  if (line.collection === true) {
    await user.click(within(lineGroup(index)).getByRole('switch', { name: /^Collezione: un biglietto per ogni partita/ }));
  }
}

const luca: SeasonLine = {
  label: 'TC-TC1-1-1',
  reduction: /^Intero \(INTERO\) · 290,00\s€$/,
  first: 'Luca',
  last: 'Neri',
  birth: '1990-04-01',
  place: 'Como',
  number: 'CA1234567',
};
const giulia: SeasonLine = {
  label: 'TC-TC1-1-2',
  reduction: /^Donna \(DONNA\) · 250,00\s€$/,
  first: 'Giulia',
  last: 'Rossi',
  birth: '1992-06-15',
  place: 'Como',
  number: 'CA7654321',
  sex: 'Femmina',
  collection: true,
};

const holderOf = (first: string, last: string, birth: string, number: string, sex: string | null) => ({
  first_name: first,
  last_name: last,
  birth_date: birth,
  birth_place: 'Como',
  document_type: 'id_card',
  document_number: number,
  sex,
});

describe('the season ticket sale at the box office', () => {
  it('opens from the season orders lists, and speaks of season tickets', async () => {
    saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp('/tickets/seasonissued');

    await user.click(await screen.findByRole('link', { name: 'Vendi abbonamento' }));

    expect(await screen.findByRole('combobox', { name: /^Abbonamento/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Abbonamento 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiungi un abbonamento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vendi' })).toBeInTheDocument();
    // Each seat a season title unless ticked.
    const collection = within(lineGroup(0)).getByRole('switch', { name: /^Collezione: un biglietto per ogni partita/ });
    expect(collection).not.toBeChecked();
    expect(collection).toHaveAccessibleDescription("Al posto della tessera dell'abbonamento, un biglietto per ciascuna partita compresa.");
  });

  it('offers the sale on the failed season issues page too', async () => {
    saleApi({ status: 201, body: sold });
    renderAdminApp('/tickets/issuefailedseason');

    expect(await screen.findByRole('link', { name: 'Vendi abbonamento' })).toHaveAttribute('href', '/admin/season-orders/create');
  });

  it("opens from a season ticket's page with that season ticket chosen, and its own reductions and prices", async () => {
    saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp('/season-tickets/3/show');

    await user.click(await screen.findByRole('link', { name: 'Vendi abbonamento' }));

    expect(await screen.findByRole('combobox', { name: /^Abbonamento/ })).toHaveTextContent('Abbonamento 2026-27');
    const line = lineGroup(0);
    await user.type(within(line).getByRole('textbox', { name: /^Etichetta del posto/ }), 'TC-TC1-1-1');
    await user.click(within(line).getByRole('combobox', { name: /^Riduzione/ }));
    // Prices are written with a no-break space before the euro sign.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent?.replace(/\s/g, ' '))).toEqual([
      'Intero (INTERO) · 290,00 €',
      'Under 14 (U14) · 150,00 €',
      'Donna (DONNA) · 250,00 €',
    ]);
  });

  it('is not offered on the page of a season ticket that is not on sale', async () => {
    saleApi({ status: 201, body: sold }, { '/api/admin/season-tickets/3': { body: { ...season, status: 2 } } });
    renderAdminApp('/season-tickets/3/show');

    expect(await screen.findByRole('button', { name: 'Metti in vendita' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vendi abbonamento' })).not.toBeInTheDocument();
  });

  it("sends the season ticket, buyer, payment, language and each seat with its holder and collection, then opens the new order's page", async () => {
    const fetchMock = saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    // Only the season tickets on sale are offered.
    await user.click(await screen.findByRole('combobox', { name: /^Abbonamento/ }));
    expect(await screen.findByRole('option', { name: 'Abbonamento 2026-27' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Abbonamento Coppa' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await fillSale(user);
    await choose(user, null, /^Lingua dell'e-mail/, 'Inglese');
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    await fillLine(user, 1, giulia);
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    expect(
      await screen.findByText('Venduti 2 abbonamenti a cliente@example.it: sono in emissione.'),
    ).toBeInTheDocument();
    const [post] = postsOf(fetchMock);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(bodyOf(fetchMock)).toEqual({
      season_ticket_id: 3,
      buyer_email: 'cliente@example.it',
      payment_method: 'cash',
      language: 'en',
      lines: [
        {
          label: 'TC-TC1-1-1',
          reduction_id: 1,
          holder: holderOf('Luca', 'Neri', '1990-04-01', 'CA1234567', null),
          collection: false,
        },
        {
          label: 'TC-TC1-1-2',
          reduction_id: 4,
          holder: holderOf('Giulia', 'Rossi', '1992-06-15', 'CA7654321', 'F'),
          collection: true,
        },
      ],
    });
    // On the new order's page, which says who sold it.
    const summary = await screen.findByRole('region', { name: 'Ordine di abbonamento' }, { timeout: 15_000 });
    expect(await within(summary).findByText(`Contanti · Venduto da ${STAFF_ME.email}`)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === `${ORDERS}/${SOLD_ID}`)).toBe(true);
    expect(postsOf(fetchMock)).toHaveLength(1);
  });

  it("counts Under 14 by the holder's age on the season ticket's first match's day", async () => {
    const fetchMock = saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Abbonamento/ });
    await fillSale(user);
    // The first match is on 23 August 2026: born on 23 August 2012, the holder is 14 that day.
    await fillLine(user, 0, { ...luca, birth: '2012-08-23', reduction: /^Under 14 \(U14\) · 150,00\s€$/ });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    const line = within(lineGroup(0));
    const refusal = "La riduzione Under 14 è per chi ha meno di 14 anni il giorno della prima partita dell'abbonamento.";
    await waitFor(() => expect(line.getByRole('combobox', { name: /^Riduzione/ })).toHaveAccessibleDescription(refusal));
    expect(postsOf(fetchMock)).toHaveLength(0);

    const birth = line.getByLabelText(/^Data di nascita/);
    await user.clear(birth);
    await user.type(birth, '2012-08-24');
    await waitFor(() => expect(line.getByRole('combobox', { name: /^Riduzione/ })).not.toHaveAccessibleDescription(refusal));
    await user.click(screen.getByRole('button', { name: 'Vendi' }));
    await waitFor(() => expect(postsOf(fetchMock)).toHaveLength(1));
  });

  it("puts each holder the ticketing system would refuse (409 holder_ineligible) on the line's fields, in our words", async () => {
    const fetchMock = saleApi({
      status: 409,
      body: {
        code: 'holder_ineligible',
        message: 'The ticketing system would refuse a holder: nothing was sold',
        errors: { 'lines.0.holder': 'banned', 'lines.1.holder': 'match_not_on_sale', 'lines.2.holder': 'has_season_ticket' },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Abbonamento/ });
    await fillSale(user);
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    await fillLine(user, 1, { ...giulia, reduction: /^Intero \(INTERO\) · 290,00\s€$/ });
    await user.click(screen.getByRole('button', { name: 'Aggiungi un abbonamento' }));
    await fillLine(user, 2, { ...luca, label: 'TC-TC1-1-3', first: 'Anna', last: 'Bianchi', number: 'CA1111111' });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    const first = within(lineGroup(0));
    await waitFor(() =>
      expect(first.getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription(
        "Il titolare ha un divieto di accesso agli stadi: non può avere l'abbonamento.",
      ),
    );
    expect(first.getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('aria-invalid', 'true');
    // A collection refused for a match not on public sale: said on its switch.
    const collection = within(lineGroup(1)).getByRole('switch', { name: /^Collezione/ });
    expect(collection).toHaveAccessibleDescription(
      "Una delle partite dell'abbonamento non è ancora in vendita libera: la collezione non si può emettere ora. Togli la collezione o riprova più tardi.",
    );
    expect(collection).toHaveAttribute('aria-invalid', 'true');
    expect(within(lineGroup(1)).getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('aria-invalid', 'false');
    expect(within(lineGroup(2)).getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription(
      'Il titolare ha già un abbonamento per questa stagione.',
    );
    // Never the API's English, nor its codes.
    expect(screen.queryByText(/would refuse a holder|banned|has_season_ticket/)).not.toBeInTheDocument();

    // The server's errors do not block sending again, the collection unticked.
    await user.click(within(lineGroup(1)).getByRole('switch', { name: /^Collezione/ }));
    await user.click(screen.getByRole('button', { name: 'Vendi' }));
    await waitFor(() => expect(postsOf(fetchMock)).toHaveLength(2));
    expect((bodyOf(fetchMock, 1) as { lines: { collection: boolean }[] }).lines.map((line) => line.collection)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('says on the season ticket when its public sale is not open yet in the ticketing system', async () => {
    saleApi({
      status: 409,
      body: { code: 'holder_ineligible', message: 'refused', errors: { 'lines.0.holder': 'season_not_on_sale' } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Abbonamento/ });
    await fillSale(user);
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Abbonamento/ })).toHaveAccessibleDescription(
        'Nel sistema di biglietteria la vendita libera di questo abbonamento non è ancora aperta: per ora possono acquistarlo solo i titolari che rinnovano.',
      ),
    );
  });

  it("puts a 422's field errors under the inputs they name, in our words", async () => {
    saleApi({
      status: 422,
      body: {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: { 'lines.0.label': 'unknown seat', 'lines.0.document_number': '5-20 letters or digits' },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Abbonamento/ });
    await fillSale(user);
    await fillLine(user, 0, { ...luca, label: 'TC-ZZ-9-9', number: 'CA-1' });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    const line = within(lineGroup(0));
    await waitFor(() =>
      expect(line.getByRole('textbox', { name: /^Etichetta del posto/ })).toHaveAccessibleDescription(
        'Nessun posto ha questa etichetta.',
      ),
    );
    expect(line.getByRole('textbox', { name: /^Numero del documento/ })).toHaveAccessibleDescription('Da 5 a 20 lettere o cifre.');
  });

  it("says in Italian that the buyer reached the season ticket's limit (409 buyer_limit) and keeps the form", async () => {
    saleApi({
      status: 409,
      body: { code: 'buyer_limit', message: 'One buyer may not hold or buy more for this fixture', errors: { limit: 2 } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Abbonamento/ });
    await fillSale(user);
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    expect(
      await screen.findByText("L'acquirente non può avere altri posti di questo abbonamento: al massimo 2 a persona."),
    ).toBeInTheDocument();
    expect(within(lineGroup(0)).getByRole('textbox', { name: /^Etichetta del posto/ })).toHaveValue('TC-TC1-1-1');
  });

  it('says in English when the ticketing system cannot check the holders (503 ticketing_unavailable)', async () => {
    saleApi({ status: 503, body: { code: 'ticketing_unavailable', message: 'The ticketing system is unavailable', errors: {} } });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await screen.findByRole('combobox', { name: /^Season ticket/ });
    await choose(user, null, /^Season ticket/, 'Abbonamento 2026-27');
    await user.type(screen.getByRole('textbox', { name: /^Buyer's e-mail/ }), 'cliente@example.it');
    await choose(user, null, /^Payment method/, 'Bank transfer');
    const group = lineGroup(0, 'Season ticket');
    await fillSaleLine(user, group, { ...luca, label: 'CN-N1-3-7', reduction: 'Intero (INTERO) · €180.00' }, 'en');
    const line = within(group);
    expect(line.getByRole('switch', { name: /^Collection: one ticket per match/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sell' }));

    expect(
      await screen.findByText(
        'The ticketing system does not answer, so the holders cannot be checked: nothing was sold. Please try again shortly.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The ticketing system is unavailable')).not.toBeInTheDocument();
  });
});
