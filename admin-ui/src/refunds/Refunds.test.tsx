import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShowBase } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { anOrderRow } from '../test/fixtures';
import { callsWith, jsonBody } from '../test/recordActions';
import { renderInAdmin, stubFetch, TEST_CSRF_TOKEN, urlOf } from '../test/render';
import { refundMessages } from './messages';
// The chunk's entry: its strings are added as the app adds them.
import { OrderRefunds } from './pages';
import type { LineDetail, OrderDetail, TicketRefund } from '../../../api-types';

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
