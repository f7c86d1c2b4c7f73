import { ApiError } from './client';

/** A form's field name to the code the API (or the form's own check) gave it: "required", "invalid"... */
export type FieldCodes<F extends string> = Partial<Record<F, string>>;

/**
 * The codes a failed write gave the fields a form has (`errors.<field>` of a 422 or a 409);
 * fields the form does not have are left out, and any other failure gives none.
 */
export function fieldCodesOf<F extends string>(error: unknown, fields: readonly F[]): FieldCodes<F> {
  if (!(error instanceof ApiError)) {
    return {};
  }
  const codes: FieldCodes<F> = {};
  for (const field of fields) {
    const code = error.fieldErrors[field];
    if (code !== undefined) {
      codes[field] = code;
    }
  }
  return codes;
}
