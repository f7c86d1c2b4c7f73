import type { Identifier } from 'react-admin';
import type { Phase, PhaseKind, PhaseSource } from '../../../api-types';

/**
 * Who a phase lets buy, in the order of a campaign: last season's holders renewing their seat,
 * holders changing seat, Blu nel Cuore card holders, holders of a pre-emption code, a named group
 * (its name in `name`), then everyone.
 */
export const PHASE_KINDS = [
  'renewal',
  'change_of_seat',
  'fidelity_card',
  'preemption_code',
  'group',
  'free_sale',
] as const satisfies readonly PhaseKind[];

/** Who set a phase: staff here, or the ticketing system's renewal window (mirrored). */
export const PHASE_SOURCES = ['staff', 'ticketing'] as const satisfies readonly PhaseSource[];

export function isPhaseKind(value: unknown): value is PhaseKind {
  return typeof value === 'string' && (PHASE_KINDS as readonly string[]).includes(value);
}

export function isPhaseSource(value: unknown): value is PhaseSource {
  return typeof value === 'string' && (PHASE_SOURCES as readonly string[]).includes(value);
}

/** Whose sale a phase is of: a season ticket's or a fixture's. */
export type PhaseTarget = { season_ticket_id: Identifier } | { fixture_id: Identifier };

export type PhaseTargetKind = 'season' | 'fixture';

/** The target a phase (or a new phase's defaults) names; undefined when it names none. */
export function phaseTargetOf(record: {
  season_ticket_id?: Identifier | null;
  fixture_id?: Identifier | null;
} | undefined): PhaseTarget | undefined {
  if (record?.season_ticket_id !== undefined && record.season_ticket_id !== null && record.season_ticket_id !== '') {
    return { season_ticket_id: record.season_ticket_id };
  }
  if (record?.fixture_id !== undefined && record.fixture_id !== null && record.fixture_id !== '') {
    return { fixture_id: record.fixture_id };
  }
  return undefined;
}

/** The address of a new phase's form for `target`: react-admin fills the form from `?source=`. */
export function newPhasePath(target: PhaseTarget): string {
  return `/phases/create?source=${encodeURIComponent(JSON.stringify(target))}`;
}

/** The target's page, on its sale phases' tab: where a phase's form goes back to. */
export function phasesTabPath(target: PhaseTarget): string {
  return 'season_ticket_id' in target
    ? `/season-tickets/${encodeURIComponent(target.season_ticket_id)}/show/phases`
    : `/fixtures/${encodeURIComponent(target.fixture_id)}/show/phases`;
}

export function targetKind(target: PhaseTarget): PhaseTargetKind {
  return 'season_ticket_id' in target ? 'season' : 'fixture';
}

/** The kinds a target's phase may be: a renewal is a season ticket's only. */
export function kindsFor(target: PhaseTargetKind): PhaseKind[] {
  return PHASE_KINDS.filter((kind) => target === 'season' || kind !== 'renewal');
}

/** Where a phase is in time: not started, on now, or over (a renewal's seats then released). */
export type PhaseState = 'coming' | 'open' | 'ended' | 'released';

export function phaseState(phase: Pick<Phase, 'starts_at' | 'ends_at' | 'released_at'>, now: number): PhaseState {
  if (phase.released_at !== null && phase.released_at !== undefined && phase.released_at !== '') {
    return 'released';
  }
  if (new Date(phase.ends_at).getTime() <= now) {
    return 'ended';
  }
  return new Date(phase.starts_at).getTime() <= now ? 'open' : 'coming';
}

/** Only a phase on now can be ended now; else 409 `phase_not_open`. */
export function canEndPhase(phase: Pick<Phase, 'starts_at' | 'ends_at' | 'released_at'>, now: number): boolean {
  return phaseState(phase, now) === 'open';
}

/** An open or coming renewal phase keeps its holders' seats again; else 409 `not_a_renewal`. */
export function canKeepSeats(phase: Pick<Phase, 'kind' | 'starts_at' | 'ends_at' | 'released_at'>, now: number): boolean {
  const state = phaseState(phase, now);
  return phase.kind === 'renewal' && (state === 'open' || state === 'coming');
}

/** How often a target's phases (and their live counts) are read again. */
export const PHASES_REFRESH_MS = 5_000;

/** How often the phases' list reads the clock, to say which phase is on now. */
export const CLOCK_TICK_MS = 1_000;
