import type { Identifier } from 'react-admin';
import { downloadFile } from './download';
import { postJson } from './http';
import type {
  HoldersImport,
  HoldersImportRequest,
  KeepReport,
  PhaseMirrorRequest,
  PhaseView,
  RenewalCodesReport,
  RenewalCodesRequest,
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
 * `POST /api/admin/phases/mirror`: mirrors the ticketing system's renewal window as the season's
 * renewal phase (source `ticketing`; removed when the system has none); answers the season's
 * phases. 503 `ticketing_unavailable`.
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
