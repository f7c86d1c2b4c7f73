import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n, { SUPPORTER_CARD_NS } from '../i18n';
import { cardFieldText, supporterCardErrorText } from './errors';
import { cardProblems, normaliseCardNumber, normalisedCard } from './rules';

// The cards' words in their namespace (in the language of the moment), the app's in its own.
const texts = { t: i18n.getFixedT(null, SUPPORTER_CARD_NS), appText: i18n.t.bind(i18n) };

beforeAll(async () => {
  await i18n.loadNamespaces(SUPPORTER_CARD_NS);
});

describe('supporterCardErrorText', () => {
  it.each([
    ['card_not_found', 'We cannot find a card with this number and birth date: check both against the card.'],
    ['card_not_valid', 'This card is not valid: it has been revoked or has expired.'],
    ['card_already_yours', 'This card is already in your account.'],
    ['card_taken', 'This card is already linked to another account.'],
    ['too_many_cards', 'You already have the maximum of 10 cards: remove one to add another.'],
    ['rate_limited', 'Too many card checks in a short time: wait 15 minutes and try again.'],
    ['ticketing_unavailable', 'We cannot check the card right now: try again shortly.'],
    ['not_found', 'This card is no longer in your account.'],
  ])('translates %s, in English too', async (code, english) => {
    const error = new ApiError(409, code, 'English');
    const italian = supporterCardErrorText(texts, error);
    expect(italian).not.toBe(english);
    await i18n.changeLanguage('en');
    expect(supporterCardErrorText(texts, error)).toBe(english);
    // The same words when the API names the code on the card number.
    expect(cardFieldText(texts, 'card_number', code)).toBe(english);
  });

  it('leaves any other failure to the generic words', () => {
    expect(supporterCardErrorText(texts, new ApiError(0, 'network_error', 'offline'))).toBe(
      'Impossibile raggiungere la biglietteria. Controlla la connessione e riprova.',
    );
    expect(cardFieldText(texts, 'birth_date', 'something_new')).toBe('Valore non valido.');
  });
});

describe('the card form', () => {
  it('normalises the number as the API does', () => {
    expect(normaliseCardNumber(' tf 0000-000 001 ')).toBe('TF0000000001');
    expect(normalisedCard({ card_number: 'tf-12 34 56', birth_date: ' 1990-04-01 ' })).toEqual({
      card_number: 'TF123456',
      birth_date: '1990-04-01',
    });
  });

  it.each([
    [{ card_number: '', birth_date: '' }, { card_number: 'required', birth_date: 'required' }],
    [{ card_number: 'TF01', birth_date: '1990-02-30' }, { card_number: 'invalid', birth_date: 'invalid' }],
    [{ card_number: 'TF0000000001', birth_date: '2026-11-24' }, { birth_date: 'invalid' }],
    [{ card_number: 'TF0000000001', birth_date: '2026-11-23' }, {}],
  ])('checks %j', (card, problems) => {
    expect(cardProblems(card, '2026-11-24')).toEqual(problems);
  });
});
