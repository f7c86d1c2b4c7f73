import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of staff's refunds of issued tickets (an order's "Rimborsi" section), in their
 * pages' chunk (addMessages): the staff app's main bundle stays within its budget.
 */
export const refundMessages: MessageBundle = {
  it: {
    resources: {
      refunds: {
        title: 'Rimborsi',
        none: 'Nessun rimborso per questo ordine.',
        refund: 'Rimborsa biglietti',
        dialog_title: 'Rimborsa biglietti',
        help: 'I biglietti scelti vengono annullati nel sistema di biglietteria e il loro prezzo torna sulla carta del cliente.',
        tickets: 'Biglietti da rimborsare',
        no_live: 'Nessun biglietto ancora valido da rimborsare.',
        choose_one: 'Scegli almeno un biglietto.',
        reason: 'Motivo',
        reason_required: 'Scrivi il motivo (massimo 500 caratteri).',
        submit: 'Rimborsa',
        total: 'Totale: %{amount}',
        started: 'Rimborso avviato.',
        seat: 'Fila %{row}, posto %{number}',
        fields: {
          created_at: 'Data',
          tickets: 'Biglietti',
          amount: 'Importo',
          reason: 'Motivo',
          state: 'Stato',
        },
        states: {
          requested: 'In corso',
          done: 'Rimborsato',
        },
        errors: {
          not_issued: "L'ordine non è emesso: non si può rimborsare.",
          nothing_to_refund: 'Nessun biglietto ancora valido da rimborsare.',
          lines_not_refundable: 'Alcuni biglietti scelti non si possono più rimborsare (già annullati o usati).',
          transfer_in_progress: 'Un cambio nominativo è in corso su questi biglietti: riprova quando sarà finito.',
          generic: 'Il rimborso non è partito: riprova.',
        },
      },
    },
  },
  en: {
    resources: {
      refunds: {
        title: 'Refunds',
        none: 'No refund for this order.',
        refund: 'Refund tickets',
        dialog_title: 'Refund tickets',
        help: "The chosen tickets are cancelled in the ticketing system and their price goes back to the customer's card.",
        tickets: 'Tickets to refund',
        no_live: 'No ticket still valid to refund.',
        choose_one: 'Choose at least one ticket.',
        reason: 'Reason',
        reason_required: 'Write the reason (500 characters at most).',
        submit: 'Refund',
        total: 'Total: %{amount}',
        started: 'Refund started.',
        seat: 'Row %{row}, seat %{number}',
        fields: {
          created_at: 'Date',
          tickets: 'Tickets',
          amount: 'Amount',
          reason: 'Reason',
          state: 'State',
        },
        states: {
          requested: 'In progress',
          done: 'Refunded',
        },
        errors: {
          not_issued: 'The order is not issued: it cannot be refunded.',
          nothing_to_refund: 'No ticket still valid to refund.',
          lines_not_refundable: 'Some of the chosen tickets can no longer be refunded (already cancelled or used).',
          transfer_in_progress: 'A change of holder is under way on these tickets: try again when it is over.',
          generic: 'The refund did not start: try again.',
        },
      },
    },
  },
};
