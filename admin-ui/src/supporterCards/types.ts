import type { Identifier } from 'react-admin';
import { filteredListPath, PAGE_PATHS } from '../layout/paths';
import { fullName } from '../users/types';

/** A card's state in the ticketing system: only registered or issued cards can be added. */
export const CARD_STATES = ['issued', 'registered'] as const;
export type CardState = (typeof CARD_STATES)[number];

/**
 * A supporter card (tessera del tifoso) a fan added to their account, as `GET
 * /api/admin/supporter-cards` returns it: theirs or a family member's.
 */
export interface SupporterCard {
  id: Identifier;
  /** Normalised: upper case, no spaces or dashes, e.g. `TF0000000001`. */
  card_number: string;
  holder_first_name: string;
  holder_last_name: string;
  /** A calendar day, `yyyy-mm-dd`. */
  holder_birth_date: string;
  card_state: CardState;
  /** A calendar day, when the ticketing system gives one. */
  expires_on: string | null;
  /** When it was added to the account. */
  created_at: string;
  /** The account that holds it, and its e-mail. */
  user_id: Identifier;
  user_email: string;
}

export function isCardState(value: unknown): value is CardState {
  return typeof value === 'string' && (CARD_STATES as readonly string[]).includes(value);
}

/** The card's holder by first and last name, as one. */
export function holderName(card: Pick<SupporterCard, 'holder_first_name' | 'holder_last_name'>): string {
  return fullName({ first_name: card.holder_first_name, last_name: card.holder_last_name });
}

/** The cards list's address (under the basename), narrowed to the cards of one account. */
export function supporterCardsOfAccountPath(userId: Identifier): string {
  return filteredListPath(PAGE_PATHS.supporterCards, { user_id: String(userId) });
}
