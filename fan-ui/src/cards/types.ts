import type { NewCard } from '../../../api-types';

/** A field of the add-a-card form (`POST /api/me/supporter-cards`, the API's NewCard). */
export type CardField = keyof NewCard;

export const CARD_FIELDS = ['card_number', 'birth_date'] as const satisfies readonly CardField[];

/** The states the app has words for. */
export const CARD_STATES = ['issued', 'registered'] as const;
export type CardState = (typeof CARD_STATES)[number];

export function isKnownCardState(state: string): state is CardState {
  return (CARD_STATES as readonly string[]).includes(state);
}

/** An account holds at most this many cards (the API answers `too_many_cards` past it). */
export const MAX_CARDS = 10;
