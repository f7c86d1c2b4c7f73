import type { Identifier } from 'react-admin';
import type { BlacklistEntry } from '../blacklist/types';
import { postJson } from './http';

/**
 * `POST /api/admin/blacklist/{id}/remove`: takes a person off the blacklist (audited; the
 * ticketing system is told by a job); answers the entry removed. 409 `already_removed` when it
 * was already.
 */
export function removeFromBlacklist(id: Identifier): Promise<BlacklistEntry> {
  return postJson<BlacklistEntry>(`/api/admin/blacklist/${encodeURIComponent(id)}/remove`);
}
