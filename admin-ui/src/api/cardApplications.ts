import type { Identifier } from 'react-admin';
import type { CardApplication, CardRecheckResult, CardRejection } from '../cardApplications/types';
import { downloadFile } from './download';
import { postJson } from './http';

const APPLICATIONS = '/api/admin/supporter-card-applications';

function applicationPath(id: Identifier): string {
  return `${APPLICATIONS}/${encodeURIComponent(id)}`;
}

/**
 * `GET .../{id}/photo`: the card's photo (JPEG). Same origin, so an <img> sends the session
 * cookie along.
 */
export function cardPhotoUrl(id: Identifier): string {
  return `${applicationPath(id)}/photo`;
}

/** `GET .../{id}/pdf?format=full|small`: the issued card, an A4 page to print or at its real size. */
export function cardPdfUrl(id: Identifier, format: 'full' | 'small'): string {
  return `${applicationPath(id)}/pdf?format=${format}`;
}

/**
 * `POST .../{id}/issue`: issues a registered application's card (a job asks the ticketing system,
 * whose police check answers); answers the application, now `issuing`. 409 `wrong_state` unless
 * it was `registered`.
 */
export function issueCard(id: Identifier): Promise<CardApplication> {
  return postJson<CardApplication>(`${applicationPath(id)}/issue`);
}

/**
 * `POST .../{id}/reject` `{note}`: rejects an application not yet issued, saying why (the fan
 * reads it); answers it `rejected`. 422 `validation_failed` (`note`: `required`, `too_long`),
 * 409 `wrong_state`.
 */
export function rejectApplication(id: Identifier, note: string): Promise<CardApplication> {
  const body: CardRejection = { note };
  return postJson<CardApplication>(`${applicationPath(id)}/reject`, body);
}

/**
 * `POST .../{id}/revoke`: revokes an issued card (a job revokes it in the ticketing system, then
 * here); answers it `revoking`. 409 `wrong_state` unless it was `issued`.
 */
export function revokeCard(id: Identifier): Promise<CardApplication> {
  return postJson<CardApplication>(`${applicationPath(id)}/revoke`);
}

/**
 * `POST .../{id}/recheck`: asks the ticketing system for the card; revoked or expired there, it is
 * here too (`changed`). 409 `no_card_yet`, 503 `ticketing_unavailable`.
 */
export function recheckCard(id: Identifier): Promise<CardRecheckResult> {
  return postJson<CardRecheckResult>(`${applicationPath(id)}/recheck`);
}

/**
 * `GET .../export`: every application and card as an Excel sheet, saved under the name the API
 * gives (else `tessere-blu-nel-cuore.xlsx`).
 */
export function downloadCardApplications(): Promise<string> {
  return downloadFile(`${APPLICATIONS}/export`, 'tessere-blu-nel-cuore.xlsx');
}
