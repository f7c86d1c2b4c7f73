import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { CORPORATE_NS } from '../i18n';
import { CORPORATE_FIELD_CODES, corporateFieldText, corporateRequestProblems, normalisedRequest } from './rules';
import { requestStatus } from './types';

// The request's words in their namespace, the app's in its own.
const texts = { t: i18n.getFixedT(null, CORPORATE_NS), appText: i18n.t.bind(i18n) };

beforeAll(async () => {
  await i18n.loadNamespaces(CORPORATE_NS);
});

describe('the corporate request form', () => {
  const fields = Object.entries(CORPORATE_FIELD_CODES) as [keyof typeof CORPORATE_FIELD_CODES, readonly string[]][];

  it('has words for every code each field may get, in Italian and English', () => {
    for (const language of ['it', 'en']) {
      for (const [field, codes] of fields) {
        for (const code of codes) {
          expect(i18n.exists(`registerCompany.fieldErrors.${field}.${code}`, { lng: language, ns: CORPORATE_NS }), `${language} ${field} ${code}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('reads an unknown code as "not valid"', () => {
    expect(corporateFieldText(texts, 'phone', 'duplicate')).toBe('Valore non valido.');
    expect(corporateFieldText(texts, 'phone', 'invalid')).toBe(
      'Numero non valido: da 6 a 20 cifre, con spazi e un + iniziale facoltativi.',
    );
  });

  it('trims what is sent and checks the required fields and the e-mail', () => {
    const form = normalisedRequest({
      company_name: ' Lario ',
      vat_number: ' ',
      company_email: 'info@lario',
      contact_name: 'Giulia',
      phone: ' +39 031 ',
      message: '  ',
    });
    expect(form).toEqual({
      company_name: 'Lario',
      vat_number: '',
      company_email: 'info@lario',
      contact_name: 'Giulia',
      phone: '+39 031',
      message: '',
    });
    expect(corporateRequestProblems(form)).toEqual({ vat_number: 'required', company_email: 'invalid' });
  });

  it.each([
    [0, 'received'],
    [1, 'approved'],
    [2, 'declined'],
    [7, 'received'],
  ])('reads status %i as %s', (status, name) => {
    expect(requestStatus(status)).toBe(name);
  });
});
