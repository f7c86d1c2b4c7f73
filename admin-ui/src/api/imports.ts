import { postJson } from './http';
import type { FixturesImported, ImportCounts } from '../../../api-types';

/**
 * Reads the stadium (sectors, blocks, seats) from the ticketing system again
 * (`POST /api/admin/venue/import`: how many of each its venue plan gave).
 */
export function importVenue(): Promise<ImportCounts> {
  return postJson<ImportCounts>('/api/admin/venue/import');
}

/** Turns the ticketing system's events into fixtures (new ones start scheduled, status 0). */
export function importFixtures(): Promise<FixturesImported> {
  return postJson<FixturesImported>('/api/admin/fixtures/import');
}
