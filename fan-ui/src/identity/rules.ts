import type { FieldCodes } from '../api/fieldCodes';
import { isCalendarDate } from '../orders/holderRules';
import { DOCUMENT_TYPES, SEXES } from '../orders/types';
import { fiscalCodeProblem, normalisedFiscalCode } from './fiscalCode';
import { normalisedPhone, phoneIsValid } from './phone';
import type { Identity, IdentityInput } from '../../../api-types';

/**
 * The identity form's rules, as the API applies them (`PUT /api/me/identity`), so the fan hears
 * about a mistake before sending; the API still has the last word, and the fiscal code's fit
 * with the name, birth date, sex and birthplace is its alone to judge.
 */

/** Italy's ISO code: born (or living) there, a province and a municipality are asked for. */
export const ITALY = 'IT';
export const NAME_MAX = 60;
export const ADDRESS_MAX = 200;
export const DOCUMENT_NUMBER_MIN = 5;
export const DOCUMENT_NUMBER_MAX = 20;
/** The API refuses a birth date more than this many years ago (`too_old`). */
export const OLDEST_YEARS = 120;

/** The form's fields in the order they are shown: the first with an error takes the focus. */
export const IDENTITY_FIELDS = [
  'first_name',
  'last_name',
  'fiscal_code',
  'birth_date',
  'sex',
  'birth_country',
  'birth_province',
  'birth_municipality',
  'residence_country',
  'residence_province',
  'residence_municipality',
  'address',
  'document_type',
  'document_number',
  'phone',
] as const;

export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** What the fan types: every field a string, as in the inputs (the birth date "" when not given). */
export type IdentityValues = Record<IdentityField, string>;

/** What is sent: every field given (an empty string for none), the birth date null when not given. */
export type IdentityRequest = { [K in keyof IdentityInput]-?: Exclude<IdentityInput[K], undefined> };

/** The fields the fan may leave empty; the others the API refuses empty (`required`), the
 * province and municipality only for Italy. */
const OPTIONAL_FIELDS = ['address', 'phone'] as const satisfies readonly IdentityField[];

export type RequiredField = Exclude<IdentityField, (typeof OPTIONAL_FIELDS)[number]>;

export const REQUIRED_FIELDS: readonly RequiredField[] = IDENTITY_FIELDS.filter(
  (field): field is RequiredField => !(OPTIONAL_FIELDS as readonly IdentityField[]).includes(field),
);

/** The form's id for a field's input: the first one with an error is focused. */
export function identityInputId(field: IdentityField): string {
  return `identity-${field.replace(/_/g, '-')}`;
}

/**
 * The form as it starts: the saved identity; Italy as the countries when none is given yet. The
 * foreign-born's `EE` province is not one to choose from: it is left blank.
 */
export function valuesOf(identity: Identity): IdentityValues {
  const birthCountry = identity.birth_country === '' ? ITALY : identity.birth_country;
  const residenceCountry = identity.residence_country === '' ? ITALY : identity.residence_country;
  const bornInItaly = birthCountry === ITALY;
  const livesInItaly = residenceCountry === ITALY;
  return {
    first_name: identity.first_name,
    last_name: identity.last_name,
    fiscal_code: identity.fiscal_code,
    birth_date: identity.birth_date ?? '',
    sex: identity.sex,
    birth_country: birthCountry,
    birth_province: bornInItaly ? identity.birth_province : '',
    birth_municipality: bornInItaly ? identity.birth_municipality : '',
    residence_country: residenceCountry,
    residence_province: livesInItaly ? identity.residence_province : '',
    residence_municipality: livesInItaly ? identity.residence_municipality : '',
    address: identity.address,
    document_type: identity.document_type,
    document_number: identity.document_number,
    phone: identity.phone,
  };
}

/**
 * What is sent: trimmed, a phone's curly apostrophe (Dell’Acqua) made the plain one, codes in
 * capitals, the phone in international form; born or living abroad, no province nor
 * municipality (the API gives the foreign-born the province `EE`).
 */
export function identityInputOf(values: IdentityValues): IdentityRequest {
  const name = (value: string) => value.trim().replace(/\s+/g, ' ').replace(/[\u2018\u2019\u02bc]/g, "'");
  const bornInItaly = values.birth_country === ITALY;
  const livesInItaly = values.residence_country === ITALY;
  const birthDate = values.birth_date.trim();
  return {
    first_name: name(values.first_name),
    last_name: name(values.last_name),
    fiscal_code: normalisedFiscalCode(values.fiscal_code),
    birth_date: birthDate === '' ? null : birthDate,
    sex: values.sex,
    birth_country: values.birth_country,
    birth_province: bornInItaly ? values.birth_province : '',
    birth_municipality: bornInItaly ? values.birth_municipality : '',
    residence_country: values.residence_country,
    residence_province: livesInItaly ? values.residence_province : '',
    residence_municipality: livesInItaly ? values.residence_municipality : '',
    address: values.address.trim().replace(/\s+/g, ' '),
    document_type: values.document_type,
    document_number: values.document_number.replace(/\s+/g, '').toUpperCase(),
    phone: normalisedPhone(values.phone),
  };
}

/** Letters of any alphabet, spaces, apostrophes, dots and hyphens; a letter at least. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '.-]+$/u;
const DOCUMENT_NUMBER = /^[A-Z0-9]+$/;

/**
 * Each field's problem, as the API's codes (`required`, `invalid`, `too_long`, `in_future`,
 * `too_old`, the fiscal code's `invalid_format` and `check_character`); empty when there is none.
 * `today` is YYYY-MM-DD.
 */
export function identityProblems(input: IdentityRequest, today: string): FieldCodes<IdentityField> {
  const problems: FieldCodes<IdentityField> = {};
  for (const field of ['first_name', 'last_name'] as const) {
    const value = input[field];
    if (value === '') {
      problems[field] = 'required';
    } else if ([...value].length > NAME_MAX) {
      problems[field] = 'too_long';
    } else if (!NAME_CHARACTERS.test(value) || !/\p{L}/u.test(value)) {
      problems[field] = 'invalid';
    }
  }
  if (input.fiscal_code === '') {
    problems.fiscal_code = 'required';
  } else {
    const problem = fiscalCodeProblem(input.fiscal_code);
    if (problem !== null) {
      problems.fiscal_code = problem;
    }
  }
  const birthDate = input.birth_date ?? '';
  if (birthDate === '') {
    problems.birth_date = 'required';
  } else if (!isCalendarDate(birthDate)) {
    problems.birth_date = 'invalid';
  } else if (birthDate > today) {
    problems.birth_date = 'in_future';
  } else if (birthDate < earliestBirthDate(today)) {
    problems.birth_date = 'too_old';
  }
  if (input.sex === '') {
    problems.sex = 'required';
  } else if (!(SEXES as readonly string[]).includes(input.sex)) {
    problems.sex = 'invalid';
  }
  placeProblems(problems, 'birth', input.birth_country, input.birth_province, input.birth_municipality);
  placeProblems(problems, 'residence', input.residence_country, input.residence_province, input.residence_municipality);
  if ([...input.address].length > ADDRESS_MAX) {
    problems.address = 'too_long';
  }
  if (input.document_type === '') {
    problems.document_type = 'required';
  } else if (!(DOCUMENT_TYPES as readonly string[]).includes(input.document_type)) {
    problems.document_type = 'invalid';
  }
  const number = input.document_number;
  if (number === '') {
    problems.document_number = 'required';
  } else if (!DOCUMENT_NUMBER.test(number) || number.length < DOCUMENT_NUMBER_MIN || number.length > DOCUMENT_NUMBER_MAX) {
    problems.document_number = 'invalid';
  }
  if (input.phone !== '' && !phoneIsValid(input.phone)) {
    problems.phone = 'invalid';
  }
  return problems;
}

/** A place's problems: a country; in Italy, a province and a municipality too. */
function placeProblems(
  problems: FieldCodes<IdentityField>,
  kind: 'birth' | 'residence',
  country: string,
  province: string,
  municipality: string,
): void {
  if (country === '') {
    problems[`${kind}_country`] = 'required';
    return;
  }
  if (country !== ITALY) {
    return;
  }
  if (province === '') {
    problems[`${kind}_province`] = 'required';
  } else if (municipality === '') {
    problems[`${kind}_municipality`] = 'required';
  }
}

/** The earliest birth date the API takes on `today` (both YYYY-MM-DD): 120 years before. */
export function earliestBirthDate(today: string): string {
  return `${String(Number(today.slice(0, 4)) - OLDEST_YEARS).padStart(4, '0')}${today.slice(4)}`;
}
