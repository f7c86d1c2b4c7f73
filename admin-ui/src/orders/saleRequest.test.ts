import { describe, expect, it } from 'vitest';
import { emptySaleLine, saleRequest, seasonSaleRequest } from './saleRequest';
import type { SaleLineValues } from './types';

const line = (overrides: Partial<SaleLineValues> = {}): SaleLineValues => ({
  ...emptySaleLine(),
  label: ' TC-TC1-1-1 ',
  reduction_id: 1,
  holder: {
    first_name: ' Luca ',
    last_name: 'Neri',
    birth_date: '1990-04-01',
    birth_place: 'Como',
    document_type: 'id_card',
    document_number: 'CA1234567',
    sex: '',
  },
  ...overrides,
});

describe('the box-office sale requests', () => {
  it("sends a match's seats without the season ticket's collection", () => {
    const request = saleRequest({ fixture_id: 7, buyer_email: ' cliente@example.it ', payment_method: 'cash', lines: [line()] });
    expect(request.fixture_id).toBe(7);
    expect(request.buyer_email).toBe('cliente@example.it');
    expect(request.language).toBe('it');
    expect(request.lines[0]).not.toHaveProperty('collection');
  });

  it("sends a season ticket's seats, each a collection only when ticked, with the same buyer, payment and holders", () => {
    const request = seasonSaleRequest({
      season_ticket_id: '3',
      buyer_email: 'cliente@example.it',
      payment_method: 'complimentary',
      language: 'en',
      lines: [line(), line({ label: 'TC-TC1-1-2', collection: true }), line({ label: 'TC-TC1-1-3', collection: null })],
    });
    expect(request).toMatchObject({
      season_ticket_id: 3,
      buyer_email: 'cliente@example.it',
      payment_method: 'complimentary',
      language: 'en',
    });
    expect(request).not.toHaveProperty('fixture_id');
    expect(request.lines.map((sold) => [sold.label, sold.collection])).toEqual([
      ['TC-TC1-1-1', false],
      ['TC-TC1-1-2', true],
      ['TC-TC1-1-3', false],
    ]);
    expect(request.lines[0]?.holder).toEqual({
      first_name: 'Luca',
      last_name: 'Neri',
      birth_date: '1990-04-01',
      birth_place: 'Como',
      document_type: 'id_card',
      document_number: 'CA1234567',
      sex: null,
    });
  });
});
