import type { BuildState, Export } from '../../../api-types';

/**
 * What an export holds: the issued tickets (of one fixture or all), every seat of a fixture, the
 * customers' consents, the seats staff locked on a fixture, the corporate requests, the
 * supporter cards the fans added, every season seat sold, or the season collections still
 * waiting for match titles.
 */
export const EXPORT_KINDS = [
  'tickets',
  'fixture',
  'customer_consent',
  'locked_seats',
  'company_requests',
  'fidelity_cards',
  'season_tickets',
  'season_backlog',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** An export's state: waiting for its job, being written, ready to download, or given up. */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const satisfies readonly BuildState[];

/** How often an export still in the works is read again: the contract's "poll every second". */
export const EXPORT_REFRESH_MS = 1_000;

/** The exports whose sheet is not written yet: queued or running. */
export function isExportInProgress(exported: Pick<Export, 'state'>): boolean {
  return exported.state === 'queued' || exported.state === 'running';
}

/** Only a finished export has a file; otherwise 409 `export_not_ready`. */
export function canDownloadExport(exported: Pick<Export, 'state'>): boolean {
  return exported.state === 'done';
}

/** The kinds about one fixture, which need its id. */
export function needsFixture(kind: ExportKind): boolean {
  return kind === 'fixture' || kind === 'locked_seats';
}

/** The kinds that take a fixture at all: those about one, and the tickets (of one, or of all). */
export function takesFixture(kind: ExportKind): boolean {
  return kind === 'tickets' || needsFixture(kind);
}

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && (EXPORT_KINDS as readonly string[]).includes(value);
}

export function isExportState(value: unknown): value is BuildState {
  return typeof value === 'string' && (EXPORT_STATES as readonly string[]).includes(value);
}

/**
 * A fixture id as the API takes it (a number), from a list filter's value (a number, or its text
 * when it came from the address bar); undefined when there is none.
 */
export function fixtureIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return value;
  }
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    return Number(value.trim());
  }
  return undefined;
}

/** Where the exports are listed: the resource's own list route, under the app's basename. */
export const EXPORTS_PATH = '/exports';
