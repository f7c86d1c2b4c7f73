import type { TFunction } from 'i18next';
import { ADDRESS_MAX, NAME_MAX, REQUIRED_FIELDS, type IdentityField, type RequiredField } from './rules';

/**
 * The API's codes for a fiscal code that is refused, each a message of its own: its form and its
 * fit with the name, birth date, sex and birthplace; `taken` (another account's identity, on the
 * fan's own), `is_you` (the fan's own, for someone else: a saved person, a card's holder),
 * `not_yours` (a card "for me" with another's) and `already_saved` (a saved person twice).
 */
const FISCAL_CODE_CODES = [
  'invalid_format',
  'check_character',
  'last_name_mismatch',
  'first_name_mismatch',
  'birth_date_mismatch',
  'sex_mismatch',
  'birthplace_mismatch',
  'taken',
  'is_you',
  'not_yours',
  'already_saved',
] as const;
type FiscalCodeCode = (typeof FISCAL_CODE_CODES)[number];

/** The fields whose `invalid` has words of its own; any other's is a general "check it". */
const INVALID_FIELDS = ['first_name', 'last_name', 'birth_date', 'sex', 'document_type', 'document_number', 'phone'] as const;
type InvalidField = (typeof INVALID_FIELDS)[number];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** What kind of place a field names, for `unknown`. */
function placeKind(field: IdentityField): 'country' | 'province' | 'municipality' | null {
  const kind = /_(country|province|municipality)$/.exec(field)?.[1];
  return kind === 'country' || kind === 'province' || kind === 'municipality' ? kind : null;
}

/**
 * A field's error in the fan's words, from the code the form's own check or the API's 422 gave
 * it (`required`, `invalid`, `too_long`, `unknown`, `not_in_province`, `in_future`, `too_old`,
 * and the fiscal code's own); `t` is the identity namespace's.
 */
export function identityFieldText(t: TFunction<'identity'>, field: IdentityField, code: string): string {
  if (field === 'fiscal_code' && isOneOf<FiscalCodeCode>(FISCAL_CODE_CODES, code)) {
    return t(`errors.fiscal_code.${code}`);
  }
  switch (code) {
    case 'required':
      return isOneOf<RequiredField>(REQUIRED_FIELDS, field) ? t(`errors.required.${field}`) : t('errors.invalid.other');
    case 'too_long':
      return t('errors.too_long', { max: field === 'address' ? ADDRESS_MAX : NAME_MAX });
    case 'unknown': {
      const kind = placeKind(field);
      return kind === null ? t('errors.invalid.other') : t(`errors.unknown.${kind}`);
    }
    case 'not_in_province':
      return t('errors.not_in_province');
    case 'in_future':
      return t('errors.in_future');
    case 'too_old':
      return t('errors.too_old');
    default:
      return isOneOf<InvalidField>(INVALID_FIELDS, field) ? t(`errors.invalid.${field}`) : t('errors.invalid.other');
  }
}
