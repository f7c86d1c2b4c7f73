import type { Identifier } from 'react-admin';
import { downloadFile } from './download';
import { postJson } from './http';
import type {
  HoldersImport,
  HoldersImportRequest,
  KeepReport,
  PhaseMirrorRequest,
  PhaseView,
  PreemptionCode,
  PreemptionCodeRequest,
  PreemptionCodesImport,
  PreemptionCodesReport,
  RenewalCodesReport,
  RenewalCodesRequest,
  RenewalMailing,
  RenewalMailingRequest,
} from '../../../api-types';

const PHASES = '/api/admin/phases';
const HOLDERS_IMPORTS = '/api/admin/holders-imports';

/**
 * `POST /api/admin/phases/{id}/end`: the phase ends now (a renewal phase's unrenewed seats are
 * then released by a job); answers the phase. 409 `phase_not_open` when it has not started or
 * has ended.
 */
export function endPhase(id: Identifier): Promise<PhaseView> {
  return postJson<PhaseView>(`${PHASES}/${encodeURIComponent(id)}/end`);
}

/**
 * `POST /api/admin/phases/{id}/keep`: keeps the holders' seats again (after a new sheet or code
 * table), by a job (202; the phase's counts then show the seats kept). 409 `not_a_renewal` unless
 * it is an open or coming renewal phase.
 */
export function keepPhaseSeats(id: Identifier): Promise<KeepReport> {
  return postJson<KeepReport>(`${PHASES}/${encodeURIComponent(id)}/keep`);
}

/**
 * `POST /api/admin/phases/mirror`: mirrors the ticketing system's pre-emption window of a season
 * (`{season_ticket_id}`: its renewal phase) or of a match (`{fixture_id}`: a Blu nel Cuore card
 * phase), source `ticketing`, removed when the system has none; answers the target's phases. 503
 * `ticketing_unavailable`, 404 `target_not_found`.
 */
export function mirrorPhases(request: PhaseMirrorRequest): Promise<PhaseView[]> {
  return postJson<PhaseView[]>(`${PHASES}/mirror`, request);
}

/**
 * `POST /api/admin/holders-imports`: a sheet of last season's holders (base64) for a season
 * label (`2025-2026`), written by a job (202, queued). 422 `validation_failed` with
 * `errors.label` (`yyyy-yyyy`) or `errors.file_base64` (`unreadable`).
 */
export function createHoldersImport(request: HoldersImportRequest): Promise<HoldersImport> {
  return postJson<HoldersImport>(HOLDERS_IMPORTS, request);
}

/** `GET /api/admin/holders-imports/{id}/rejections`: the rejected rows (row, reason, fiscal seal) as a sheet. */
export function downloadHoldersRejections(id: Identifier): Promise<string> {
  return downloadFile(`${HOLDERS_IMPORTS}/${encodeURIComponent(id)}/rejections`, `scarti-${id}.xlsx`);
}

/**
 * `POST /api/admin/renewal-codes/import`: a sheet of codes and seats (base64); answers what was
 * written, the codes listed with two seats (not written) and the rows refused. 422
 * `validation_failed` (`errors.file_base64`) for a file that is not a sheet.
 */
export function importRenewalCodes(request: RenewalCodesRequest): Promise<RenewalCodesReport> {
  return postJson<RenewalCodesReport>('/api/admin/renewal-codes/import', request);
}

/**
 * `POST /api/admin/renewal-mailings`: e-mails each holder of the season ticket's season their
 * renewal code, by a job (202, queued; followed at `GET /api/admin/renewal-mailings/{id}`). Those
 * already sent theirs are left out unless `again`. 404 `target_not_found`.
 */
export function createRenewalMailing(request: RenewalMailingRequest): Promise<RenewalMailing> {
  return postJson<RenewalMailing>('/api/admin/renewal-mailings', request);
}

/**
 * `POST /api/admin/preemption-codes`: lists a card number or a fiscal seal, with its sectors, for
 * a match or a season ticket (201). 409 `code_listed`; 422 `validation_failed` with
 * `errors.fidelity_card_number_or_fiscal_seal` or `errors.sector_code`; 404 `target_not_found`.
 */
export function addPreemptionCode(request: PreemptionCodeRequest): Promise<PreemptionCode> {
  return postJson<PreemptionCode>('/api/admin/preemption-codes', request);
}

/**
 * `POST /api/admin/preemption-codes/import`: a sheet of rights (base64; two columns, the card or
 * seal and its sectors) for a match or a season ticket; answers how many were added and each row
 * refused. 422 `validation_failed` (`errors.file_base64`) for a file that is not a sheet.
 */
export function importPreemptionCodes(request: PreemptionCodesImport): Promise<PreemptionCodesReport> {
  return postJson<PreemptionCodesReport>('/api/admin/preemption-codes/import', request);
}
