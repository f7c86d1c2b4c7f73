import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of staff's refunds of issued tickets (an order's "Rimborsi" section), in their
 * pages' chunk (addMessages): the staff app's main bundle stays within its budget.
 */
export const refundMessages: MessageBundle = {
  it: {
    resources: {
      'refund-requests': {
        name: 'Richiesta di rimborso |||| Richieste di rimborso',
        empty: 'Nessuna richiesta di rimborso da mostrare.',
        fields: {
          created_at: 'Data',
          fixture: 'Partita',
          fixture_id: 'Partita',
          buyer_email: 'E-mail acquirente',
          tickets: 'Biglietti',
          amount_cents: 'Importo',
          reason: 'Motivo',
          state: 'Stato',
          actions: 'Azioni',
        },
        states: {
          pending: 'Da decidere',
          approved: 'Approvata',
          declined: 'Rifiutata',
        },
        approve: 'Approva',
        decline: 'Rifiuta',
        approve_title: 'Approvare il rimborso?',
        approve_help:
          '%{smart_count} biglietto di %{email} per %{title} verrà annullato e rimborsato. |||| I %{smart_count} biglietti di %{email} per %{title} verranno annullati e rimborsati.',
        decline_title: 'Rifiutare la richiesta?',
        decline_help: "%{email} riceverà la risposta, con la nota se la scrivi.",
        note: 'Nota per il tifoso (facoltativa)',
        approved: 'Richiesta approvata: rimborso avviato.',
        declined: 'Richiesta rifiutata.',
        errors: {
          request_not_pending: 'Qualcuno ha già deciso questa richiesta: la lista è stata aggiornata.',
        },
      },
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
      'refund-requests': {
        name: 'Refund request |||| Refund requests',
        empty: 'No refund request to show.',
        fields: {
          created_at: 'Date',
          fixture: 'Match',
          fixture_id: 'Match',
          buyer_email: 'Buyer e-mail',
          tickets: 'Tickets',
          amount_cents: 'Amount',
          reason: 'Reason',
          state: 'State',
          actions: 'Actions',
        },
        states: {
          pending: 'To decide',
          approved: 'Approved',
          declined: 'Declined',
        },
        approve: 'Approve',
        decline: 'Decline',
        approve_title: 'Approve the refund?',
        approve_help:
          "%{email}'s %{smart_count} ticket for %{title} will be cancelled and refunded. |||| %{email}'s %{smart_count} tickets for %{title} will be cancelled and refunded.",
        decline_title: 'Decline the request?',
        decline_help: '%{email} will get the answer, with the note if you write one.',
        note: 'Note for the fan (optional)',
        approved: 'Request approved: refund started.',
        declined: 'Request declined.',
        errors: {
          request_not_pending: 'Someone already decided this request: the list has been read again.',
        },
      },
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
