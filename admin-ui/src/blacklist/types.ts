import type { BlacklistEntry as ApiBlacklistEntry, NewBlacklistEntry as ApiNewBlacklistEntry } from '../../../api-types';

// The API's shapes (/api/admin/blacklist), from its OpenAPI document.

/**
 * A person on the club's blacklist (or taken off it: `removed_at`): the club will not sell them a
 * title, and the ticketing system, told by a job (`mirror`), refuses to issue them one.
 */
export type BlacklistEntry = ApiBlacklistEntry;

/** `POST /api/admin/blacklist`: the person as staff type them; the fiscal code may be empty. */
export type NewBlacklistEntry = ApiNewBlacklistEntry;

/** Where an entry is: in force, or taken off the list by staff. */
export type EntryState = 'current' | 'removed';

/** The most a first or last name may hold. */
export const MAX_NAME_LENGTH = 60;

/** In force, or removed (nothing more to remove: the API answers 409 `already_removed`). */
export function entryState(entry: Pick<BlacklistEntry, 'removed_at'>): EntryState {
  return entry.removed_at === null || entry.removed_at === undefined ? 'current' : 'removed';
}

/** The person, as staff name them: "Mario Rossi". */
export function entryName(entry: Partial<Pick<BlacklistEntry, 'first_name' | 'last_name'>>): string {
  return [entry.first_name, entry.last_name].filter((part) => part !== undefined && part !== '').join(' ');
}
