import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of the season transfer limit's page (the transfer limit and the resale fee of each
 * season ticket), in its chunk (addMessages). The staff app's main bundle carries only the menu
 * entry and the limit's name (i18n/it.ts, en.ts), which the season ticket's page shows too.
 */
export const seasonTransferLimitMessages: MessageBundle = {
  it: {
    pages: {
      season_transfer_limit: {
        title: 'Limite cessioni abbonamento',
        subtitle:
          "Per ogni abbonamento, quante delle sue partite un abbonato può cedere a un'altra persona (il suo posto, per una partita alla volta; 0: nessuna), e quanto trattiene il club da ogni posto che un abbonato rivende al valore nominale.",
        empty: 'Nessun abbonamento. Gli abbonamenti arrivano dal sistema di biglietteria insieme alle partite.',
        input: 'Limite cessioni di %{name}',
        invalid: 'Scrivi un numero intero di partite, da 0 a 100.',
        refused: 'Limite rifiutato dal server: %{message}',
        saved:
          'Limite cessioni di %{name} salvato: %{smart_count} partita. |||| Limite cessioni di %{name} salvato: %{smart_count} partite.',
        failed: 'Impossibile salvare il limite cessioni. Riprova tra poco.',
        limit_label: 'Limite cessioni',
        save_limit: 'Salva limite cessioni di %{name}',
        card_facts: '%{label} · %{smart_count} partita |||| %{label} · %{smart_count} partite',
        fee: {
          column: 'Commissione rivendita',
          label: 'Commissione rivendita',
          input: 'Commissione rivendita di %{name}',
          invalid: 'Scrivi un importo in euro da 0 a 1000, con al più due decimali (per esempio 2,50).',
          refused: 'Commissione rifiutata dal server: %{message}',
          saved: 'Commissione rivendita di %{name} salvata: %{amount}.',
          failed: 'Impossibile salvare la commissione rivendita. Riprova tra poco.',
          save: 'Salva commissione rivendita di %{name}',
        },
      },
    },
  },
  en: {
    pages: {
      season_transfer_limit: {
        title: 'Season transfer limit',
        subtitle:
          'For each season ticket, how many of its matches a holder may pass on to someone else (their seat, one match at a time; 0: none), and how much the club keeps from each seat a holder resells at face value.',
        empty: 'No season ticket. Season tickets come from the ticketing system with the matches.',
        input: 'Transfer limit of %{name}',
        invalid: 'Type a whole number of matches, from 0 to 100.',
        refused: 'Limit refused by the server: %{message}',
        saved:
          'Transfer limit of %{name} saved: %{smart_count} match. |||| Transfer limit of %{name} saved: %{smart_count} matches.',
        failed: 'Could not save the transfer limit. Please try again shortly.',
        limit_label: 'Transfer limit',
        save_limit: 'Save the transfer limit of %{name}',
        card_facts: '%{label} · %{smart_count} match |||| %{label} · %{smart_count} matches',
        fee: {
          column: 'Resale fee',
          label: 'Resale fee',
          input: 'Resale fee of %{name}',
          invalid: 'Type an amount in euros from 0 to 1000, with at most two decimals (e.g. 2.50).',
          refused: 'Fee refused by the server: %{message}',
          saved: 'Resale fee of %{name} saved: %{amount}.',
          failed: 'Could not save the resale fee. Please try again shortly.',
          save: 'Save the resale fee of %{name}',
        },
      },
    },
  },
};
