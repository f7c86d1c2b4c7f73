import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n from '../i18n';
import { checkoutErrorText, lineIdsWithSeat, PAYMENT_UNKNOWN } from './errors';

const failure = (code: string, details: Record<string, unknown> = {}) => new ApiError(409, code, 'English', {}, details);

describe('checkoutErrorText', () => {
  const t = i18n.t.bind(i18n);

  it.each([
    ['nothing_held', 'Non hai più posti bloccati per questa partita: scegli di nuovo i posti.', 'You no longer hold any seats for this match: choose your seats again.'],
    ['fixture_not_found', 'Questa partita non esiste o non è in vendita.', 'This match does not exist or is not on sale.'],
    ['order_not_found', "Quest'ordine non esiste o non è tuo.", 'This order does not exist or is not yours.'],
    ['validation_failed', 'Controlla i dati inseriti.', 'Please check what you entered.'],
    ['holder_has_seat', 'Una delle persone indicate ha già un posto per questa partita, o è indicata due volte.', 'One of the people named already has a seat for this match, or is named twice.'],
    ['order_not_pending', "Quest'ordine non è più in attesa di pagamento.", 'This order is no longer waiting for payment.'],
    ['holders_missing', 'Indica prima i titolari di tutti i biglietti.', 'Name the holders of all the tickets first.'],
    ['ticketing_unavailable', 'Non riusciamo a verificare i titolari in questo momento: riprova tra poco.', 'We cannot check the holders right now: try again shortly.'],
    ['hold_expired', 'Il tempo per pagare è scaduto e i posti sono stati liberati.', 'The time to pay has run out and the seats were released.'],
    ['free_order', "Quest'ordine non costa nulla: confermalo senza pagare.", 'This order costs nothing: confirm it without paying.'],
    ['payments_unavailable', 'Il servizio di pagamento non è disponibile: riprova tra poco.', 'The payment service is unavailable: try again shortly.'],
    ['payment_declined', 'Il pagamento è stato rifiutato.', 'The payment was declined.'],
    ['payment_pending', 'Il pagamento è ancora in elaborazione: riprova tra qualche secondo.', 'The payment is still being processed: try again in a few seconds.'],
    ['not_free', "Quest'ordine non è gratuito: va pagato.", 'This order is not free: it has to be paid.'],
    ['ticket_not_found', 'Questo biglietto non esiste o non è tuo.', 'This ticket does not exist or is not yours.'],
    [PAYMENT_UNKNOWN, 'Non troviamo questo pagamento. Se ti è stato addebitato, contatta la biglietteria.', 'We cannot find this payment. If you were charged, contact the ticket office.'],
    ['unauthenticated', 'La sessione è scaduta: accedi di nuovo.', 'Your session has ended: please sign in again.'],
  ])('translates %s in Italian and English', async (code, italian, english) => {
    expect(checkoutErrorText(t, failure(code))).toBe(italian);
    await i18n.changeLanguage('en');
    expect(checkoutErrorText(t, failure(code))).toBe(english);
  });

  it('leaves anything else to the generic words', () => {
    expect(checkoutErrorText(t, new Error('boom'))).toBe('Qualcosa è andato storto. Riprova tra poco.');
    expect(checkoutErrorText(t, failure('something_new'))).toBe('Qualcosa è andato storto. Riprova tra poco.');
  });
});

describe('lineIdsWithSeat', () => {
  it('reads the lines a holder_has_seat names, and nothing from anything else', () => {
    expect(lineIdsWithSeat(failure('holder_has_seat', { line_ids: [11, 'x', 12] }))).toEqual([11, 12]);
    expect(lineIdsWithSeat(failure('order_not_pending', { line_ids: [11] }))).toEqual([]);
    expect(lineIdsWithSeat(new Error('boom'))).toEqual([]);
  });
});
