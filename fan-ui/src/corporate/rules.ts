import type { TFunction } from 'i18next';
import type { FieldCodes } from '../api/fieldCodes';
import { looksLikeEmail } from '../auth/errors';
import { REQUIRED_CORPORATE_FIELDS, type CorporateField } from './types';
import type { RequestForm } from '../../../api-types';

/** The longest message the API takes. */
export const MESSAGE_MAX = 2000;
/** The longest company or contact name the API takes. */
export const NAME_MAX = 120;

/**
 * The codes each field's error may have (docs/api/staff-operations.md: `required`, `invalid`,
 * `length`; `duplicate` from a 409), each a message under the corporate namespace's
 * `registerCompany.fieldErrors`.
 * `corporate_user_email` is the account's own e-mail: no input, but a 409 may name it.
 */
export const CORPORATE_FIELD_CODES = {
  company_name: ['required', 'length', 'duplicate'],
  vat_number: ['required', 'invalid'],
  company_email: ['required', 'invalid', 'duplicate'],
  contact_name: ['required', 'length'],
  phone: ['required', 'invalid'],
  message: ['length'],
  corporate_user_email: ['duplicate'],
} as const satisfies Record<CorporateField | 'corporate_user_email', readonly string[]>;

type CodedField = keyof typeof CORPORATE_FIELD_CODES;
type FieldErrorKey = {
  [F in CodedField]: `registerCompany.fieldErrors.${F}.${(typeof CORPORATE_FIELD_CODES)[F][number]}`;
}[CodedField];

/** The request's words (`t`, the corporate namespace's) and the app's (`appText`). */
export type CorporateTexts = { t: TFunction<'corporate'>; appText: TFunction };

/** A field's error in the user's words; a code the app does not know reads as "not valid". */
export function corporateFieldText({ t, appText }: CorporateTexts, field: CodedField, code: string): string {
  const known: readonly string[] = CORPORATE_FIELD_CODES[field];
  return known.includes(code) ? t(`registerCompany.fieldErrors.${field}.${code}` as FieldErrorKey) : appText('fieldErrors.invalid');
}

/** What is sent: every field trimmed (the API trims too, and has the last word). */
export function normalisedRequest(form: RequestForm): RequestForm {
  return {
    company_name: form.company_name.trim(),
    vat_number: form.vat_number.trim(),
    company_email: form.company_email.trim(),
    contact_name: form.contact_name.trim(),
    phone: form.phone.trim(),
    message: form.message.trim(),
  };
}

/** A light check before asking the API: the required fields, the company e-mail's shape, the message's length. */
export function corporateRequestProblems(form: RequestForm): FieldCodes<CorporateField> {
  const problems: FieldCodes<CorporateField> = {};
  for (const field of REQUIRED_CORPORATE_FIELDS) {
    if (form[field] === '') {
      problems[field] = 'required';
    }
  }
  if (form.company_email !== '' && !looksLikeEmail(form.company_email)) {
    problems.company_email = 'invalid';
  }
  if ([...form.message].length > MESSAGE_MAX) {
    problems.message = 'length';
  }
  return problems;
}
