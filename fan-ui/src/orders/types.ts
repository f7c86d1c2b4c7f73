/**
 * What the app knows of the checkout API's values beyond their shapes (the shapes themselves are
 * the API's types, from api-types/). The API sends these as plain strings: a value the app does
 * not know yet must still show.
 */

/** The document types a holder may be named with (the holder form's choices). */
export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A holder's sex as the ticketing system records it; optional, but the women's fare needs `F`. */
export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/** The ticket states the wallet has words and colours for. */
export const TICKET_STATES = ['valid', 'used', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export function isKnownTicketState(state: string): state is TicketState {
  return (TICKET_STATES as readonly string[]).includes(state);
}
