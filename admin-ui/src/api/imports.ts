import { postJson } from './http';

/** `POST /api/admin/venue/import`: how many of each the ticketing system's venue plan gave. */
export interface VenueImport {
  sectors: number;
  blocks: number;
  seats: number;
}

/** Reads the stadium (sectors, blocks, seats) from the ticketing system again. */
export function importVenue(): Promise<VenueImport> {
  return postJson<VenueImport>('/api/admin/venue/import');
}

/** `POST /api/admin/fixtures/import`: fixtures created and fixtures brought up to date. */
export interface FixturesImport {
  imported: number;
  updated: number;
}

/** Turns the ticketing system's events into fixtures (new ones start scheduled, status 0). */
export function importFixtures(): Promise<FixturesImport> {
  return postJson<FixturesImport>('/api/admin/fixtures/import');
}
