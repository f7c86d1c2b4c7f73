import type { Identifier } from 'react-admin';
import { filteredListPath, PAGE_PATHS } from '../layout/paths';
import { fullName } from '../users/types';
import type { SupporterCard } from '../../../api-types';

/** A card's state in the ticketing system: only registered or issued cards can be added. */
export const CARD_STATES = ['issued', 'registered'] as const;
export type CardState = (typeof CARD_STATES)[number];

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
