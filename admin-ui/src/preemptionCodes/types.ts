import { HttpError } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import type { PhaseTarget } from '../phases/types';
import type { PreemptionCodeRefusal } from '../../../api-types';

export const CODES = 'resources.preemption-codes';

/** Why a row of a sheet of rights was not listed: not a card or a seal, no or unknown sectors, listed already. */
export const CODE_REFUSALS = ['bad_right', 'bad_sectors', 'duplicate'] as const satisfies readonly PreemptionCodeRefusal[];

export function isCodeRefusal(value: unknown): value is PreemptionCodeRefusal {
  return typeof value === 'string' && (CODE_REFUSALS as readonly string[]).includes(value);
}

/** The two inputs of a right: the card number or fiscal seal, and its sectors. */
export type CodeField = 'fidelity_card_number_or_fiscal_seal' | 'sector_code';

/** Whose list a right is on, as the API's requests and its list's filter name it. */
export function codeTarget(target: PhaseTarget): { season_ticket_id: number } | { fixture_id: number } {
  return 'season_ticket_id' in target ? { season_ticket_id: Number(target.season_ticket_id) } : { fixture_id: Number(target.fixture_id) };
}

/** What a refused right says: our words under the input it is about, or a notification. */
export interface AddFailure {
  fields: Partial<Record<CodeField, string>>;
  notice?: string;
}

/**
 * A right that was not added, in our words: listed already (409 `code_listed`) or not a card or
 * a seal (422 `errors.fidelity_card_number_or_fiscal_seal`) under the right's input, no or
 * unknown sectors (422 `errors.sector_code`) under the sectors'; anything else (the match or
 * season gone, 404 `target_not_found`) as a notification.
 */
export function addFailure(error: unknown): AddFailure {
  if (error instanceof ApiRequestError) {
    if (error.code === 'code_listed') {
      return { fields: { fidelity_card_number_or_fiscal_seal: `${CODES}.errors.code_listed` } };
    }
    if (error.status === 422) {
      const fields: AddFailure['fields'] = {};
      if (error.fieldErrors.fidelity_card_number_or_fiscal_seal !== undefined) {
        fields.fidelity_card_number_or_fiscal_seal = `${CODES}.errors.bad_right`;
      }
      if (error.fieldErrors.sector_code !== undefined) {
        fields.sector_code = `${CODES}.errors.bad_sectors`;
      }
      return Object.keys(fields).length > 0 ? { fields } : { fields, notice: `${CODES}.errors.rejected` };
    }
  }
  return { fields: {}, notice: apiErrorMessageKey(error, `${CODES}.errors.add_failed`) };
}

/** A sheet refused whole: not a readable sheet (422 `errors.file_base64`), else our words for its code. */
export function importFailureKey(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 422) {
    return error.fieldErrors.file_base64 !== undefined ? `${CODES}.errors.file_unreadable` : `${CODES}.errors.rejected`;
  }
  return apiErrorMessageKey(error, `${CODES}.errors.import_failed`);
}

/** A right that could not be removed: gone already (404), or another reason. */
export function removeFailureKey(error: unknown): string {
  if (error instanceof HttpError && error.status === 404) {
    return `${CODES}.errors.not_found`;
  }
  return apiErrorMessageKey(error, `${CODES}.errors.delete_failed`);
}

/** "TC,CN" as staff read it: "TC, CN". */
export function sectorList(codes: string): string {
  return codes
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .join(', ');
}
