import type { Identifier } from 'react-admin';
import { downloadFile } from './download';
import { postJson } from './http';
import type { Export, ExportRequest } from '../../../api-types';

const EXPORTS = '/api/admin/exports';

/**
 * `POST /api/admin/exports`: asks for an export (201), which a job writes in the background. 422
 * `validation_failed` names `kind` (`invalid`) or `fixture_id` (`required`); 404
 * `fixture_not_found`.
 */
export function createExport(request: ExportRequest): Promise<Export> {
  return postJson<Export>(EXPORTS, request);
}

/**
 * `GET /api/admin/exports/{id}/file`: the finished sheet, saved under the name the API gives
 * (else `fallbackName`). 409 `export_not_ready` while queued, running or failed; 410
 * `export_expired` once its time is up.
 */
export function downloadExport(id: Identifier, fallbackName: string): Promise<string> {
  return downloadFile(`${EXPORTS}/${encodeURIComponent(id)}/file`, fallbackName);
}
