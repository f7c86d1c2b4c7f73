import { qualifies } from '../../../ui-shared/holderRules';
import { DOCUMENT_TYPES, SEXES, type DocumentType, type Sex } from './types';
import type { HolderDetails, HolderRule, HoldersRequest, Identity } from '../../../api-types';

// Who qualifies for a reduction's rule and the match's day are shared with admin-ui (ui-shared/).
export { matchDayOf } from '../../../ui-shared/holderRules';

/**
 * The holder form's rules, as the API applies them (docs/api/checkout.md, `PUT .../holders`), so
 * the fan hears about a mistake before sending; the API still has the last word.
 */

export const NAME_MAX = 60;
export const BIRTH_PLACE_MAX = 80;
export const DOCUMENT_NUMBER_MIN = 5;
export const DOCUMENT_NUMBER_MAX = 20;
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** What the fan types for one line: strings as in the inputs, the document type unset at first. */
export interface HolderDraft {
  first_name: string;
  last_name: string;
  birth_date: string;
  birth_place: string;
  document_type: DocumentType | '';
  document_number: string;
  /** Optional: empty when not given. */
  sex: Sex | '';
  reduction_id: number;
}

export type HolderField = keyof HolderDraft;

export const HOLDER_FIELDS = [
  'first_name',
  'last_name',
  'birth_date',
  'birth_place',
  'document_type',
  'document_number',
  'sex',
  'reduction_id',
] as const satisfies readonly HolderField[];

/** Why a field is refused; each is a message under `holders.errors`. */
export type HolderProblem =
  | 'first_name_required'
  | 'last_name_required'
  | 'name_too_long'
  | 'name_characters'
  | 'birth_date_required'
  | 'birth_date_invalid'
  | 'birth_date_future'
  | 'birth_date_too_early'
  | 'birth_place_required'
  | 'birth_place_too_long'
  | 'document_type_required'
  | 'document_number_required'
  | 'document_number_format'
  | 'reduction_not_sold'
  | 'reduction_under_14'
  | 'reduction_over_65'
  | 'reduction_women_only';

export type HolderProblems = Partial<Record<HolderField, HolderProblem>>;

/** Letters of any alphabet, spaces, apostrophes, dots and hyphens. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '.-]+$/u;
const DOCUMENT_NUMBER = /^[A-Za-z0-9]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The line's holder as the form starts: what the order already says, or blanks. */
export function draftOf(line: { holder?: HolderDetails | null; reduction_id: number }): HolderDraft {
  const holder = line.holder;
  return {
    first_name: holder?.first_name ?? '',
    last_name: holder?.last_name ?? '',
    birth_date: holder?.birth_date ?? '',
    birth_place: holder?.birth_place ?? '',
    // The API sends plain strings: one the form has no choice for starts blank.
    document_type: DOCUMENT_TYPES.find((type) => type === holder?.document_type) ?? '',
    document_number: holder?.document_number ?? '',
    sex: SEXES.find((sex) => sex === holder?.sex) ?? '',
    reduction_id: line.reduction_id,
  };
}

/**
 * What is sent: trimmed, a phone's curly apostrophe (Dell’Acqua) made the plain one the rules
 * name, the document number in capitals as printed on the document.
 */
export function normalised(draft: HolderDraft): HolderDraft {
  const name = (value: string) => value.trim().replace(/\s+/g, ' ').replace(/[\u2018\u2019\u02bc]/g, "'");
  return {
    ...draft,
    first_name: name(draft.first_name),
    last_name: name(draft.last_name),
    birth_date: draft.birth_date.trim(),
    birth_place: draft.birth_place.trim(),
    document_number: draft.document_number.trim().toUpperCase(),
  };
}

/**
 * Whom the chosen reduction is for (the API's rule, as the ticketing system checks it on the
 * match day: it refuses the others with `lines.{i}.reduction_id`; unknown admits everyone here,
 * the API having the last word) and the match's day (YYYY-MM-DD in Europe/Rome).
 */
export interface MatchDayFare {
  rule: HolderRule | undefined;
  matchDay: string;
}

/** A line's holder and reduction once the rules accept them: what `PUT .../holders` sends. */
export interface ParsedHolder {
  holder: HolderDetails;
  reduction_id: number;
}

export type HolderParse = { ok: true; value: ParsedHolder } | { ok: false; problems: HolderProblems };

/**
 * One line's holder read against the rules: the value to send, or each field's problem.
 * `reductionIds` are the reductions sold online for the line's sector; `today` is YYYY-MM-DD;
 * `fare`, when known, lets the holder be checked against the chosen reduction's rule.
 */
export function parseHolder(
  draft: HolderDraft,
  reductionIds: readonly number[],
  today: string,
  fare?: MatchDayFare,
): HolderParse {
  const value = normalised(draft);
  const problems: HolderProblems = {};
  const first = nameProblem(value.first_name, 'first_name_required');
  if (first !== null) {
    problems.first_name = first;
  }
  const last = nameProblem(value.last_name, 'last_name_required');
  if (last !== null) {
    problems.last_name = last;
  }
  const birthDateIssue = birthDateProblem(value.birth_date, today);
  if (birthDateIssue !== null) {
    problems.birth_date = birthDateIssue;
  }
  if (value.birth_place === '') {
    problems.birth_place = 'birth_place_required';
  } else if ([...value.birth_place].length > BIRTH_PLACE_MAX) {
    problems.birth_place = 'birth_place_too_long';
  }
  if (value.document_number === '') {
    problems.document_number = 'document_number_required';
  } else if (
    !DOCUMENT_NUMBER.test(value.document_number) ||
    value.document_number.length < DOCUMENT_NUMBER_MIN ||
    value.document_number.length > DOCUMENT_NUMBER_MAX
  ) {
    problems.document_number = 'document_number_format';
  }
  if (!reductionIds.includes(value.reduction_id)) {
    problems.reduction_id = 'reduction_not_sold';
  } else if (fare !== undefined) {
    // The age rules need a birth date to go on: without one, its own message says so.
    const rule = fareProblem(fare, birthDateIssue === null ? value.birth_date : null, value.sex);
    if (rule !== null) {
      problems.reduction_id = rule;
    }
  }
  const documentType = value.document_type;
  if (documentType === '') {
    problems.document_type = 'document_type_required';
  }
  if (documentType === '' || Object.keys(problems).length > 0) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    value: {
      reduction_id: value.reduction_id,
      holder: {
        first_name: value.first_name,
        last_name: value.last_name,
        birth_date: value.birth_date,
        birth_place: value.birth_place,
        document_type: documentType,
        document_number: value.document_number,
        sex: value.sex === '' ? null : value.sex,
      },
    },
  };
}

/** The fare a holder alone is read with: a change of holder keeps the ticket's own. */
const KEPT_FARE = 0;

/**
 * A holder alone (a change of holder: the ticket keeps its fare, and the API answers
 * `reduction_not_fitting` when the new holder is not entitled to it), with every other check of
 * the checkout's.
 */
export function parseHolderDetails(
  draft: HolderDraft,
  today: string,
): { ok: true; value: HolderDetails } | { ok: false; problems: HolderProblems } {
  const parsed = parseHolder({ ...draft, reduction_id: KEPT_FARE }, [KEPT_FARE], today);
  return parsed.ok ? { ok: true, value: parsed.value.holder } : parsed;
}

function nameProblem(value: string, required: HolderProblem): HolderProblem | null {
  if (value === '') {
    return required;
  }
  if ([...value].length > NAME_MAX) {
    return 'name_too_long';
  }
  return NAME_CHARACTERS.test(value) ? null : 'name_characters';
}

function birthDateProblem(value: string, today: string): HolderProblem | null {
  if (value === '') {
    return 'birth_date_required';
  }
  if (!isCalendarDate(value)) {
    return 'birth_date_invalid';
  }
  if (value < EARLIEST_BIRTH_DATE) {
    return 'birth_date_too_early';
  }
  return value < today ? null : 'birth_date_future';
}

/** Whether `value` is a day that exists, written YYYY-MM-DD (not 31 February and the like). */
export function isCalendarDate(value: string): boolean {
  const parts = ISO_DATE.exec(value);
  if (parts === null) {
    return false;
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The message for a holder a reduction is not for, by the reduction's rule. */
const RULE_PROBLEMS: Record<HolderRule, HolderProblem | null> = {
  anyone: null,
  under_14: 'reduction_under_14',
  over_65: 'reduction_over_65',
  women: 'reduction_women_only',
};

/**
 * Whether the holder qualifies for the chosen reduction on the match day; `birthDate` is null
 * when it is not (yet) a valid date, and then only the women's rule is checked.
 */
function fareProblem(fare: MatchDayFare, birthDate: string | null, sex: Sex | ''): HolderProblem | null {
  const rule = fare.rule;
  if (rule === undefined || (birthDate === null && rule !== 'women')) {
    return null;
  }
  return qualifies(rule, { birth_date: birthDate, sex: sex === '' ? null : sex }, fare.matchDay) ? null : RULE_PROBLEMS[rule];
}

/** Today as YYYY-MM-DD on the fan's clock (a birth date has no time zone). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The body of `PUT .../holders`: every line, in the order's order. */
export function holdersRequest(lines: readonly { id: number }[], parsed: readonly ParsedHolder[]): HoldersRequest {
  return {
    lines: lines.flatMap((line, index) => {
      const value = parsed[index];
      return value === undefined ? [] : [{ id: line.id, ...value }];
    }),
  };
}

/**
 * The API's field errors (`lines.{index}.{field}`) by line index and field; keys it may nest under
 * `holder` (`lines.0.holder.first_name`) count too, anything else is left out.
 */
export function serverHolderErrors(fieldErrors: Record<string, string>): Map<number, Set<HolderField>> {
  const byLine = new Map<number, Set<HolderField>>();
  for (const key of Object.keys(fieldErrors)) {
    const match = /^lines\.(\d+)\.(?:holder\.)?([a-z_]+)$/.exec(key);
    const field = match?.[2];
    if (match === null || field === undefined || !(HOLDER_FIELDS as readonly string[]).includes(field)) {
      continue;
    }
    const index = Number(match[1]);
    const fields = byLine.get(index) ?? new Set<HolderField>();
    fields.add(field as HolderField);
    byLine.set(index, fields);
  }
  return byLine;
}

/** The names the signed-in account gives for "it's me"; null when the account has none. */
export function accountNames(user: { first_name: string; last_name: string; name: string }): {
  first_name: string;
  last_name: string;
} | null {
  const first = user.first_name.trim();
  const last = user.last_name.trim();
  if (first !== '' || last !== '') {
    return { first_name: first, last_name: last };
  }
  // Only a full name on the account: its first word is the first name, the rest the last.
  const [head = '', ...rest] = user.name.trim().split(/\s+/);
  return head === '' ? null : { first_name: head, last_name: rest.join(' ') };
}

/** What "it's me" fills in: the names at least, and more when the fan's identity is saved. */
export type MyHolderDetails = Pick<HolderDraft, 'first_name' | 'last_name'> & Partial<Omit<HolderDraft, 'reduction_id'>>;

/**
 * What the fan's saved identity gives "it's me": names, birth date and place, sex and document;
 * null when none is saved (`registration` "none"): the account's names are all there is then.
 */
export function identityHolder(identity: Identity | null | undefined): MyHolderDetails | null {
  if (identity === null || identity === undefined || identity.registration === 'none') {
    return null;
  }
  return {
    first_name: identity.first_name,
    last_name: identity.last_name,
    birth_date: identity.birth_date ?? '',
    birth_place: identity.birth_place,
    sex: SEXES.find((sex) => sex === identity.sex) ?? '',
    document_type: DOCUMENT_TYPES.find((type) => type === identity.document_type) ?? '',
    document_number: identity.document_number,
  };
}

/** A draft's fields as "it's me" leaves them when pressed again: blank. */
export function blankHolderFields(fields: readonly (keyof MyHolderDetails)[]): Partial<HolderDraft> {
  const blank: Required<MyHolderDetails> = {
    first_name: '',
    last_name: '',
    birth_date: '',
    birth_place: '',
    sex: '',
    document_type: '',
    document_number: '',
  };
  return Object.fromEntries(fields.map((field) => [field, blank[field]])) as Partial<HolderDraft>;
}

/** Whether a holder's names are these (as the API compares people: case and spaces aside). */
export function namesMatch(draft: Pick<HolderDraft, 'first_name' | 'last_name'>, names: { first_name: string; last_name: string }): boolean {
  const norm = (value: string) => value.trim().split(/\s+/).join(' ').toUpperCase();
  return norm(draft.first_name) === norm(names.first_name) && norm(draft.last_name) === norm(names.last_name);
}

/**
 * One person, however the name is typed (the API's key: last name, first name, birth date):
 * the API gives each person one seat per match, so two lines with the same key are refused.
 */
export function personKey(holder: Pick<HolderDraft, 'first_name' | 'last_name' | 'birth_date'>): string {
  const norm = (value: string) => value.trim().split(/\s+/).join(' ').toUpperCase();
  return `${norm(holder.last_name)}|${norm(holder.first_name)}|${holder.birth_date}`;
}

/** For each line naming the same person as an earlier one, that earlier line's index. */
export function repeatedPeople(holders: readonly Pick<HolderDraft, 'first_name' | 'last_name' | 'birth_date'>[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  holders.forEach((holder, index) => {
    const key = personKey(holder);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
    } else {
      repeats.set(index, earlier);
    }
  });
  return repeats;
}
