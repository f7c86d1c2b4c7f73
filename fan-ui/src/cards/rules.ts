import type { FieldCodes } from '../api/fieldCodes';
import { isCalendarDate } from '../orders/holderRules';
import type { CardField } from './types';
import type { NewCard } from '../../../api-types';

/** A card number as the API keeps it: spaces and dashes dropped, in capitals ("tf 0000-001" -> "TF0000001"). */
export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** 6 to 20 letters and digits once normalised, as the API accepts. */
const CARD_NUMBER = /^[A-Z0-9]{6,20}$/;

/** What is sent: the number normalised, the date as the date input gives it. */
export function normalisedCard(card: NewCard): NewCard {
  return { card_number: normaliseCardNumber(card.card_number), birth_date: card.birth_date.trim() };
}

/**
 * A light check before asking the API (which has the last word): both fields given, the number's
 * shape, a birth date that exists and is past. `today` is YYYY-MM-DD.
 */
export function cardProblems(card: NewCard, today: string): FieldCodes<CardField> {
  const problems: FieldCodes<CardField> = {};
  if (card.card_number === '') {
    problems.card_number = 'required';
  } else if (!CARD_NUMBER.test(card.card_number)) {
    problems.card_number = 'invalid';
  }
  if (card.birth_date === '') {
    problems.birth_date = 'required';
  } else if (!isCalendarDate(card.birth_date) || card.birth_date >= today) {
    problems.birth_date = 'invalid';
  }
  return problems;
}
