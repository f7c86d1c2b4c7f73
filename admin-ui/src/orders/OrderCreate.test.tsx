import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN } from '../test/render';
import { aFixture, anOrderRow } from '../test/fixtures';
import { choose, fillSaleLine, postsTo, type SaleLineEntry } from '../test/saleForm';
import type { Fixture, OrderRow, Price } from '../../../api-types';

const ORDERS = '/api/admin/orders';
const PAGE = '/orders/create';

const lazio = aFixture();
// Scheduled, not yet on sale: never offered for a sale.
const inter: Fixture = { ...lazio, id: 8, title: 'Como - Inter', starts_at: '2026-12-13T19:45:00Z', status: 0 };

const price = (sector: string, id: number, code: string, name: string, cents: number): Price => ({
  id: `${sector}:${id}`,
  sector_code: sector,
  sector_name: sector === 'TC' ? 'Tribuna Centrale' : 'Curva Nord',
  reduction_id: id,
  reduction_code: code,
  reduction_name: name,
  rule: code === 'DONNA' ? 'women' : code === 'U14' ? 'under_14' : code === 'O65' ? 'over_65' : 'anyone',
  price_cents: cents,
});
const prices: Price[] = [
  price('TC', 1, 'INTERO', 'Intero', 6000),
  price('TC', 2, 'U14', 'Under 14', 3000),
  // For women only: the holder's sex must be F.
  price('TC', 4, 'DONNA', 'Donna', 4800),
  // Sold at the box office only: the fan app never offers it.
  price('TC', 5, 'OMAGGIO', 'Omaggio', 0),
  price('CN', 1, 'INTERO', 'Intero', 2500),
];

const sold: OrderRow = anOrderRow({
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a60',
  buyer_email: 'cliente@example.it',
  state: 'paid',
  total_cents: 6000,
  issued_lines: 0,
  is_order_by_admin: true,
  payment_method: 'cash',
});

type Routes = Parameters<typeof stubFetch>[0];

function saleApi(answer: Routes[string]) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/admin/fixtures': listRoute('fixtures', [lazio, inter]),
    '/api/admin/prices': listRoute('prices', prices),
    [ORDERS]: listRoute('orders', [sold]),
    [`POST ${ORDERS}`]: answer,
  });
}

const postsOf = (fetchMock: ReturnType<typeof stubFetch>) => postsTo(fetchMock, ORDERS);

type User = ReturnType<typeof userEvent.setup>;

async function fillSale(user: User, { email = 'cliente@example.it' } = {}) {
  await choose(user, null, /^Partita/, 'Como - Lazio · 06/12/26, 20:45:00');
  await user.type(screen.getByRole('textbox', { name: /^E-mail dell'acquirente/ }), email);
  await choose(user, null, /^Metodo di pagamento/, 'Contanti');
}

const fillLine = (user: User, index: number, line: SaleLineEntry) =>
  fillSaleLine(user, screen.getByRole('group', { name: `Biglietto ${index + 1}` }), line);

const luca: SaleLineEntry = {
  label: ' TC-TC1-1-1 ',
  reduction: /^Intero \(INTERO\) · 60,00\s€$/,
  first: 'Luca',
  last: 'Neri',
  birth: '1990-04-01',
  place: 'Como',
  number: 'CA1234567',
};

describe('the box-office sale', () => {
  it("opens from the orders list's Sell tickets button", async () => {
    saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp('/orders');

    await user.click(await screen.findByRole('link', { name: 'Vendi biglietti' }));

    expect(await screen.findByRole('combobox', { name: /^Partita/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Biglietto 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vendi' })).toBeInTheDocument();
  });

  it('offers the sale on an empty orders list too, in our words', async () => {
    stubFetch({ '/api/me': { body: STAFF_ME }, [ORDERS]: listRoute('orders', []) });
    renderAdminApp('/orders');

    expect(await screen.findByText('Nessun ordine, per ora.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vendi biglietti' })).toHaveAttribute('href', '/admin/orders/create');
  });

  it('sends the fixture, buyer, payment, language and each seat by label with its holder, then lists the orders', async () => {
    const fetchMock = saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    // Only the fixtures on sale are offered.
    await user.click(await screen.findByRole('combobox', { name: /^Partita/ }));
    expect(await screen.findByRole('option', { name: /Como - Lazio/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Como - Inter/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await fillSale(user);
    await choose(user, null, /^Lingua dell'e-mail/, 'Inglese');
    await fillLine(user, 0, { ...luca, sex: 'Maschio' });

    // A third line added by mistake goes again; the box-office reduction is offered.
    await user.click(screen.getByRole('button', { name: 'Aggiungi un biglietto' }));
    await user.click(screen.getByRole('button', { name: 'Aggiungi un biglietto' }));
    await user.click(screen.getByRole('button', { name: 'Togli il biglietto 3' }));
    expect(screen.queryByRole('group', { name: 'Biglietto 3' })).not.toBeInTheDocument();
    await fillLine(user, 1, {
      label: 'TC-TC1-1-2',
      reduction: /^Omaggio \(OMAGGIO\) · 0,00\s€$/,
      first: 'Anna',
      last: "D'Angelo",
      birth: '2015-09-30',
      place: 'Lecco',
      document: 'Passaporto',
      number: 'YA7654321',
    });

    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    expect(await screen.findByText('Venduti 2 biglietti a cliente@example.it: sono in emissione.')).toBeInTheDocument();
    const [post] = postsOf(fetchMock);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      fixture_id: 7,
      buyer_email: 'cliente@example.it',
      payment_method: 'cash',
      language: 'en',
      lines: [
        {
          label: 'TC-TC1-1-1',
          reduction_id: 1,
          holder: {
            first_name: 'Luca',
            last_name: 'Neri',
            birth_date: '1990-04-01',
            birth_place: 'Como',
            document_type: 'id_card',
            document_number: 'CA1234567',
            sex: 'M',
          },
        },
        {
          label: 'TC-TC1-1-2',
          reduction_id: 5,
          holder: {
            first_name: 'Anna',
            last_name: "D'Angelo",
            birth_date: '2015-09-30',
            birth_place: 'Lecco',
            document_type: 'passport',
            document_number: 'YA7654321',
            // Not given.
            sex: null,
          },
        },
      ],
    });
    // Back on the orders list.
    expect(await screen.findByRole('link', { name: 'Vendi biglietti' })).toBeInTheDocument();
    expect(postsOf(fetchMock)).toHaveLength(1);
  });

  it("puts a 422's field errors under the inputs they name, in our words", async () => {
    const fetchMock = saleApi({
      status: 422,
      body: {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: {
          buyer_email: 'invalid_email',
          'lines.0.label': 'unknown seat',
          'lines.0.first_name': '1-60 letters',
          'lines.0.document_number': '5-20 letters or digits',
          lines: 'a reduction not priced for its sector',
        },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Partita/ });
    await fillSale(user, { email: 'cliente@esempio.it' });
    await fillLine(user, 0, { ...luca, label: 'TC-ZZ-9-9', first: 'L2', number: 'CA-1' });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    const line = within(screen.getByRole('group', { name: 'Biglietto 1' }));
    await waitFor(() =>
      expect(line.getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription(
        'Da 1 a 60 caratteri: lettere, spazi, apostrofi, punti e trattini.',
      ),
    );
    expect(line.getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('aria-invalid', 'true');
    expect(line.getByRole('textbox', { name: /^Etichetta del posto/ })).toHaveAccessibleDescription(
      'Nessun posto ha questa etichetta.',
    );
    expect(line.getByRole('textbox', { name: /^Numero del documento/ })).toHaveAccessibleDescription(
      'Da 5 a 20 lettere o cifre.',
    );
    expect(screen.getByRole('textbox', { name: /^E-mail dell'acquirente/ })).toHaveAccessibleDescription(
      'Inserisci un indirizzo e-mail valido.',
    );
    // What concerns the lines as a whole is said under them.
    expect(
      screen.getByText('Una delle riduzioni scelte non ha un prezzo nel settore del suo posto.'),
    ).toBeInTheDocument();
    // Fields the server did not name stay as they were.
    expect(line.getByRole('textbox', { name: /^Cognome/ })).toHaveAttribute('aria-invalid', 'false');
    expect(await screen.findByText('Il modulo non è valido. Controlla gli errori')).toBeInTheDocument();

    // The server's errors do not block sending again.
    await user.click(screen.getByRole('button', { name: 'Vendi' }));
    await waitFor(() => expect(postsOf(fetchMock)).toHaveLength(2));
  });

  it("asks the holder's sex, not given unless chosen, and keeps the women's reduction for F", async () => {
    const fetchMock = saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Partita/ });
    const group = screen.getByRole('group', { name: 'Biglietto 1' });
    const line = within(group);
    // Not given until chosen, with the three choices in Italian.
    expect(line.getByRole('combobox', { name: /^Sesso/ })).toHaveTextContent('Non indicato');
    expect(line.getByRole('combobox', { name: /^Sesso/ })).toHaveAccessibleDescription('Serve per la riduzione Donna.');
    await user.click(line.getByRole('combobox', { name: /^Sesso/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Non indicato',
      'Maschio',
      'Femmina',
    ]);
    await user.keyboard('{Escape}');

    await fillSale(user);
    await fillLine(user, 0, { ...luca, first: 'Anna', reduction: /^Donna \(DONNA\) · 48,00\s€$/ });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    // Refused here, on the reduction, and not sent.
    const refusal = 'La riduzione Donna richiede che il sesso del titolare sia F.';
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: /^Riduzione/ })).toHaveAccessibleDescription(refusal),
    );
    expect(postsOf(fetchMock)).toHaveLength(0);
    // Male does not qualify either; female does, and the message goes at once.
    await choose(user, group, /^Sesso/, 'Maschio');
    await user.click(screen.getByRole('button', { name: 'Vendi' }));
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: /^Riduzione/ })).toHaveAccessibleDescription(refusal),
    );
    expect(postsOf(fetchMock)).toHaveLength(0);
    await choose(user, group, /^Sesso/, 'Femmina');
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: /^Riduzione/ })).not.toHaveAccessibleDescription(refusal),
    );

    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    await waitFor(() => expect(postsOf(fetchMock)).toHaveLength(1));
    const [post] = postsOf(fetchMock);
    const body = JSON.parse(String(post?.[1]?.body)) as { lines: { reduction_id: number; holder: { sex: string } }[] };
    expect(body.lines[0]?.reduction_id).toBe(4);
    expect(body.lines[0]?.holder.sex).toBe('F');
  });

  it("counts Under 14 by the holder's age on the match's day", async () => {
    const fetchMock = saleApi({ status: 201, body: sold });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Partita/ });
    await fillSale(user);
    // Como - Lazio is on 6 December 2026: born on 6 December 2012, the holder is 14 that day.
    await fillLine(user, 0, { ...luca, birth: '2012-12-06', reduction: /^Under 14 \(U14\) · 30,00\s€$/ });
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    const line = within(screen.getByRole('group', { name: 'Biglietto 1' }));
    const refusal = 'La riduzione Under 14 è per chi ha meno di 14 anni il giorno della partita.';
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: /^Riduzione/ })).toHaveAccessibleDescription(refusal),
    );
    expect(postsOf(fetchMock)).toHaveLength(0);

    // A day younger: still 13 on the match day.
    const birth = line.getByLabelText(/^Data di nascita/);
    await user.clear(birth);
    await user.type(birth, '2012-12-07');
    await waitFor(() =>
      expect(line.getByRole('combobox', { name: /^Riduzione/ })).not.toHaveAccessibleDescription(refusal),
    );
    await user.click(screen.getByRole('button', { name: 'Vendi' }));
    await waitFor(() => expect(postsOf(fetchMock)).toHaveLength(1));
  });

  it('says under the lines, in our words, that a holder does not qualify on the match day (422)', async () => {
    saleApi({
      status: 422,
      body: {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        errors: { lines: 'a holder does not qualify for their reduction on the match day' },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Partita/ });
    await fillSale(user);
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    expect(
      await screen.findByText(
        'Un titolare non ha diritto alla sua riduzione il giorno della partita (Under 14: meno di 14 anni; Over 65: almeno 65 anni; Donna: sesso F): controlla riduzioni, date di nascita e sesso.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/a holder does not qualify/)).not.toBeInTheDocument();
  });

  it('says in Italian that a seat was taken (409 seats_unavailable) and keeps the form', async () => {
    saleApi({
      status: 409,
      body: {
        code: 'seats_unavailable',
        message: 'Some of these seats have just been taken',
        errors: { seat_ids: [101] },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await screen.findByRole('combobox', { name: /^Partita/ });
    await fillSale(user);
    await fillLine(user, 0, luca);
    await user.click(screen.getByRole('button', { name: 'Vendi' }));

    expect(
      await screen.findByText(
        'Alcuni di questi posti non sono più liberi (venduti, riservati o bloccati): controlla le etichette.',
      ),
    ).toBeInTheDocument();
    // Still on the form, with what was typed, and nothing marked wrong.
    const line = within(screen.getByRole('group', { name: 'Biglietto 1' }));
    expect(line.getByRole('textbox', { name: /^Etichetta del posto/ })).toHaveValue(' TC-TC1-1-1 ');
    expect(line.getByRole('textbox', { name: /^Etichetta del posto/ })).toHaveAttribute('aria-invalid', 'false');
  });

  it("says in English that the buyer reached the match's limit (409 buyer_limit)", async () => {
    saleApi({
      status: 409,
      body: { code: 'buyer_limit', message: 'One buyer may not hold or buy more for this fixture', errors: { limit: 4 } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE, { locale: 'en' });

    await user.click(await screen.findByRole('combobox', { name: /^Match/ }));
    await user.click(await screen.findByRole('option', { name: /Como - Lazio/ }));
    await user.type(screen.getByRole('textbox', { name: /^Buyer's e-mail/ }), 'cliente@example.it');
    await user.click(screen.getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: 'Card terminal' }));
    const line = within(screen.getByRole('group', { name: 'Ticket 1' }));
    await user.type(line.getByRole('textbox', { name: /^Seat label/ }), 'CN-N1-3-7');
    await user.click(line.getByRole('combobox', { name: /^Reduction/ }));
    // In Curva Nord only the full price is sold.
    expect(await screen.findByRole('option', { name: 'Under 14 (U14)' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Intero (INTERO) · €25.00' }));
    await user.type(line.getByRole('textbox', { name: /^First name/ }), 'Luca');
    await user.type(line.getByRole('textbox', { name: /^Last name/ }), 'Neri');
    await user.click(line.getByRole('combobox', { name: /^Sex/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Not given',
      'Male',
      'Female',
    ]);
    await user.click(screen.getByRole('option', { name: 'Male' }));
    await user.type(line.getByLabelText(/^Date of birth/), '1990-04-01');
    await user.type(line.getByRole('textbox', { name: /^Place of birth/ }), 'Como');
    await user.type(line.getByRole('textbox', { name: /^Document number/ }), 'CA1234567');
    await user.click(screen.getByRole('button', { name: 'Sell' }));

    expect(
      await screen.findByText('The buyer cannot have more tickets for this match: at most 4 per person.'),
    ).toBeInTheDocument();
  });
});
