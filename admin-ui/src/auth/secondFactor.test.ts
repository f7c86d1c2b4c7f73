import { describe, expect, it } from 'vitest';
import { groupedSecret, normalisedCode, secondFactorStepOf } from './secondFactor';

describe('normalisedCode', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 123456 ', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
  ])('reads the authenticator code %j as %j', (typed, sent) => {
    expect(normalisedCode('totp', typed)).toBe(sent);
  });

  it.each([
    ['abcde-23456', 'abcde-23456'],
    ['ABCDE-23456', 'abcde-23456'],
    ['abcde23456', 'abcde23456'],
    [' abcde-23456 ', 'abcde-23456'],
    ['abcd-23456', null],
    ['abcde_23456', null],
    ['123456', null],
  ])('reads the recovery code %j as %j', (typed, sent) => {
    expect(normalisedCode('recovery', typed)).toBe(sent);
  });
});

describe('groupedSecret', () => {
  it('splits the secret in groups of four for typing by hand', () => {
    expect(groupedSecret('KRUGS4ZANFZSAYLOEBQWI3LJNYQHI33U')).toBe('KRUG S4ZA NFZS AYLO EBQW I3LJ NYQH I33U');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});

describe('secondFactorStepOf', () => {
  it('is null for an answer that opened a session at once', () => {
    expect(secondFactorStepOf({})).toBeNull();
    expect(secondFactorStepOf(undefined)).toBeNull();
  });

  it('does not take an enrolment without its secret', () => {
    expect(secondFactorStepOf({ second_factor: 'enroll', challenge: 'c', totp: null })).toBeNull();
  });
});
