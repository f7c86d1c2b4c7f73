/** A supporter card (tessera del tifoso) of the fan's (docs/api/staff-operations.md, "Supporter cards"). */
export interface SupporterCard {
  id: string;
  card_number: string;
  holder_first_name: string;
  holder_last_name: string;
  /** YYYY-MM-DD. */
  holder_birth_date: string;
  /** "issued" or "registered" (waiting to be issued); the ticketing system may add others. */
  card_state: string;
  /** YYYY-MM-DD, or null when the card does not expire. */
  expires_on: string | null;
  created_at: string;
  user_id: string;
  user_email: string;
}

/** `POST /api/me/supporter-cards`: the card's number and its holder's birth date. */
export interface NewSupporterCard {
  card_number: string;
  birth_date: string;
}

export type CardField = keyof NewSupporterCard;

export const CARD_FIELDS = ['card_number', 'birth_date'] as const satisfies readonly CardField[];

/** The states the app has words for. */
export const CARD_STATES = ['issued', 'registered'] as const;
export type CardState = (typeof CARD_STATES)[number];

export function isKnownCardState(state: string): state is CardState {
  return (CARD_STATES as readonly string[]).includes(state);
}

/** An account holds at most this many cards (the API answers `too_many_cards` past it). */
export const MAX_CARDS = 10;
