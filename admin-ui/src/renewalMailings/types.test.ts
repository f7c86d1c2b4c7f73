import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { isMailingInProgress, mailingFailureKey, mailingProgress } from './types';

describe('mailingProgress', () => {
  const at = (state: string, total: number, sent: number) => ({ state, total, sent });

  it('counts the e-mails sent of those to send, 100 once done', () => {
    expect(mailingProgress(at('queued', 40, 0))).toBe(0);
    expect(mailingProgress(at('running', 40, 12))).toBe(30);
    expect(mailingProgress(at('failed', 0, 0))).toBe(0);
    expect(mailingProgress(at('done', 0, 0))).toBe(100);
  });

  it('is read again while queued or running only', () => {
    expect(['queued', 'running', 'done', 'failed'].map((state) => isMailingInProgress({ state }))).toEqual([true, true, false, false]);
  });
});

describe('mailingFailureKey', () => {
  it('says a season ticket that is gone, else our words for the code or that it could not start', () => {
    const gone = new ApiRequestError(404, 'No such season ticket', { code: 'target_not_found', message: 'No such season ticket', errors: {} });
    expect(mailingFailureKey(gone)).toBe('resources.renewal-mailings.errors.target_not_found');
    expect(mailingFailureKey(new ApiRequestError(403, 'Forbidden', { code: 'forbidden', message: 'Forbidden', errors: {} }))).toBe(
      'app.errors.forbidden',
    );
    expect(mailingFailureKey(new ApiRequestError(500, 'Boom'))).toBe('resources.renewal-mailings.errors.send_failed');
  });
});
