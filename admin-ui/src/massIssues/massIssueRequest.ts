import { DOCUMENT_TYPES, isSex, type DocumentType, type Sex } from '../orders/types';
import { isIssuable } from './types';
import type { MassIssuePreviewRequest, PreviewLine, Price, SheetLine } from '../../../api-types';

/** The reduction a line has when none is given, as the sheet's empty cell. */
export const DEFAULT_REDUCTION = 'INTERO';

/** A line typed in the manual mode's table, as typed so far. */
export interface ManualLine {
  /** React's key: lines are added and removed anywhere. */
  key: number;
  label: string;
  first_name: string;
  last_name: string;
  /** `yyyy-mm-dd`, from a date input; empty until typed. */
  birth_date: string;
  birth_place: string;
  /** Empty: not given. */
  sex: Sex | '';
  document_type: DocumentType;
  document_number: string;
  email: string;
  reduction: string;
}

/** The typed columns, in the sheet's order. */
export const MANUAL_TEXT_FIELDS = ['label', 'first_name', 'last_name', 'birth_place', 'document_number', 'email'] as const;

/** A new line: an identity card and the full price, as most often. */
export function emptyManualLine(key: number): ManualLine {
  return {
    key,
    label: '',
    first_name: '',
    last_name: '',
    birth_date: '',
    birth_place: '',
    sex: '',
    document_type: DOCUMENT_TYPES[0],
    document_number: '',
    email: '',
    reduction: DEFAULT_REDUCTION,
  };
}

/** Nothing typed on the line (the document type and reduction keep their first choice). */
export function isBlankManualLine(line: ManualLine): boolean {
  return (
    MANUAL_TEXT_FIELDS.every((field) => line[field].trim() === '') && line.birth_date.trim() === '' && line.sex === ''
  );
}

/**
 * The preview's request lines for the typed lines, texts trimmed and sex empty when not given.
 * Lines left blank are not sent (as the sheet's blank rows are skipped); `rows` says which line
 * of the table each sent line is (1-based), since the API numbers them by what it received.
 */
export function manualRequest(lines: readonly ManualLine[]): { lines: SheetLine[]; rows: number[] } {
  const sent: SheetLine[] = [];
  const rows: number[] = [];
  lines.forEach((line, index) => {
    if (isBlankManualLine(line)) {
      return;
    }
    sent.push({
      label: line.label.trim(),
      first_name: line.first_name.trim(),
      last_name: line.last_name.trim(),
      birth_date: line.birth_date.trim(),
      birth_place: line.birth_place.trim(),
      // Not given is empty, as the sheet's empty cell: the API reads the column as text, never null.
      sex: isSex(line.sex) ? line.sex : '',
      document_type: line.document_type,
      document_number: line.document_number.trim(),
      email: line.email.trim(),
      reduction: line.reduction.trim() === '' ? DEFAULT_REDUCTION : line.reduction.trim(),
    });
    rows.push(index + 1);
  });
  return { lines: sent, rows };
}

/**
 * What staff chose to issue: a fixture's tickets, or a season ticket's season seats (as season
 * titles, or as collections of one ticket per covered match).
 */
export type IssueSubject =
  | { target: 'fixture'; fixtureId: number }
  | { target: 'season'; seasonTicketId: number; collection: boolean };

/** The request's part that names what to issue: `fixture_id`, or `season_ticket_id` and `collection`. */
export type SubjectFields = Pick<MassIssuePreviewRequest, 'fixture_id' | 'season_ticket_id' | 'collection'>;

/**
 * The subject as the preview and the task's creation take it: a fixture by its id alone (as
 * before season tasks), a season ticket by its id with `collection` always said.
 */
export function subjectFields(subject: IssueSubject): SubjectFields {
  return subject.target === 'fixture'
    ? { fixture_id: subject.fixtureId }
    : { season_ticket_id: subject.seasonTicketId, collection: subject.collection };
}

/** The lines of a preview that go into the task, each as the preview read it. */
export function issuableLines(lines: readonly PreviewLine[]): PreviewLine[] {
  return lines.filter(isIssuable);
}

/** A reduction staff may type on a line: its code, and its name in the price list. */
export interface ReductionChoice {
  code: string;
  name: string;
}

/** What a reduction choice is read from: a default price, or a season ticket's own price. */
export type ReductionPrice = Pick<Price, 'reduction_id' | 'reduction_code' | 'reduction_name'>;

/**
 * The reductions of the prices (the default prices, or a season ticket's), once each by code in
 * the catalogue's order; the full price first even before the prices are read, since it is every
 * line's default.
 */
export function reductionCodeChoices(prices: readonly ReductionPrice[]): ReductionChoice[] {
  const byCode = new Map<string, ReductionChoice & { id: number }>();
  for (const price of prices) {
    if (!byCode.has(price.reduction_code)) {
      byCode.set(price.reduction_code, { code: price.reduction_code, name: price.reduction_name, id: price.reduction_id });
    }
  }
  const choices = [...byCode.values()].sort((a, b) => a.id - b.id).map(({ code, name }) => ({ code, name }));
  return choices.some((choice) => choice.code === DEFAULT_REDUCTION)
    ? choices
    : [{ code: DEFAULT_REDUCTION, name: DEFAULT_REDUCTION }, ...choices];
}

/** A file's bytes as base64 (what the preview takes as `file_base64`). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      // A data URL: "data:<type>;base64,<bytes>".
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
