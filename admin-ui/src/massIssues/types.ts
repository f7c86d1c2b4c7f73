import type { MassIssueTask, PreviewLine } from '../../../api-types';

/** A task's state: lines still queued or issuing, or every line settled. */
export const TASK_STATES = ['running', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Where a task's lines came from: an Excel sheet, or lines typed in the admin app. */
export const TASK_SOURCES = ['sheet', 'manual'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

/**
 * What a task issues: tickets of a fixture, or season seats of a season ticket (each a season
 * title, or with `collection` a collection of one ticket per covered match).
 */
export const MASS_ISSUE_TARGETS = ['fixture', 'season'] as const;
export type MassIssueTarget = (typeof MASS_ISSUE_TARGETS)[number];

export function isMassIssueTarget(value: unknown): value is MassIssueTarget {
  return typeof value === 'string' && (MASS_ISSUE_TARGETS as readonly string[]).includes(value);
}

/** How a task (or a preview) is marked: a fixture's, a season ticket's titles, or its collections. */
export type TaskKind = 'fixture' | 'season' | 'collection';

/** A season ticket's task (or preview, or line) carries its `season_ticket_id`; a fixture's does not. */
export function isSeasonTask(task: { season_ticket_id?: number | null }): boolean {
  return typeof task.season_ticket_id === 'number';
}

export function taskKind(task: { season_ticket_id?: number | null; collection?: boolean }): TaskKind {
  if (!isSeasonTask(task)) {
    return 'fixture';
  }
  return task.collection === true ? 'collection' : 'season';
}

/** The languages of the holders' e-mails and PDF tickets. */
export const MASS_ISSUE_LANGUAGES = ['it', 'en'] as const;
export type MassIssueLanguage = (typeof MASS_ISSUE_LANGUAGES)[number];

/** The columns of a line, in the sheet's order; the API names a line's errors by them. */
export const LINE_FIELDS = [
  'label',
  'first_name',
  'last_name',
  'birth_date',
  'birth_place',
  'sex',
  'document_type',
  'document_number',
  'email',
  'reduction',
] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/**
 * The ticketing system did not answer about the holder: the contract lets such a line be sent
 * anyway (it is checked again when issued).
 */
export const UNVERIFIED_HOLDER = 'holder_unverified';

/**
 * Whether a preview line goes into the task: a valid line, or one whose only doubt is that the
 * ticketing system could not check the holder now.
 */
export function isIssuable(line: Pick<PreviewLine, 'valid' | 'errors'>): boolean {
  return line.valid || (line.errors.length > 0 && line.errors.every((error) => error.code === UNVERIFIED_HOLDER));
}

/** A task can be retried while some of its lines were not issued; else 409 `nothing_to_retry`. */
export function canRetryTask(task: Pick<MassIssueTask, 'unfinalized'>): boolean {
  return task.unfinalized > 0;
}

export function isTaskState(value: unknown): value is TaskState {
  return typeof value === 'string' && (TASK_STATES as readonly string[]).includes(value);
}

export function isMassIssueLanguage(value: unknown): value is MassIssueLanguage {
  return typeof value === 'string' && (MASS_ISSUE_LANGUAGES as readonly string[]).includes(value);
}
