
/** A title in the ticketing system: valid until scanned at the gate (used) or cancelled. */
export const TICKET_STATES = ['valid', 'used', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export function isTicketState(value: unknown): value is TicketState {
  return typeof value === 'string' && (TICKET_STATES as readonly string[]).includes(value);
}
