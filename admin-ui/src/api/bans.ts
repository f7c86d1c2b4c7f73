import type { Identifier } from 'react-admin';
import type { Ban, BanType } from '../bans/types';
import { downloadFile } from './download';
import { postJson } from './http';

const BANS = '/api/admin/bans';

/**
 * `POST /api/admin/bans/{type}/{id}/lift`: lifts a ban (status 0, audited; a title's is removed
 * from the ticketing system by a job); answers it lifted. 409 `ban_lifted` when it was already.
 */
export function liftBan(type: BanType, id: Identifier): Promise<Ban> {
  return postJson<Ban>(`${BANS}/${type}/${encodeURIComponent(id)}/lift`);
}

/**
 * `GET /api/admin/bans/{type}/export?filter=...`: the list as the filter narrows it, as an Excel
 * sheet, saved under the name the API gives (else `bans-{type}.xlsx`).
 */
export function downloadBans(type: BanType, filter: Record<string, unknown>): Promise<string> {
  return downloadFile(`${BANS}/${type}/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, `bans-${type}.xlsx`);
}
