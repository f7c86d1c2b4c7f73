import { describe, expect, it } from 'vitest';
import { normalisedPhone, phoneIsValid } from './phone';

describe('normalisedPhone', () => {
  it.each([
    ['+39 333 1234567', '+393331234567'],
    ['3331234567', '+393331234567'],
    ['333-123 45 67', '+393331234567'],
    ['0041 79 123 45 67', '+41791234567'],
    ['+44 (20) 7946 0958', '+442079460958'],
    ['   ', ''],
  ])('reads %j as %j', (typed, sent) => {
    expect(normalisedPhone(typed)).toBe(sent);
  });
});

describe('phoneIsValid', () => {
  it.each(['+393331234567', '+39031234567', '+39123456', '+41791234567', '+12025550123'])('accepts %s', (phone) => {
    expect(phoneIsValid(phone)).toBe(true);
  });

  it.each([
    ['too few digits after +39', '+3912345'],
    ['too many digits after +39', '+39123456789012'],
    ['too few digits abroad', '+4179123'],
    ['too many digits abroad', '+4179123456789012'],
    ['no plus', '393331234567'],
    ['a letter', '+39333123456A'],
    ['a zero after the plus', '+0393331234567'],
    ['nothing', ''],
  ])('refuses %s', (_why, phone) => {
    expect(phoneIsValid(phone)).toBe(false);
  });
});
