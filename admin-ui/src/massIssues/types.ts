import type { Identifier } from 'react-admin';

/** A task's state: lines still queued or issuing, or every line settled. */
export const TASK_STATES = ['running', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Where a task's lines came from: an Excel sheet, or lines typed in the admin app. */
export const TASK_SOURCES = ['sheet', 'manual'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

/** The languages of the holders' e-mails and PDF tickets. */
export const MASS_ISSUE_LANGUAGES = ['it', 'en'] as const;
export type MassIssueLanguage = (typeof MASS_ISSUE_LANGUAGES)[number];

/** A mass issuing task, as `GET /api/admin/mass-issues` gives it. */
export interface MassIssueTask {
  id: Identifier;
  fixture_id: Identifier;
  fixture_title: string;
  /** Null for typed lines. */
  file_name: string | null;
  source: TaskSource;
  created_at: string;
  /** The staff member's e-mail. */
  created_by: string;
  total: number;
  queued: number;
  issuing: number;
  finalized: number;
  unfinalized: number;
  /** Settled lines (finalized + unfinalized) of total, 0-100, rounded down. */
  progress: number;
  state: TaskState;
  finished_at: string | null;
}

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
 * One seat, its holder and who receives the ticket, as the preview read it (normalised: trimmed,
 * dates `yyyy-mm-dd`, the document type in English, the reduction upper case). A column the line
 * lacks may be absent or null. Sent back as is to create the task.
 */
export type MassIssueLineInput = { [Field in LineField]?: string | null };

/** Why a line cannot be issued: the column (or `holder`) and the API's code. */
export interface LineError {
  field: string;
  code: string;
}

/** A line of the preview. */
export interface PreviewLine {
  /** The sheet's row (the header is row 1), or the typed line's index + 1. */
  row: number;
  line: MassIssueLineInput;
  seat_id: number | null;
  sector_name: string | null;
  price_cents: number | null;
  valid: boolean;
  errors: LineError[];
}

/** `POST /api/admin/mass-issues/preview`: every line checked, nothing stored. */
export interface MassIssuePreview {
  fixture_id: Identifier;
  fixture_title: string;
  total: number;
  valid: number;
  invalid: number;
  lines: PreviewLine[];
}

/** A preview's request: a sheet, or typed lines. */
export type PreviewRequest =
  | { fixture_id: Identifier; file_name: string; file_base64: string }
  | { fixture_id: Identifier; lines: MassIssueLineInput[] };

/** `POST /api/admin/mass-issues`: the lines to issue (the preview's `line` objects). */
export interface CreateTaskRequest {
  fixture_id: Identifier;
  file_name: string | null;
  language: MassIssueLanguage;
  lines: MassIssueLineInput[];
  /** Each line's row as the preview showed it (the sheet's row, or the typed table's line). */
  rows: number[];
}

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
