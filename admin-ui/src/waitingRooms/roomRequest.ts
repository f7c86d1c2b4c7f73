import { HttpError, type TranslateFunction } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { ApiRequestError } from '../api/http';
import { MAX_ADMISSION_SECONDS, MAX_RATE, MIN_ADMISSION_SECONDS, type NewRoomRequest, type RoomSettings } from './types';

const ERRORS = 'resources.waiting-rooms.errors';

/** Whose on-sale a new room is for, as the form's choice says. */
export type TargetKind = 'fixture' | 'season';

/**
 * What the room form holds: the target (its kind and id; a new room's only), the two times as
 * instants (the inputs read and show them in Europe/Rome time) and the three numbers, the
 * admission's length in seconds (its input shows minutes).
 */
export interface RoomFormValues {
  target_kind?: TargetKind | null;
  fixture_id?: number | string | null;
  season_ticket_id?: number | string | null;
  prequeue_opens_at?: string | null;
  opens_at?: string | null;
  admit_per_minute?: number | string | null;
  max_shopping?: number | string | null;
  admission_seconds?: number | string | null;
}

function numberOf(value: number | string | null | undefined): number {
  return typeof value === 'number' ? value : Number(value ?? NaN);
}

/** The kind of target the form is on: as chosen, else the one its values name. */
export function targetKindOf(values: RoomFormValues): TargetKind {
  if (values.target_kind === 'fixture' || values.target_kind === 'season') {
    return values.target_kind;
  }
  return values.season_ticket_id !== undefined && values.season_ticket_id !== null && values.season_ticket_id !== ''
    ? 'season'
    : 'fixture';
}

/** `PUT /api/admin/waiting-rooms/{id}`'s body: the settings alone. */
export function roomSettings(values: RoomFormValues): RoomSettings {
  return {
    prequeue_opens_at: values.prequeue_opens_at ?? '',
    opens_at: values.opens_at ?? '',
    admit_per_minute: numberOf(values.admit_per_minute),
    max_shopping: numberOf(values.max_shopping),
    admission_seconds: numberOf(values.admission_seconds),
  };
}

/** `POST /api/admin/waiting-rooms`'s body: the settings and the one target chosen (the API refuses two). */
export function newRoomRequest(values: RoomFormValues): NewRoomRequest {
  const settings = roomSettings(values);
  return targetKindOf(values) === 'season'
    ? { season_ticket_id: numberOf(values.season_ticket_id), ...settings }
    : { fixture_id: numberOf(values.fixture_id), ...settings };
}

/** The admission's length as its input shows it, in minutes; '' when unset. */
export function secondsToMinutes(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round((value / 60) * 100) / 100) : '';
}

/** Minutes typed, as the seconds the API takes; null when not a number. */
export function minutesToSeconds(value: unknown): number | null {
  const minutes = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(minutes) ? Math.round(minutes * 60) : null;
}

/** A count the API takes: a whole number from 1 to 1,000,000. */
export function rateInBounds(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') {
    return undefined;
  }
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_RATE ? undefined : `${ERRORS}.rate_bounds`;
}

/** An admission of 1 to 120 minutes (60 to 7,200 seconds). */
export function admissionInBounds(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') {
    return undefined;
  }
  return typeof value === 'number' && value >= MIN_ADMISSION_SECONDS && value <= MAX_ADMISSION_SECONDS
    ? undefined
    : `${ERRORS}.admission_bounds`;
}

/** The line opens before the sale, or with it: the API's `errors.prequeue_opens_at` said before sending. */
export function prequeueNotAfterOpening(prequeue: unknown, values: RoomFormValues): string | undefined {
  if (typeof prequeue !== 'string' || typeof values.opens_at !== 'string' || prequeue === '' || values.opens_at === '') {
    return undefined;
  }
  return new Date(prequeue).getTime() <= new Date(values.opens_at).getTime() ? undefined : `${ERRORS}.prequeue_after_opening`;
}

/** Our words for one of the API's field errors on a room (its English text); the text itself for a field we do not know. */
function roomFieldError(field: string, message: string, translate: TranslateFunction): string {
  switch (field) {
    case 'prequeue_opens_at':
      return translate(`${ERRORS}.prequeue_after_opening`);
    case 'admit_per_minute':
    case 'max_shopping':
      return translate(`${ERRORS}.rate_bounds`);
    case 'admission_seconds':
      return translate(`${ERRORS}.admission_bounds`);
    case 'fixture_id':
    case 'season_ticket_id':
      return translate(`${ERRORS}.target_required`);
    default:
      return message;
  }
}

/**
 * The API's `validation_failed` field errors on a room, in our words, for the form to show under
 * each input. The target's error goes under both target inputs (only the one shown is seen): the
 * API names `fixture_id` whichever is missing.
 */
export function roomFieldErrors(errors: Record<string, unknown>, translate: TranslateFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const text = roomFieldError(field, typeof message === 'string' ? message : String(message), translate);
    if (field === 'fixture_id' || field === 'season_ticket_id') {
      out.fixture_id = text;
      out.season_ticket_id = text;
    } else {
      out[field] = text;
    }
  }
  return out;
}

const ROOM_CODES: Readonly<Record<string, string>> = {
  room_exists: `${ERRORS}.room_exists`,
  room_closed: `${ERRORS}.room_closed`,
  room_opened: `${ERRORS}.room_opened`,
  target_not_found: `${ERRORS}.target_not_found`,
};

function codeOf(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) {
    return error.code ?? undefined;
  }
  if (error instanceof HttpError && error.body !== null && typeof error.body === 'object') {
    const { code } = error.body as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** What to tell staff when a room's change is refused: our words for its code, else `fallback`. */
export function roomFailureKey(error: unknown, fallback = `${ERRORS}.action_failed`): string {
  const code = codeOf(error);
  return (code === undefined ? undefined : ROOM_CODES[code]) ?? apiErrorMessageKey(error, fallback);
}

/** Whether a failed save carries field errors (the form shows them; nothing to notify). */
export function hasFieldErrors(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.body === null || typeof error.body !== 'object') {
    return false;
  }
  const { errors } = error.body as { errors?: unknown };
  return errors !== null && typeof errors === 'object' && Object.keys(errors).length > 0;
}
