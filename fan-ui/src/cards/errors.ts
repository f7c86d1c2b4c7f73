import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { apiErrorText } from '../auth/errors';
import { MAX_CARDS, type CardField } from './types';

/** The API's codes for a card that could not be added or removed, each a message of its own. */
const CARD_CODES = [
  'card_not_found',
  'card_not_valid',
  'card_already_yours',
  'card_taken',
  'too_many_cards',
  'rate_limited',
  'ticketing_unavailable',
  'not_found',
] as const;
type CardCode = (typeof CARD_CODES)[number];

function isCardCode(code: string): code is CardCode {
  return (CARD_CODES as readonly string[]).includes(code);
}

/** The cards' words (`t`, the supporter card namespace's) and the app's (`appText`). */
type CardTexts = { t: TFunction<'supporterCard'>; appText: TFunction };

function codeText(t: TFunction<'supporterCard'>, code: CardCode): string {
  return t(`supporterCards.errors.${code}`, { max: MAX_CARDS });
}

/** The fan's words for a failed card call, by the API's `code`; any other is `apiErrorText`'s. */
export function supporterCardErrorText({ t, appText }: CardTexts, error: unknown): string {
  return error instanceof ApiError && isCardCode(error.code) ? codeText(t, error.code) : apiErrorText(appText, error);
}

/**
 * A field's error in the fan's words: `required` or `invalid` (a 422 `validation_failed`, or the
 * form's own check), or the code of a refused card, which the API names on `card_number`.
 */
export function cardFieldText({ t, appText }: CardTexts, field: CardField, code: string): string {
  if (code === 'required' || code === 'invalid') {
    return t(`supporterCards.fieldErrors.${field}.${code}`);
  }
  return isCardCode(code) ? codeText(t, code) : appText('fieldErrors.invalid');
}
