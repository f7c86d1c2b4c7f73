import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The strings of the season transfer limit's page, in its chunk (addMessages). The staff app's
 * main bundle carries only the menu entry and the field's name (i18n/it.ts, en.ts), which the
 * season ticket's page shows too.
 */
export const seasonTransferLimitMessages: MessageBundle = {
  it: {
    pages: {
      season_transfer_limit: {
        title: 'Limite cessioni abbonamento',
        subtitle:
          "Per ogni abbonamento, quante delle sue partite un abbonato può cedere a un'altra persona (il suo posto, per una partita alla volta). 0: nessuna.",
        empty: 'Nessun abbonamento. Gli abbonamenti arrivano dal sistema di biglietteria insieme alle partite.',
        input: 'Limite cessioni di %{name}',
        invalid: 'Scrivi un numero intero di partite, da 0 a 100.',
        refused: 'Limite rifiutato dal server: %{message}',
        saved:
          'Limite cessioni di %{name} salvato: %{smart_count} partita. |||| Limite cessioni di %{name} salvato: %{smart_count} partite.',
        failed: 'Impossibile salvare il limite cessioni. Riprova tra poco.',
      },
    },
  },
  en: {
    pages: {
      season_transfer_limit: {
        title: 'Season transfer limit',
        subtitle:
          'For each season ticket, how many of its matches a holder may pass on to someone else (their seat, one match at a time). 0: none.',
        empty: 'No season ticket. Season tickets come from the ticketing system with the matches.',
        input: 'Transfer limit of %{name}',
        invalid: 'Type a whole number of matches, from 0 to 100.',
        refused: 'Limit refused by the server: %{message}',
        saved:
          'Transfer limit of %{name} saved: %{smart_count} match. |||| Transfer limit of %{name} saved: %{smart_count} matches.',
        failed: 'Could not save the transfer limit. Please try again shortly.',
      },
    },
  },
};
