import type { ApiError } from '../../api/client';
import type { FieldCodes } from '../../api/fieldCodes';
import { EMPTY_RENEWAL, RENEWAL_FIELDS, RENEWALS_MAX, type RenewalField } from '../../seasons/renewal';
import type { MyRenewalRight, RenewalRequest, SeasonOrder } from '../../../../api-types';

/** One renewal of a list ("Rinnova più abbonamenti insieme"): what the fan typed, and what came of it. */
export interface RenewalRow {
  /** React's key: the row's own, whatever is added or removed around it. */
  key: number;
  values: RenewalRequest;
  /** Each field's problem, from the form's check or the API's answer. */
  codes: FieldCodes<RenewalField>;
  /** The pending order its renewal made: the row is done, and not sent again. */
  order: SeasonOrder | null;
  /** Why the last sending refused it (said under its fields). */
  refusal: ApiError | null;
}

let lastKey = 0;

export function newRow(values: RenewalRequest = EMPTY_RENEWAL): RenewalRow {
  lastKey += 1;
  return { key: lastKey, values, codes: {}, order: null, refusal: null };
}

/** Whether nothing is typed in it: left out when the list is sent. */
export function isBlank(values: RenewalRequest): boolean {
  return RENEWAL_FIELDS.every((field) => values[field].trim() === '');
}

/** The first field still to type (the right when all are typed), for the focus. */
export function firstEmptyField(values: RenewalRequest): RenewalField {
  return RENEWAL_FIELDS.find((field) => values[field].trim() === '') ?? 'right';
}

/** What a right of the fan's fills in: its code (when the club sent one) and the holder's names. */
export function rightValues(right: MyRenewalRight): Pick<RenewalRequest, 'right' | 'first_name' | 'last_name'> {
  return { right: right.renewal_code ?? '', first_name: right.first_name, last_name: right.last_name };
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether these values are this right's: its code, or (without one) its holder's names. */
export function isRightOf(values: RenewalRequest, right: MyRenewalRight): boolean {
  if (right.renewal_code !== null && right.renewal_code !== undefined) {
    return same(values.right, right.renewal_code);
  }
  return same(values.first_name, right.first_name) && same(values.last_name, right.last_name);
}

/** The rows still to send: those without an order. */
export function pendingCount(rows: readonly RenewalRow[]): number {
  return rows.filter((row) => row.order === null).length;
}

/**
 * The rows with a row for each of `rights` not in them yet (its code and names filled in), in
 * place of the rows still blank; never more rows to send than the API takes at once, never none.
 */
export function withRights(rows: readonly RenewalRow[], rights: readonly MyRenewalRight[]): RenewalRow[] {
  const kept = rows.filter((row) => row.order !== null || !isBlank(row.values));
  const added = rights
    .filter((right) => !kept.some((row) => isRightOf(row.values, right)))
    .map((right) => newRow({ ...EMPTY_RENEWAL, ...rightValues(right) }))
    .slice(0, Math.max(0, RENEWALS_MAX - pendingCount(kept)));
  const next = [...kept, ...added];
  return pendingCount(next) === 0 ? [...next, newRow()] : next;
}

/** A row's input: its id, its label's target and the end-to-end tests' handle (`renewals-0-right`). */
export function rowInputId(index: number, field: RenewalField): string {
  return `renewals-${index}-${field}`;
}
