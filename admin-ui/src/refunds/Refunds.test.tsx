import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShowBase } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { aFixture, anOrderRow } from '../test/fixtures';
import { callsWith, jsonBody, lastListParam, listReads, rowShowing } from '../test/recordActions';
import { listRoute, renderAdminApp, renderInAdmin, STAFF_ME, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { refundMessages } from './messages';
// The chunk's entry: its strings are added as the app adds them.
import { FixtureRefundPanel, OrderRefunds, RefundRequestList } from './pages';
import type { LineDetail, OrderDetail, RefundRequestView, TicketRefund } from '../../../api-types';

const ORDER_ID = '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4a51';
const ORDER = `/api/admin/orders/${ORDER_ID}`;
const REFUNDS = `${ORDER}/refunds`;

function aLine(id: number, overrides: Partial<LineDetail> = {}): LineDetail {
  return {
    id,
    label: `TC-TC1-1-${id}`,
    sector_code: 'TC',
    sector_name: 'Tribuna Centrale',
    block_code: 'TC1',
    row: '1',
    number: id,
    gate: 'Varco 1',
    reduction_code: 'INTERO',
    reduction_name: 'Intero',
    price_cents: 6000,
    holder_name: `Tifoso ${id}`,
    holder_birth_date: '1990-04-01',
    seal: `SEAL${id}`,
    title_state: 'valid',
    issued_at: '2026-11-24T17:02:00Z',
    ...overrides,
  };
}

const order: OrderDetail = {
  ...anOrderRow({ id: ORDER_ID }),
  state: 'issued',
  language: 'it',
  paid_at: '2026-11-24T17:01:00Z',
  payment_intent_id: 'pi_3Q0abc',
  refunded_at: null,
  refund_id: null,
  refund_reason: null,
  // Two live tickets, and one the stadium already scanned.
  details: [aLine(11), aLine(12, { price_cents: 4500 }), aLine(13, { title_state: 'used' })],
  emails: [],
  audit: [],
};

const refund: TicketRefund = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4c01',
  order_id: ORDER_ID,
  line_ids: [12],
  amount_cents: 4500,
  reason: 'Partita rinviata, il tifoso non può venire',
  state: 'requested',
  provider_refund_id: null,
  created_at: '2026-11-25T10:00:00Z',
  done_at: null,
};

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

function renderSection() {
  return renderInAdmin(
    <ShowBase resource="orders" id={ORDER_ID}>
      <OrderRefunds />
    </ShowBase>,
    { dataProvider },
  );
}

describe("the refunds' strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(refundMessages.en).sort()).toEqual(keysOf(refundMessages.it).sort());
  });
});

describe('the "Rimborsi" section of an issued order', () => {
  it('refunds the chosen live tickets with a reason, shows the API\'s refusal in the dialog, then the refund in the list', async () => {
    const fetchMock = stubFetch({
      [ORDER]: { body: order },
      [`GET ${REFUNDS}`]: [{ body: [] }, { body: [{ ...refund, state: 'done', done_at: '2026-11-25T10:00:05Z' }] }],
      [`POST ${REFUNDS}`]: [
        {
          status: 409,
          body: { code: 'transfer_in_progress', message: 'A transfer is in progress', errors: {} },
        },
        { status: 202, body: refund },
      ],
    });
    const user = userEvent.setup();
    renderSection();

    expect(await screen.findByText('Nessun rimborso per questo ordine.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rimborsa biglietti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborsa biglietti' });
    const boxes = within(dialog).getAllByRole('checkbox');
    // The used ticket is not offered; the live ones are all chosen.
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      expect(box).toBeChecked();
    }
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('Totale: 105,00 €');

    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(await within(dialog).findByText('Scrivi il motivo (massimo 500 caratteri).')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /Tifoso 11/ }));
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('Totale: 45,00 €');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), '  Partita rinviata, il tifoso non può venire ');
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Un cambio nominativo è in corso su questi biglietti');

    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByTestId('order-refund');
    expect(within(row).getByText('45,00 €')).toBeInTheDocument();
    expect(within(row).getByText('Partita rinviata, il tifoso non può venire')).toBeInTheDocument();
    expect(within(row).getByTestId('refund-state')).toHaveAttribute('data-state', 'done');
    expect(within(row).getByTestId('refund-state')).toHaveTextContent('Rimborsato');

    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(2);
    expect(urlOf(posts[1]?.[0] ?? '').pathname).toBe(REFUNDS);
    expect(new Headers(posts[1]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    for (const post of posts) {
      expect(jsonBody(post)).toEqual({ line_ids: [12], reason: 'Partita rinviata, il tifoso non può venire' });
    }
  });

  it('lists refunds under way and leaves out the tickets they cover', async () => {
    stubFetch({ [ORDER]: { body: order }, [REFUNDS]: { body: [refund] } });
    const user = userEvent.setup();
    renderSection();

    const row = await screen.findByTestId('order-refund');
    expect(within(row).getByTestId('refund-state')).toHaveTextContent('In corso');
    await user.click(screen.getByRole('button', { name: 'Rimborsa biglietti' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByRole('checkbox', { name: /Tifoso 11/ })).toBeChecked();
  });
});

const REQUESTS = '/api/admin/refund-requests';

const pendingRequest: RefundRequestView = {
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d01',
  order_id: ORDER_ID,
  fixture: { id: 7, title: 'Como - Lazio', competition: 'Serie A', starts_at: '2026-12-06T19:45:00Z' },
  state: 'pending',
  reason: 'Non posso venire alla nuova data',
  staff_note: null,
  buyer_email: 'fan@example.it',
  tickets: 2,
  amount_cents: 12000,
  created_at: '2026-11-24T17:00:00Z',
  decided_at: null,
};
const declinedRequest: RefundRequestView = {
  ...pendingRequest,
  id: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4d02',
  state: 'declined',
  buyer_email: 'altro@example.it',
  staff_note: 'Fuori tempo',
  decided_at: '2026-11-25T09:00:00Z',
};

describe("fans' refund requests", () => {
  it('lists the pending ones first, approves one after a confirmation and reads the list again', async () => {
    const fetchMock = stubFetch({
      [REQUESTS]: listRoute('refund-requests', [pendingRequest, declinedRequest]),
      '/api/admin/fixtures': listRoute('fixtures', []),
      [`POST ${REQUESTS}/${pendingRequest.id}/approve`]: { body: { ...pendingRequest, state: 'approved' } },
    });
    const user = userEvent.setup();
    renderInAdmin(<RefundRequestList />, { dataProvider });

    const row = await rowShowing('fan@example.it');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Data',
      'Partita',
      'E-mail acquirente',
      'Biglietti',
      'Importo',
      'Motivo',
      'Stato',
      'Azioni',
    ]);
    expect(lastListParam(fetchMock, REQUESTS, 'filter')).toEqual({ state: 'pending' });
    expect(within(row).getByText('Como - Lazio')).toBeInTheDocument();
    expect(within(row).getByText('120,00 €')).toBeInTheDocument();
    expect(within(row).getByText('Non posso venire alla nuova data')).toBeInTheDocument();
    expect(within(row).getByTestId('refund-request-state')).toHaveTextContent('Da decidere');
    // A decided request has no actions, and shows staff's note.
    const decided = await rowShowing('altro@example.it');
    expect(within(decided).queryByRole('button')).not.toBeInTheDocument();
    expect(within(decided).getByText('Fuori tempo')).toBeInTheDocument();

    const reads = listReads(fetchMock, REQUESTS).length;
    await user.click(within(row).getByRole('button', { name: 'Approva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approvare il rimborso?' });
    expect(within(dialog).getByText(/I 2 biglietti di fan@example\.it per Como - Lazio/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approva' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listReads(fetchMock, REQUESTS).length).toBeGreaterThan(reads));
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(1);
    expect(urlOf(posts[0]?.[0] ?? '').pathname).toBe(`${REQUESTS}/${pendingRequest.id}/approve`);
    expect(posts[0]?.[1]?.body).toBeUndefined();
  });

  it('declines with a note, and says so when someone decided first', async () => {
    const fetchMock = stubFetch({
      [REQUESTS]: listRoute('refund-requests', [pendingRequest]),
      '/api/admin/fixtures': listRoute('fixtures', []),
      [`POST ${REQUESTS}/${pendingRequest.id}/decline`]: [
        { status: 409, body: { code: 'request_not_pending', message: 'Not pending', errors: {} } },
        { body: { ...pendingRequest, state: 'declined', staff_note: 'Partita giocata' } },
      ],
    });
    const user = userEvent.setup();
    renderInAdmin(<RefundRequestList />, { dataProvider });

    const row = await rowShowing('fan@example.it');
    await user.click(within(row).getByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rifiutare la richiesta?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nota per il tifoso (facoltativa)' }), ' Partita giocata ');
    await user.click(within(dialog).getByRole('button', { name: 'Rifiuta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Qualcuno ha già deciso questa richiesta');

    await user.click(within(dialog).getByRole('button', { name: 'Rifiuta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = callsWith(fetchMock, 'POST');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(urlOf(post[0]).pathname).toBe(`${REQUESTS}/${pendingRequest.id}/decline`);
      expect(jsonBody(post)).toEqual({ note: 'Partita giocata' });
    }
  });

  it('opens at /admin/refund-requests from the menu, in English', async () => {
    stubFetch({
      '/api/me': { body: STAFF_ME },
      [REQUESTS]: listRoute('refund-requests', [pendingRequest]),
      '/api/admin/fixtures': listRoute('fixtures', []),
    });
    renderAdminApp('/refund-requests', { locale: 'en' });

    const row = (await screen.findByText('fan@example.it', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('To decide')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Refund requests' })).toHaveClass('RaMenuItemLink-active');
  });
});

const FIXTURE = '/api/admin/fixtures/7';
const FIXTURE_REFUNDS = `${FIXTURE}/refunds`;

function renderFixturePanel() {
  return renderInAdmin(
    <ShowBase resource="fixtures" id={7}>
      <FixtureRefundPanel />
    </ShowBase>,
    { dataProvider },
  );
}

describe('the "Rimborsi" panel of a match', () => {
  it('marks the match postponed with its status as it is', async () => {
    const fetchMock = stubFetch({
      [`GET ${FIXTURE}`]: { body: aFixture() },
      [`PUT ${FIXTURE}`]: { body: aFixture({ postponed: true }) },
      [FIXTURE_REFUNDS]: { body: { lines: 0, requested: 0, refunded: 0 } },
    });
    const user = userEvent.setup();
    renderFixturePanel();

    const toggle = await screen.findByRole('switch', { name: 'Partita rinviata' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Partita rinviata' })).toBeChecked());
    const puts = callsWith(fetchMock, 'PUT');
    expect(puts).toHaveLength(1);
    expect(jsonBody(puts[0])).toEqual({ status: 1, postponed: true });
    expect(screen.queryByTestId('fixture-refund-progress')).not.toBeInTheDocument();
  });

  it('refunds every ticket after a confirmation with a reason, shows a refusal, then follows the progress until all are refunded', async () => {
    const fetchMock = stubFetch({
      [`GET ${FIXTURE}`]: { body: aFixture() },
      [`GET ${FIXTURE_REFUNDS}`]: [
        { body: { lines: 4, requested: 0, refunded: 0 } },
        { body: { lines: 4, requested: 4, refunded: 2 } },
        { body: { lines: 4, requested: 4, refunded: 4 } },
      ],
      [`POST ${FIXTURE_REFUNDS}`]: [
        { status: 409, body: { code: 'fixture_not_found', message: 'No such fixture', errors: {} } },
        { status: 202, body: { round: '0193a5b0-7c1e-7d2a-9f00-5e1d2c3b4e99', progress: { lines: 4, requested: 4, refunded: 0 } } },
      ],
    });
    const user = userEvent.setup();
    renderFixturePanel();

    await user.click(await screen.findByRole('button', { name: 'Rimborsa tutti i biglietti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborsare tutti i biglietti di Como - Lazio?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa tutti i biglietti' }));
    expect(await within(dialog).findByText('Scrivi il motivo (massimo 500 caratteri).')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Partita annullata');
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa tutti i biglietti' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa tutti i biglietti' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('fixture-refund-progress')).toBeInTheDocument();
    // Read again every 2 s until every ticket is refunded.
    expect(await screen.findByText('2 di 4 biglietti rimborsati…', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Tutti i 4 biglietti rimborsati.', {}, { timeout: 15_000 })).toBeInTheDocument();
    for (const post of callsWith(fetchMock, 'POST')) {
      expect(urlOf(post[0]).pathname).toBe(FIXTURE_REFUNDS);
      expect(jsonBody(post)).toEqual({ reason: 'Partita annullata' });
    }
  }, 15_000);
});
