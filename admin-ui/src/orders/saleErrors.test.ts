import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { SEASON_DESK } from '../seasonOrders/seasonSale';
import { saleFailure, saleInputOf } from './saleErrors';

describe('the sale form and the API name fields alike', () => {
  it("puts a line's holder fields under holder, a missing seat on its label, the lines on the list", () => {
    expect(saleInputOf('buyer_email')).toBe('buyer_email');
    expect(saleInputOf('lines.0.first_name')).toBe('lines.0.holder.first_name');
    expect(saleInputOf('lines.12.document_type')).toBe('lines.12.holder.document_type');
    expect(saleInputOf('lines.3.sex')).toBe('lines.3.holder.sex');
    expect(saleInputOf('lines.1.label')).toBe('lines.1.label');
    expect(saleInputOf('lines.1.seat_id')).toBe('lines.1.label');
    expect(saleInputOf('lines.2.reduction_id')).toBe('lines.2.reduction_id');
    expect(saleInputOf('lines')).toBe('lines.root');
    expect(saleInputOf('seat_ids')).toBeUndefined();
    expect(saleInputOf('lines.0.colour')).toBeUndefined();
  });
});

describe('what a failed sale shows', () => {
  it("gives a 422's fields our words, and the lines' own error by its reason", () => {
    const error = new HttpError('Some fields are not valid', 422, {
      code: 'validation_failed',
      errors: { 'lines.0.birth_date': 'a date in the past (yyyy-mm-dd)', lines: 'at least one seat', colour: 'blue' },
    });
    expect(saleFailure(error)).toEqual({
      kind: 'fields',
      errors: {
        'lines.0.holder.birth_date': 'resources.orders.sale.errors.birth_date',
        'lines.root': 'resources.orders.sale.errors.no_lines',
      },
    });
  });

  it("says in our words why the lines were refused: a holder's reduction, a sector's price, or else", () => {
    const refused = (errors: Record<string, string>) =>
      saleFailure(new HttpError('Some fields are not valid', 422, { code: 'validation_failed', errors }));
    expect(refused({ lines: 'a holder does not qualify for their reduction on the match day' })).toEqual({
      kind: 'fields',
      errors: { 'lines.root': 'resources.orders.sale.errors.holder_not_eligible' },
    });
    expect(refused({ lines: 'a reduction not priced for its sector' })).toEqual({
      kind: 'fields',
      errors: { 'lines.root': 'resources.orders.sale.errors.reduction_not_priced' },
    });
    expect(refused({ lines: 'something new' })).toEqual({
      kind: 'fields',
      errors: { 'lines.root': 'resources.orders.sale.errors.rejected' },
    });
    expect(refused({ 'lines.0.sex': 'M or F' })).toEqual({
      kind: 'fields',
      errors: { 'lines.0.holder.sex': 'resources.orders.sale.errors.sex' },
    });
  });

  it('says the sale was refused when a 422 names no field of the form', () => {
    const error = new HttpError('Some fields are not valid', 422, { errors: { seat_ids: 'unknown seats or block' } });
    expect(saleFailure(error)).toEqual({ kind: 'message', message: 'resources.orders.sale.errors.rejected', args: {} });
  });

  it("keeps a 409's details as the message's arguments, never as field errors", () => {
    const taken = new HttpError('resources.orders.errors.seats_unavailable', 409, {
      code: 'seats_unavailable',
      errors: { seat_ids: [101] },
    });
    expect(saleFailure(taken)).toEqual({
      kind: 'message',
      message: 'resources.orders.errors.seats_unavailable',
      args: { _: 'resources.orders.errors.seats_unavailable' },
    });
    const limit = new HttpError('resources.orders.errors.buyer_limit', 409, { code: 'buyer_limit', errors: { limit: 4 } });
    expect(saleFailure(limit)).toEqual({
      kind: 'message',
      message: 'resources.orders.errors.buyer_limit',
      args: { limit: 4, _: 'resources.orders.errors.buyer_limit' },
    });
  });

  it('falls back to the generic error when the API could not be reached', () => {
    expect(saleFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'message',
      message: 'ra.notification.http_error',
      args: {},
    });
  });
});

describe("what a failed season ticket sale shows", () => {
  const SEASON = 'resources.season-orders.sale';

  it('names the season ticket, not a match, as the sale\'s own input', () => {
    expect(saleInputOf('season_ticket_id', SEASON_DESK)).toBe('season_ticket_id');
    expect(saleInputOf('fixture_id', SEASON_DESK)).toBeUndefined();
    expect(saleInputOf('season_ticket_id')).toBeUndefined();
  });

  it("puts each holder the ticketing system would refuse (409 holder_ineligible) where staff mend it", () => {
    const refused = new HttpError('The ticketing system would refuse a holder: nothing was sold', 409, {
      code: 'holder_ineligible',
      errors: {
        'lines.0.holder': 'banned',
        'lines.1.holder': 'match_not_on_sale',
        'lines.2.holder': 'season_not_on_sale',
        'lines.3.holder': 'has_season_ticket',
        'lines.4.holder': 'card_required',
        'lines.5.holder': 'something_new',
      },
    });
    expect(saleFailure(refused, SEASON_DESK)).toEqual({
      kind: 'fields',
      errors: {
        'lines.0.holder.first_name': `${SEASON}.refusals.banned`,
        'lines.1.collection': `${SEASON}.refusals.match_not_on_sale`,
        season_ticket_id: `${SEASON}.refusals.season_not_on_sale`,
        'lines.3.holder.first_name': `${SEASON}.refusals.has_season_ticket`,
        'lines.4.holder.first_name': `${SEASON}.refusals.card_required`,
        'lines.5.holder.first_name': `${SEASON}.refusals.other`,
      },
    });
  });

  it("says the other refusals in the season ticket's words, whatever the data provider made of them", () => {
    const limit = new HttpError('resources.orders.errors.buyer_limit', 409, { code: 'buyer_limit', errors: { limit: 2 } });
    expect(saleFailure(limit, SEASON_DESK)).toEqual({
      kind: 'message',
      message: `${SEASON}.errors.buyer_limit`,
      args: { limit: 2, _: `${SEASON}.errors.buyer_limit` },
    });
    const gone = new HttpError('No such season ticket', 404, { code: 'not_found', errors: {} });
    expect(saleFailure(gone, SEASON_DESK)).toMatchObject({ kind: 'message', message: `${SEASON}.errors.not_found` });
    // A holder_ineligible naming no line still says why nothing was sold.
    const vague = new HttpError('refused', 409, { code: 'holder_ineligible', errors: {} });
    expect(saleFailure(vague, SEASON_DESK)).toMatchObject({ kind: 'message', message: `${SEASON}.errors.holder_ineligible` });
  });

  it("says a holder not qualifying on the first match's day in the season ticket's words (422)", () => {
    const error = new HttpError('Some fields are not valid', 422, {
      code: 'validation_failed',
      errors: { lines: 'a holder does not qualify for their reduction on the match day', season_ticket_id: 'required' },
    });
    expect(saleFailure(error, SEASON_DESK)).toEqual({
      kind: 'fields',
      errors: { 'lines.root': `${SEASON}.errors.holder_not_eligible`, season_ticket_id: 'ra.validation.required' },
    });
  });
});
