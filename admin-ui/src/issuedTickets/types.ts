import type { TitleState } from '../../../api-types';

/** A title in the ticketing system: valid until scanned at the gate (used) or cancelled. */
export const TICKET_STATES = ['valid', 'used', 'cancelled'] as const satisfies readonly TitleState[];

export function isTicketState(value: unknown): value is TitleState {
  return typeof value === 'string' && (TICKET_STATES as readonly string[]).includes(value);
}
