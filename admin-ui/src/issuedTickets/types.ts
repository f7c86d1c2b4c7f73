import type { Identifier } from 'react-admin';

/** A title in the ticketing system: valid until scanned at the gate (used) or cancelled. */
export const TICKET_STATES = ['valid', 'used', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** One issued title (an order line), as `GET /api/admin/issued-tickets` returns it. */
export interface IssuedTicket {
  /** The order line's id. */
  id: Identifier;
  order_id: string;
  fixture_id: Identifier;
  fixture_title: string;
  starts_at: string;
  /** The seat's label, e.g. TC-TC1-1-1. */
  label: string;
  sector_code: string;
  row: string;
  number: number;
  gate: string | null;
  holder_name: string;
  buyer_email: string;
  price_cents: number;
  /** The fiscal seal the ticketing system gave the title. */
  seal: string;
  barcode: string;
  state: TicketState;
  issued_at: string;
  /** Sold by staff (box office or admin) rather than bought by the fan online. */
  is_order_by_admin: boolean;
  payment_method: string | null;
}

export function isTicketState(value: unknown): value is TicketState {
  return typeof value === 'string' && (TICKET_STATES as readonly string[]).includes(value);
}
