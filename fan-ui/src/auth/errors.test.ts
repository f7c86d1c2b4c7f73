import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n from '../i18n';
import { apiErrorText } from './errors';

describe('apiErrorText', () => {
  it('says a refusal for maintenance in the fan\'s words, in Italian and English', async () => {
    const refused = new ApiError(503, 'maintenance', 'The ticket office is in maintenance');
    expect(apiErrorText(i18n.t.bind(i18n), refused)).toBe('La biglietteria è in aggiornamento: riprova tra poco.');
    await i18n.changeLanguage('en');
    expect(apiErrorText(i18n.t.bind(i18n), refused)).toBe('The ticket office is being updated: try again shortly.');
  });

  it('says anything unexpected as a generic "try again"', () => {
    expect(apiErrorText(i18n.t.bind(i18n), new ApiError(500, 'internal', 'boom'))).toBe('Qualcosa è andato storto. Riprova tra poco.');
  });
});
