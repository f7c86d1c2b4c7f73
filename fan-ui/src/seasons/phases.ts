import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../api/client';
import type { SeasonT } from './orderWords';
import type { PhaseKind, PhaseTimeline } from '../../../api-types';

/**
 * The sale of a season ticket in phases (issue 18): last season's holders renew first, then the
 * other rights (change of seat, supporter card, a code, a group), then the free sale. While a
 * phase other than the free sale is on, only fans with its right may buy.
 */

/** Under the season's key: whatever reads the season again reads its phases too. */
export const seasonPhasesKey = (id: number) => ['season', id, 'phases'] as const;

/**
 * `GET /api/season-tickets/{id}/phases`: the sale's phase on now (renewal, pre-emptions, free
 * sale; none before the campaign or without phases) and the next, with the server's clock.
 * (Not with the season's other queries in ./api: the home page carries those, not these.)
 */
export const seasonPhasesQuery = (id: number) =>
  queryOptions({
    queryKey: seasonPhasesKey(id),
    queryFn: () => apiGet<PhaseTimeline>(`/api/season-tickets/${id}/phases`),
  });

export function useSeasonPhases(id: number) {
  return useQuery(seasonPhasesQuery(id));
}

/** The phases, in the order a campaign usually runs them. */
export const PHASE_KINDS = [
  'renewal',
  'change_of_seat',
  'fidelity_card',
  'preemption_code',
  'group',
  'free_sale',
] as const satisfies readonly PhaseKind[];

export function isPhaseKind(value: unknown): value is PhaseKind {
  return typeof value === 'string' && (PHASE_KINDS as readonly string[]).includes(value);
}

/**
 * What the fan is told of the sale's phases: the phase on now and the next, as
 * `GET .../phases` sends them or as a refusal's `errors.phase` does (kinds and times only), and
 * the server's clock when it answered (the countdown runs on it, not on the phone's).
 */
export interface PhaseMoment {
  current: { kind: PhaseKind; name?: string; sectors?: string; ends_at: string } | null;
  next: { kind: PhaseKind; name?: string; starts_at: string } | null;
  now: string;
}

/** `GET .../phases`'s answer as a moment. */
export function momentOf(timeline: PhaseTimeline): PhaseMoment {
  return { current: timeline.current ?? null, next: timeline.next ?? null, now: timeline.now };
}

/** Whether only fans with a right may buy: a phase is on, and it is not the free sale. */
export function restrictsSale(current: { kind: PhaseKind } | null | undefined): boolean {
  return current !== null && current !== undefined && current.kind !== 'free_sale';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isInstant(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

/**
 * The phases a refusal names (`errors.phase` of a 409 `preemption_phase` from a hold, or
 * `no_renewal_phase` from a renewal): `{current: {kind, ends_at} | null, next: {kind, starts_at}
 * | null, now}`. Null for any other failure, or when the API sent none.
 */
export function refusedPhase(error: unknown): PhaseMoment | null {
  if (!(error instanceof ApiError) || !isRecord(error.details.phase)) {
    return null;
  }
  const { current, next, now } = error.details.phase;
  if (!isInstant(now)) {
    return null;
  }
  return {
    current:
      isRecord(current) && isPhaseKind(current.kind) && isInstant(current.ends_at)
        ? { kind: current.kind, ends_at: current.ends_at }
        : null,
    next:
      isRecord(next) && isPhaseKind(next.kind) && isInstant(next.starts_at)
        ? { kind: next.kind, starts_at: next.starts_at }
        : null,
    now,
  };
}

/**
 * What the countdown counts to: the next phase's start; with no next phase, the end of the one
 * on now; nothing when neither is known. `prefer: 'end'` (a match's pre-emption) counts to the
 * end of the phase on now whenever one is on.
 */
export function countdownTarget(
  moment: PhaseMoment,
  prefer: 'next' | 'end' = 'next',
): { until: 'next' | 'end'; at: string } | null {
  if (prefer === 'end' && moment.current !== null) {
    return { until: 'end', at: moment.current.ends_at };
  }
  if (moment.next !== null) {
    return { until: 'next', at: moment.next.starts_at };
  }
  if (moment.current !== null) {
    return { until: 'end', at: moment.current.ends_at };
  }
  return null;
}

/** The phone's clock against the server's (ms to add to `Date.now()` for the server's time). */
export function clockOffset(serverNow: string, receivedAt: number): number {
  return Date.parse(serverNow) - receivedAt;
}

/** `seconds` as days, hours, minutes and seconds. */
export function durationParts(seconds: number): { days: number; hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}

/**
 * "2 giorni, 3 ore, 4 minuti e 5 secondi": the days (and then the hours) only when there are
 * some, the minutes and seconds always.
 */
export function formatDuration(ts: SeasonT, seconds: number, language: string): string {
  const parts = durationParts(seconds);
  const words = [
    ...(parts.days > 0 ? [ts('phases.units.days', { count: parts.days })] : []),
    ...(parts.days > 0 || parts.hours > 0 ? [ts('phases.units.hours', { count: parts.hours })] : []),
    ts('phases.units.minutes', { count: parts.minutes }),
    ts('phases.units.seconds', { count: parts.seconds }),
  ];
  return listFormat(language).format(words);
}

/** One list formatter per language, made once: the countdown formats every second. */
const listFormats = new Map<string, Intl.ListFormat>();

function listFormat(language: string): Intl.ListFormat {
  let format = listFormats.get(language);
  if (format === undefined) {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format;
}

/** A phase in the fan's words: "Rinnovo degli abbonamenti"; a group's phase with the group's name. */
export function phaseName(ts: SeasonT, phase: { kind: PhaseKind; name?: string }): string {
  const name = phase.name?.trim() ?? '';
  if (phase.kind === 'group' && name !== '') {
    return ts('phases.kinds.groupNamed', { name });
  }
  return ts(`phases.kinds.${phase.kind}`);
}
