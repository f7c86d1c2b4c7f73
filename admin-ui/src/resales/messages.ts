import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of the resales at face value (rivendite): their list and an offer's page, in their
 * pages' chunk (addMessages). The staff app's main bundle carries only the menu entry (i18n/it.ts,
 * en.ts).
 */
export const resaleMessages: MessageBundle = {
  it: {
    resources: {
      resales: {
        name: 'Rivendita |||| Rivendite',
        empty: 'Nessuna rivendita da mostrare.',
        title: 'Rivendita %{code}',
        fields: {
          id: 'ID',
          code: 'Codice',
          state: 'Stato',
          fixture_id: 'Partita',
          fixture_title: 'Partita',
          starts_at: 'Inizio partita',
          seat: 'Posto',
          sector_name: 'Settore',
          seat_label: 'Posto',
          row: 'Fila',
          number: 'Numero',
          gate: 'Varco',
          face_value_cents: 'Valore nominale',
          price_cents: 'Prezzo',
          fee_cents: 'Commissione',
          payout_cents: 'Al venditore',
          deadline: 'Scadenza',
          paid_out_at: 'Pagato al venditore',
          created_at: 'Messa in vendita',
          actions: 'Azioni',
        },
        states: {
          listed: 'In vendita',
          sold: 'Venduta',
          completed: 'Completata',
          failed: 'Non riuscita',
          withdrawn: 'Ritirata',
          expired: 'Scaduta',
          cancelled: 'Annullata',
        },
        seat: 'Fila %{row}, posto %{number}',
        face_value: 'nominale %{amount}',
        reserved: 'un acquirente paga, fino al %{time}',
        created: 'messa in vendita il %{time}',
        payout: {
          manual: 'Da pagare a mano',
          manual_hint:
            "L'abbonato non ha pagato l'abbonamento con carta: il rimborso non è partito da solo, va pagato dalla biglietteria.",
          paid_manually: 'Pagato a mano il %{time}',
        },
        sections: {
          offer: 'Rivendita',
          seat: 'Posto',
          money: 'Importi',
        },
        cancel: {
          button: 'Annulla rivendita',
          title: 'Annullare la rivendita %{code}?',
          content:
            "Il posto %{seat} per %{title} esce subito dalla rivendita e la partita resta all'abbonato. Se un acquirente lo sta pagando, il pagamento gli viene rimborsato.",
          keep: 'Lascia in vendita',
          done: 'Rivendita %{code} annullata.',
        },
        record_payout: {
          button: 'Segna come pagato',
          title: 'Segnare come pagato il venditore della rivendita %{code}?',
          content:
            'Confermi che al venditore del posto %{seat} per %{title} sono stati pagati a mano %{amount}. La rivendita non risulterà più da pagare e la registrazione resta nel registro delle operazioni.',
          keep: 'Non ancora',
          done: 'Rivendita %{code}: pagamento a mano registrato.',
        },
        errors: {
          offer_closed: 'La rivendita non è più in vendita (venduta, ritirata, scaduta o già annullata): la lista è stata aggiornata.',
          not_found: 'Rivendita non trovata.',
          cancel_failed: 'Impossibile annullare la rivendita. Riprova tra poco.',
          no_manual_payout:
            'La rivendita non ha un pagamento a mano da registrare (già registrato, rimborsata sulla carta o non completata): i dati sono stati aggiornati.',
          payout_failed: 'Impossibile registrare il pagamento. Riprova tra poco.',
        },
      },
    },
  },
  en: {
    resources: {
      resales: {
        name: 'Resale |||| Resales',
        empty: 'No resale to show.',
        title: 'Resale %{code}',
        fields: {
          id: 'ID',
          code: 'Code',
          state: 'State',
          fixture_id: 'Match',
          fixture_title: 'Match',
          starts_at: 'Kick-off',
          seat: 'Seat',
          sector_name: 'Sector',
          seat_label: 'Seat',
          row: 'Row',
          number: 'Number',
          gate: 'Gate',
          face_value_cents: 'Face value',
          price_cents: 'Price',
          fee_cents: 'Fee',
          payout_cents: 'To the seller',
          deadline: 'Deadline',
          paid_out_at: 'Paid to the seller',
          created_at: 'Listed on',
          actions: 'Actions',
        },
        states: {
          listed: 'Listed',
          sold: 'Sold',
          completed: 'Completed',
          failed: 'Failed',
          withdrawn: 'Withdrawn',
          expired: 'Expired',
          cancelled: 'Cancelled',
        },
        seat: 'Row %{row}, seat %{number}',
        face_value: 'face value %{amount}',
        reserved: 'a buyer is paying, until %{time}',
        created: 'listed on %{time}',
        payout: {
          manual: 'To pay by hand',
          manual_hint:
            'The holder did not pay for the season ticket by card: the refund did not start by itself, the ticket office pays it.',
          paid_manually: 'Paid by hand on %{time}',
        },
        sections: {
          offer: 'Resale',
          seat: 'Seat',
          money: 'Amounts',
        },
        cancel: {
          button: 'Cancel resale',
          title: 'Cancel the resale %{code}?',
          content:
            'The seat %{seat} for %{title} leaves the resale at once and the match stays the holder’s. If a buyer is paying for it, their payment is refunded.',
          keep: 'Keep it listed',
          done: 'Resale %{code} cancelled.',
        },
        record_payout: {
          button: 'Mark as paid',
          title: 'Mark the seller of the resale %{code} as paid?',
          content:
            'You confirm that the seller of the seat %{seat} for %{title} was paid %{amount} by hand. The resale will no longer show as to be paid, and the record stays in the audit log.',
          keep: 'Not yet',
          done: 'Resale %{code}: payment by hand recorded.',
        },
        errors: {
          offer_closed: 'The resale is no longer listed (sold, withdrawn, expired or already cancelled): the list has been refreshed.',
          not_found: 'Resale not found.',
          cancel_failed: 'Could not cancel the resale. Please try again shortly.',
          no_manual_payout:
            'The resale has no payment by hand to record (already recorded, refunded on the card, or not completed): the data has been refreshed.',
          payout_failed: 'Could not record the payment. Please try again shortly.',
        },
      },
    },
  },
};
