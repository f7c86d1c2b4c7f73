import { describe, expect, it } from 'vitest';
import { checkCharacter, fiscalCodeProblem, normalisedFiscalCode } from './fiscalCode';

describe('fiscalCodeProblem', () => {
  it.each(['RSSMRA80A01H501U', 'MRTMTT91D08F205J', 'NGXZOE95C44Z11NZ'])('accepts %s', (code) => {
    expect(fiscalCodeProblem(code)).toBeNull();
  });

  it('accepts omocodia letters in place of the digits', () => {
    // RSSMRA80A01H501U with its last digit (1) as omocodia's M: a new check character.
    const base = 'RSSMRA80A01H50M';
    expect(fiscalCodeProblem(`${base}${checkCharacter(base)}`)).toBeNull();
  });

  it('refuses a wrong check character', () => {
    expect(fiscalCodeProblem('RSSMRA80A01H501A')).toBe('check_character');
  });

  it.each([
    ['a letter that is no month', 'RSSMRA80Z01H501U'],
    ['too short', 'RSSMRA80A01H501'],
    ['too long', 'RSSMRA80A01H501UX'],
    ['a letter where a digit goes', 'RSSMRA8AA01H501U'],
    ['a digit where a letter goes', 'R5SMRA80A01H501U'],
    ['no such day', 'RSSMRA80A32H501U'],
    ['lower case', 'rssmra80a01h501u'],
    ['a symbol', 'RSSMRA80A01H50-U'],
  ])('refuses the form: %s', (_why, code) => {
    expect(fiscalCodeProblem(code)).toBe('invalid_format');
  });
});

describe('normalisedFiscalCode', () => {
  it('upper-cases and drops spaces', () => {
    expect(normalisedFiscalCode(' rssmra 80a01 h501u ')).toBe('RSSMRA80A01H501U');
  });
});

describe('checkCharacter', () => {
  it("computes the code's last letter", () => {
    expect(checkCharacter('RSSMRA80A01H501')).toBe('U');
    expect(checkCharacter('MRTMTT91D08F205')).toBe('J');
    expect(checkCharacter('NGXZOE95C44Z11N')).toBe('Z');
    // Born in Switzerland (Z133).
    expect(checkCharacter('RSSMRA80A01Z133')).toBe('J');
  });
});
