import type { Identifier } from 'react-admin';
import type { MassIssueLanguage } from '../massIssues/types';
import { downloadFile } from './download';
import { postJson } from './http';
import type { MassIssueCreateRequest, MassIssuePreview, MassIssuePreviewRequest, MassIssueTask } from '../../../api-types';

const MASS_ISSUES = '/api/admin/mass-issues';

/**
 * `POST /api/admin/mass-issues/preview`: checks every line of a sheet (base64) or of typed lines
 * against the fixture (`fixture_id`) or the season ticket (`season_ticket_id`, with `collection`),
 * prices each, and changes nothing. 422 `validation_failed` names the bad part (`fixture_id`,
 * `season_ticket_id`, `collection`, `file_base64`, `lines`); 404 `fixture_not_found`,
 * `season_ticket_not_found`; 409 `fixture_not_on_sale`, `season_not_on_sale`.
 */
export function previewMassIssue(request: MassIssuePreviewRequest): Promise<MassIssuePreview> {
  return postJson<MassIssuePreview>(`${MASS_ISSUES}/preview`, request);
}

/**
 * `POST /api/admin/mass-issues`: creates the task (201), which issues the lines in the
 * background; a line no longer valid is stored unfinalized with its reason.
 */
export function createMassIssue(request: MassIssueCreateRequest): Promise<MassIssueTask> {
  return postJson<MassIssueTask>(MASS_ISSUES, request);
}

/**
 * `POST /api/admin/mass-issues/{id}/retry`: every unfinalized line is queued again (never a
 * title twice). 409 `nothing_to_retry` when no line is unfinalized.
 */
export function retryMassIssue(id: Identifier): Promise<MassIssueTask> {
  return postJson<MassIssueTask>(`${MASS_ISSUES}/${encodeURIComponent(id)}/retry`);
}

/** The template's names in each language, as the API's Content-Disposition gives them. */
const TEMPLATE_NAMES = { it: 'emissione-massiva.xlsx', en: 'mass-issue.xlsx' } as const;

/** `GET /api/admin/mass-issues/template?lang=`: the empty sheet, headers in that language. */
export function downloadMassIssueTemplate(language: MassIssueLanguage): Promise<string> {
  return downloadFile(`${MASS_ISSUES}/template?lang=${language}`, TEMPLATE_NAMES[language]);
}

/** `GET /api/admin/mass-issues/{id}/results.xlsx`: every line of the task and what became of it. */
export function downloadMassIssueResults(id: Identifier): Promise<string> {
  return downloadFile(`${MASS_ISSUES}/${encodeURIComponent(id)}/results.xlsx`, `mass-issue-${id}.xlsx`);
}
