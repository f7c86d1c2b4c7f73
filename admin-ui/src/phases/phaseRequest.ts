import { phaseTargetOf } from './types';
import type { PhaseKind, PhaseRequest } from '../../../api-types';

const ERRORS = 'resources.phases.errors';

/** The longest name the API takes. */
export const PHASE_NAME_MAX = 80;

/**
 * What the phase form holds: its target, kind and name, its start and end as instants (the date
 * and time inputs read and show them in Europe/Rome time), and its sectors as typed.
 */
export interface PhaseFormValues {
  season_ticket_id?: number | string | null;
  fixture_id?: number | string | null;
  kind?: PhaseKind | null;
  name?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  sectors?: string | null;
}

/**
 * Sector codes as typed ("tc, cn;TS", one per line...) as the API lists them: upper case, each
 * once, comma-separated; empty for every sector.
 */
export function normalSectors(typed: string | null | undefined): string {
  const codes = (typed ?? '')
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  return [...new Set(codes)].join(',');
}

function idNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * The create or update body for the form's values: the target (a season ticket or a fixture, by
 * its number), the kind, the name trimmed, the start and end as the instants the inputs made of
 * the Italian times typed, and the sectors normalised.
 */
export function phaseRequest(values: PhaseFormValues): PhaseRequest {
  const target = phaseTargetOf(values);
  const about =
    target === undefined
      ? {}
      : 'season_ticket_id' in target
        ? { season_ticket_id: idNumber(target.season_ticket_id) }
        : { fixture_id: idNumber(target.fixture_id) };
  return {
    ...about,
    kind: values.kind ?? 'free_sale',
    name: (values.name ?? '').trim(),
    starts_at: values.starts_at ?? '',
    ends_at: values.ends_at ?? '',
    sectors: normalSectors(values.sectors),
  };
}

/** The end must come after the start (both instants): the API's `errors.ends_at` said before sending. */
export function endsAfterStart(ends: unknown, values: PhaseFormValues): string | undefined {
  if (typeof ends !== 'string' || typeof values.starts_at !== 'string' || ends === '' || values.starts_at === '') {
    return undefined;
  }
  return new Date(ends).getTime() > new Date(values.starts_at).getTime() ? undefined : `${ERRORS}.ends_before_start`;
}
