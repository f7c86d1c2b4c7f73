import { HttpError } from 'react-admin';
import { MATCH_DESK, SALE, type SaleDesk } from './saleDesk';
import { HOLDER_FIELDS } from './types';

const ERRORS = `${SALE}.errors`;

/**
 * Our words for each field the API names in a 422, by the field's own name (a line's field is
 * `lines.{i}.{field}`): each breaks one rule only, and the API's messages are English.
 */
const FIELD_MESSAGES: Readonly<Record<string, string>> = {
  fixture_id: 'ra.validation.required',
  season_ticket_id: 'ra.validation.required',
  buyer_email: `${ERRORS}.buyer_email`,
  payment_method: `${ERRORS}.payment_method`,
  language: `${ERRORS}.language`,
  // A label no seat has.
  label: `${ERRORS}.unknown_seat`,
  // Neither a label nor a seat id: the line has no seat.
  seat_id: 'ra.validation.required',
  reduction_id: `${ERRORS}.reduction`,
  first_name: `${ERRORS}.name`,
  last_name: `${ERRORS}.name`,
  birth_date: `${ERRORS}.birth_date`,
  birth_place: `${ERRORS}.birth_place`,
  document_type: `${ERRORS}.document_type`,
  document_number: `${ERRORS}.document_number`,
  sex: `${ERRORS}.sex`,
};

/**
 * What the API says about the lines as a whole (`errors.lines`), by its words: no seat at all, a
 * reduction the seat's sector does not sell, a holder who does not qualify for their reduction
 * on the day it counts (under 14, 65 or older, women) without saying which: that one, and the
 * missing lines, in the desk's words.
 */
function linesMessages(desk: SaleDesk): Readonly<Record<string, string>> {
  return {
    'at least one seat': `${desk.words}.errors.no_lines`,
    'a reduction not priced for its sector': `${ERRORS}.reduction_not_priced`,
    'a holder does not qualify for their reduction on the match day': `${desk.words}.errors.holder_not_eligible`,
  };
}

const LINE_FIELD = /^lines\.(\d+)\.([a-z_]+)$/;
const isHolderField = (field: string) => (HOLDER_FIELDS as readonly string[]).includes(field);

/**
 * Where the form shows an error the API keyed `field`: the sale's own inputs (the desk's match or
 * season ticket, the buyer, the payment, the language) keep their names, a
 * holder's field is under `holder` (`lines.0.first_name` → `lines.0.holder.first_name`), a
 * missing seat is the label's, and the lines as a whole are the list's (`lines.root`, as
 * react-hook-form keeps an array's own error). Undefined for a field the form does not have.
 */
export function saleInputOf(field: string, desk: SaleDesk = MATCH_DESK): string | undefined {
  if ([desk.subject, 'buyer_email', 'payment_method', 'language'].includes(field)) {
    return field;
  }
  if (field === 'lines') {
    return 'lines.root';
  }
  const line = LINE_FIELD.exec(field);
  if (line === null) {
    return undefined;
  }
  const [, index, name] = line as unknown as [string, string, string];
  if (isHolderField(name)) {
    return `lines.${index}.holder.${name}`;
  }
  if (name === 'label' || name === 'seat_id') {
    return `lines.${index}.label`;
  }
  if (name === 'reduction_id') {
    return `lines.${index}.reduction_id`;
  }
  return undefined;
}

function messageFor(field: string, message: string, desk: SaleDesk): string {
  if (field === 'lines') {
    return linesMessages(desk)[message] ?? `${ERRORS}.rejected`;
  }
  const name = field.split('.').at(-1) ?? field;
  return FIELD_MESSAGES[name] ?? message;
}

const HOLDER_LINE = /^lines\.(\d+)\.holder$/;

/**
 * The reasons the ticketing system would refuse a season's holder (409 `holder_ineligible`,
 * `errors["lines.{i}.holder"]`), each said where staff can mend it: the season ticket not on
 * public sale yet on the season ticket, a covered match not on public sale on the line's
 * collection, the rest (banned, already a season ticket holder, no supporter card) on the
 * holder's name. In the desk's words (`${words}.refusals.{reason}`); a reason we do not know yet
 * under the name too, in general words.
 */
const HOLDER_REFUSALS: Readonly<Record<string, 'subject' | 'collection' | 'holder'>> = {
  season_not_on_sale: 'subject',
  match_not_on_sale: 'collection',
  banned: 'holder',
  has_season_ticket: 'holder',
  card_required: 'holder',
};

function holderRefusalErrors(details: Record<string, unknown>, desk: SaleDesk): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, reason] of Object.entries(details)) {
    const line = HOLDER_LINE.exec(field)?.[1];
    if (line === undefined || typeof reason !== 'string') {
      continue;
    }
    const where = HOLDER_REFUSALS[reason];
    let input = `lines.${line}.holder.first_name`;
    if (where === 'subject') {
      input = desk.subject;
    } else if (where === 'collection' && desk.collections) {
      input = `lines.${line}.collection`;
    }
    errors[input] = `${desk.words}.refusals.${where === undefined ? 'other' : reason}`;
  }
  return errors;
}

/** Why a sale failed, as the form shows it. */
export type SaleFailure =
  /** Under the inputs, keyed by their names (react-admin's submission errors). */
  | { kind: 'fields'; errors: Record<string, string> }
  /** In a notification: a translation key (or the API's text) and its arguments. */
  | { kind: 'message'; message: string; args: Record<string, unknown> };

/**
 * What to show for a failed sale at `desk` (`POST /api/admin/orders`, `/season-orders`). A 422
 * puts our words under the inputs it names, and so does a 409 `holder_ineligible` under each
 * refused line; anything else (409 seats_unavailable, buyer_limit, holder_has_seat,
 * fixture_not_on_sale, buyer_banned, 404, 503 ...) is one message: the desk's words for its code
 * when it has its own, else the key the data provider has already made of it when we know the
 * code (api/errors.ts), with the API's details (`limit`) as arguments. A 409's other `errors` are
 * details, never field errors: they must not reach the form.
 */
export function saleFailure(error: unknown, desk: SaleDesk = MATCH_DESK): SaleFailure {
  if (!(error instanceof HttpError)) {
    return { kind: 'message', message: 'ra.notification.http_error', args: {} };
  }
  const body: unknown = error.body;
  const details: Record<string, unknown> =
    body !== null && typeof body === 'object' && 'errors' in body && body.errors !== null && typeof body.errors === 'object'
      ? (body.errors as Record<string, unknown>)
      : {};
  const code = body !== null && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : '';
  if (error.status === 422) {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(details)) {
      const input = saleInputOf(field, desk);
      if (input !== undefined && typeof message === 'string') {
        errors[input] = messageFor(field, message, desk);
      }
    }
    if (Object.keys(errors).length > 0) {
      return { kind: 'fields', errors };
    }
    return { kind: 'message', message: `${ERRORS}.rejected`, args: {} };
  }
  if (code === 'holder_ineligible') {
    const errors = holderRefusalErrors(details, desk);
    if (Object.keys(errors).length > 0) {
      return { kind: 'fields', errors };
    }
  }
  const args = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'number' || typeof value === 'string'),
  );
  const message = desk.codes[code] ?? (error.message === '' ? 'ra.notification.http_error' : error.message);
  return { kind: 'message', message, args: { ...args, _: message } };
}
