import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsWith, listReads } from '../test/recordActions';
import { renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { DEMO_FAN } from '../test/users';
import { anOrderRow } from '../test/fixtures';
import type { OrderDetail, OrderRow } from '../../../api-types';

const ORDER_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51';
const ORDER = `/api/admin/orders/${ORDER_ID}`;
const PAGE = `/orders/${ORDER_ID}/show`;

/** The order as the API answers it before it gives the order's lines, e-mails and audit. */
const issuedRow: OrderRow = anOrderRow({ id: ORDER_ID, user_id: DEMO_FAN.id });

/** A high-risk match's order the ticketing system refused for want of a supporter card. */
const refused: OrderDetail = {
  ...issuedRow,
  state: 'failed',
  issued_lines: 0,
  error: 'issuing line 1: refused: TESSERA_RICHIESTA: Serve una tessera del tifoso valida',
  error_code: 'TESSERA_RICHIESTA',
  retryable: false,
  attempts: 1,
  failed_at: '2026-11-24T17:05:00Z',
  user_id: DEMO_FAN.id,
  language: 'en',
  paid_at: '2026-11-24T17:01:00Z',
  payment_intent_id: 'pi_3Q0abc',
  refunded_at: null,
  refund_id: null,
  refund_reason: null,
  details: [
    {
      id: 11,
      label: 'TC-TC1-1-1',
      sector_code: 'TC',
      sector_name: 'Tribuna Centrale',
      block_code: 'TC1',
      row: '1',
      number: 1,
      gate: 'Varco 1',
      reduction_code: 'INTERO',
      reduction_name: 'Intero',
      price_cents: 6000,
      holder_name: 'Luca Neri',
      holder_birth_date: '1990-04-01',
      seal: null,
      title_state: null,
      issued_at: null,
    },
    {
      id: 12,
      label: 'TC-TC1-1-2',
      sector_code: 'TC',
      sector_name: 'Tribuna Centrale',
      block_code: 'TC1',
      row: '1',
      number: 2,
      gate: '',
      reduction_code: 'DONNA',
      reduction_name: 'Donna',
      price_cents: 6000,
      holder_name: 'Giulia Rossi',
      holder_birth_date: '1992-05-02',
      seal: 'A1B2C3D4E5F6G7H8',
      title_state: 'valid',
      issued_at: '2026-11-24T17:02:00Z',
    },
  ],
  emails: [
    {
      id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e01',
      template: 'issue_failure',
      subject: 'Your tickets for Como - Lazio',
      status: 'sent',
      created_at: '2026-11-24T17:05:01Z',
      sent_at: '2026-11-24T17:05:03Z',
    },
  ],
  audit: [
    {
      id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f01',
      at: '2026-11-24T17:10:00Z',
      actor_email: 'staff@lario.test',
      action: 'order.issue_retried',
      details: { attempts: 1 },
    },
    { id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4f02', at: '2026-11-24T17:12:00Z', actor_email: null, action: 'order.something_new', details: {} },
  ],
};

function orderApi(order: unknown, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    [ORDER]: { body: order },
    ...extra,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe("an order's page", () => {
  it('shows the order as the API gives it today: summary and payment, no section it lacks', async () => {
    orderApi(issuedRow);
    renderAdminApp(PAGE);

    const summary = await screen.findByRole('region', { name: 'Ordine' });
    expect(within(summary).getByText(ORDER_ID)).toBeInTheDocument();
    expect(within(summary).getByText('fan@example.it')).toBeInTheDocument();
    expect(within(summary).getByText('Emesso').closest('[data-state]')).toHaveAttribute('data-state', 'issued');
    expect(within(summary).getByText('120,00 €')).toBeInTheDocument();
    expect(within(summary).getByText('2 di 2 emessi')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Como - Lazio' })).toHaveAttribute('href', '/admin/fixtures/7/show');
    // Every order row names its buyer's account (user_id is required in the API's OrderRow).
    expect(within(summary).getByRole('link', { name: "Apri l'account dell'acquirente" })).toHaveAttribute(
      'href',
      `/admin/users/${DEMO_FAN.id}/show`,
    );
    const payment = section('Pagamento');
    expect(within(payment).getByText('Pagato')).toBeInTheDocument();
    expect(within(payment).getByText('Carta')).toBeInTheDocument();

    for (const name of ['Emissione non riuscita', 'Posti, intestatari e titoli', "E-mail inviate all'acquirente", 'Registro delle operazioni']) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
  });

  it('says a refusal in words, offers the refund alone when it cannot change, and links to the account', async () => {
    orderApi(refused);
    renderAdminApp(PAGE);

    const problem = await screen.findByRole('region', { name: 'Emissione non riuscita' });
    expect(
      within(problem).getByText("Rifiutato dal sistema di biglietteria: serve una tessera del tifoso valida per l'intestatario."),
    ).toBeInTheDocument();
    // The raw text stays, as a detail.
    expect(within(problem).getByText(refused.error as string)).toBeInTheDocument();
    expect(within(problem).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
    expect(within(problem).getByRole('button', { name: 'Rimborsa' })).toBeEnabled();
    expect(within(problem).getByText(/riprovare non serve/)).toBeInTheDocument();

    const summary = section('Ordine');
    expect(within(summary).getByRole('link', { name: "Apri l'account dell'acquirente" })).toHaveAttribute(
      'href',
      `/admin/users/${DEMO_FAN.id}/show`,
    );
    expect(within(summary).getByText('Inglese')).toBeInTheDocument();
    const payment = section('Pagamento');
    expect(within(payment).getByText('pi_3Q0abc')).toBeInTheDocument();
    expect(within(payment).getByText('24/11/26, 18:01:00')).toBeInTheDocument();
  });

  it('lists each seat with its holder, price, reduction and title, linking an issued one to its ticket', async () => {
    orderApi(refused);
    renderAdminApp(PAGE);

    await screen.findByRole('region', { name: 'Posti, intestatari e titoli' });
    const [first, second] = screen.getAllByTestId('order-line');
    expect(within(first as HTMLElement).getByText('TC-TC1-1-1')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Tribuna Centrale · TC1 · Fila 1, posto 1 · Varco 1')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Luca Neri')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Nato/a il 01/04/1990')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Intero')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Non emesso')).toBeInTheDocument();
    expect(within(first as HTMLElement).queryByRole('link')).not.toBeInTheDocument();

    expect(within(second as HTMLElement).getByText('Valido').closest('[data-state]')).toHaveAttribute('data-state', 'valid');
    expect(within(second as HTMLElement).getByText('A1B2C3D4E5F6G7H8')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByRole('link', { name: 'Apri il biglietto' })).toHaveAttribute(
      'href',
      '/admin/issued-tickets/12/show',
    );
  });

  it("lists the buyer's e-mails, each linking to its page, and the audit trail in words", async () => {
    orderApi(refused);
    renderAdminApp(PAGE);

    const emails = await screen.findByRole('region', { name: "E-mail inviate all'acquirente" });
    expect(within(emails).getByRole('link', { name: 'Your tickets for Como - Lazio' })).toHaveAttribute(
      'href',
      '/admin/emails/0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e01/show',
    );
    expect(within(emails).getByText('Inviata').closest('[data-status]')).toHaveAttribute('data-status', 'sent');

    const [retried, unknown] = screen.getAllByTestId('order-audit-entry');
    expect(within(retried as HTMLElement).getByText('staff@lario.test')).toBeInTheDocument();
    expect(within(retried as HTMLElement).getByText('Emissione ripresa')).toBeInTheDocument();
    expect(within(retried as HTMLElement).getByText('{"attempts":1}')).toBeInTheDocument();
    // What the system did by itself, and an action we have no words for, as the API names it.
    expect(within(unknown as HTMLElement).getByText('Il sistema')).toBeInTheDocument();
    expect(within(unknown as HTMLElement).getAllByText('order.something_new')).not.toHaveLength(0);
  });

  it('refunds from the order page after a confirmation, and reads the order again', async () => {
    const fetchMock = orderApi(refused, {
      [`POST /api/admin/failed-issues/${ORDER_ID}/refund`]: { body: { ...refused, state: 'refunding' } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const problem = await screen.findByRole('region', { name: 'Emissione non riuscita' });
    await user.click(within(problem).getByRole('button', { name: 'Rimborsa' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rimborsare 120,00 € a fan@example.it?')).toBeInTheDocument();
    const readsBefore = listReads(fetchMock, ORDER).length;
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Rimborso avviato.')).toBeInTheDocument();
    const [post] = callsWith(fetchMock, 'POST');
    expect(urlOf(post?.[0] ?? '').pathname).toBe(`/api/admin/failed-issues/${ORDER_ID}/refund`);
    expect(new Headers(post?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    await waitFor(() => expect(listReads(fetchMock, ORDER).length).toBeGreaterThan(readsBefore));
  });

  it('offers the retry when the failure may pass (or the API does not say), and retries', async () => {
    const outage = { ...refused, error: 'temporarily unavailable: 503 Service Unavailable', error_code: null, retryable: undefined };
    const fetchMock = orderApi(outage, {
      [`POST /api/admin/failed-issues/${ORDER_ID}/retry`]: { body: { ...outage, state: 'issuing' } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const problem = await screen.findByRole('region', { name: 'Emissione non riuscita' });
    expect(within(problem).getByText('Il sistema di biglietteria non era disponibile.')).toBeInTheDocument();
    await user.click(within(problem).getByRole('button', { name: 'Riprova' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Emissione ripresa: i biglietti mancanti sono in emissione.')).toBeInTheDocument();
    expect(urlOf(callsWith(fetchMock, 'POST')[0]?.[0] ?? '').pathname).toBe(`/api/admin/failed-issues/${ORDER_ID}/retry`);
  });

  it('speaks English to staff who chose it', async () => {
    orderApi({ ...refused, state: 'refunded', refund_reason: 'refused:TESSERA_RICHIESTA', refunded_at: '2026-11-24T17:06:00Z', refund_id: 're_1' });
    renderAdminApp(PAGE, { locale: 'en' });

    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Refused by the ticketing system: the holder needs a valid supporter card.')).toBeInTheDocument();
    expect(within(payment).getByText('refused:TESSERA_RICHIESTA')).toBeInTheDocument();
    expect(within(payment).getByText('re_1')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Seats, holders and titles' })).toBeInTheDocument();
    // No longer failed: no action.
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
