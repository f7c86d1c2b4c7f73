import { describe, expect, it } from 'vitest';
import { anIdentity, noIdentity } from '../test/fixtures';
import { identityInputOf, identityProblems, valuesOf, type IdentityValues } from './rules';

const TODAY = '2026-11-24';
const values = (overrides: Partial<IdentityValues> = {}): IdentityValues => ({ ...valuesOf(anIdentity()), ...overrides });
const problems = (overrides: Partial<IdentityValues> = {}) => identityProblems(identityInputOf(values(overrides)), TODAY);

describe('valuesOf', () => {
  it('starts a fan with nothing saved in Italy', () => {
    expect(valuesOf(noIdentity())).toMatchObject({ birth_country: 'IT', residence_country: 'IT', birth_date: '' });
  });

  it("leaves the foreign-born's EE province out of the form", () => {
    expect(
      valuesOf(anIdentity({ birth_country: 'CH', birth_province: 'EE', birth_municipality: '' })),
    ).toMatchObject({ birth_country: 'CH', birth_province: '', birth_municipality: '' });
  });
});

describe('identityInputOf', () => {
  it('tidies what is sent: trimmed, codes in capitals, the phone in international form', () => {
    expect(
      identityInputOf(
        values({
          first_name: '  Maria  Grazia ',
          last_name: 'D’Amico',
          fiscal_code: ' rssmra80a01h501u ',
          document_number: 'ca 123 4567',
          phone: '333 123 4567',
          address: ' Via Milano  4 ',
        }),
      ),
    ).toMatchObject({
      first_name: 'Maria Grazia',
      last_name: "D'Amico",
      fiscal_code: 'RSSMRA80A01H501U',
      document_number: 'CA1234567',
      phone: '+393331234567',
      address: 'Via Milano 4',
    });
  });

  it('sends no birth date when none is given, and no province nor municipality for abroad', () => {
    expect(identityInputOf(values({ birth_date: '', birth_country: 'CH', residence_country: 'FR' }))).toMatchObject({
      birth_date: null,
      birth_province: '',
      birth_municipality: '',
      residence_province: '',
      residence_municipality: '',
    });
  });
});

describe('identityProblems', () => {
  it('finds nothing wrong with a whole identity', () => {
    expect(problems()).toEqual({});
    expect(problems({ address: '', phone: '' })).toEqual({});
  });

  it('wants every field but the address and the phone', () => {
    const blank = Object.fromEntries(Object.keys(values()).map((field) => [field, ''])) as IdentityValues;
    expect(identityProblems(identityInputOf(blank), TODAY)).toEqual({
      first_name: 'required',
      last_name: 'required',
      fiscal_code: 'required',
      birth_date: 'required',
      sex: 'required',
      birth_country: 'required',
      residence_country: 'required',
      document_type: 'required',
      document_number: 'required',
    });
  });

  it('wants a province, then a municipality, for a place in Italy only', () => {
    expect(problems({ birth_province: '', birth_municipality: '' })).toEqual({ birth_province: 'required' });
    expect(problems({ residence_municipality: '' })).toEqual({ residence_municipality: 'required' });
    expect(problems({ birth_country: 'CH', birth_province: '', birth_municipality: '' })).toEqual({});
  });

  it("checks the fiscal code's form and check character", () => {
    expect(problems({ fiscal_code: 'RSSMRA80A01H501A' })).toEqual({ fiscal_code: 'check_character' });
    expect(problems({ fiscal_code: 'RSSMRA80Z01H501U' })).toEqual({ fiscal_code: 'invalid_format' });
  });

  it('checks names, the birth date, the document number and the phone as the API does', () => {
    expect(problems({ first_name: 'Mario2' })).toEqual({ first_name: 'invalid' });
    expect(problems({ last_name: 'a'.repeat(61) })).toEqual({ last_name: 'too_long' });
    expect(problems({ birth_date: '2026-11-25' })).toEqual({ birth_date: 'in_future' });
    expect(problems({ birth_date: '1906-11-23' })).toEqual({ birth_date: 'too_old' });
    expect(problems({ birth_date: '1906-11-24' })).toEqual({});
    expect(problems({ birth_date: '1980-02-30' })).toEqual({ birth_date: 'invalid' });
    expect(problems({ document_number: 'CA12' })).toEqual({ document_number: 'invalid' });
    expect(problems({ document_number: 'CA-12345' })).toEqual({ document_number: 'invalid' });
    expect(problems({ phone: '12345' })).toEqual({ phone: 'invalid' });
    expect(problems({ address: 'x'.repeat(201) })).toEqual({ address: 'too_long' });
  });
});
