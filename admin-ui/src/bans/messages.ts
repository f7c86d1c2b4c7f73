import type { MessageBundle, MessageTree } from '../i18n/i18nProvider';

/**
 * The strings of the bans of e-mails and of titles: their lists, forms and pages, in their pages'
 * chunk (addMessages). The staff app's main bundle carries only the menu entries (i18n/it.ts,
 * en.ts). What both kinds share is under `resources.bans`; each resource (`bans/titles`,
 * `bans/emails`) has its name, its fields (react-admin's labels) and its notifications.
 */

const itFields = {
  id: 'ID',
  state: 'Stato',
  start_at: 'Inizio',
  end_at: 'Fine',
  reason: 'Motivo',
  created_at: 'Creato il',
  created_by: 'Creato da',
  lifted_at: 'Revocato il',
};

const enFields = {
  id: 'ID',
  state: 'State',
  start_at: 'Start',
  end_at: 'End',
  reason: 'Reason',
  created_at: 'Created on',
  created_by: 'Created by',
  lifted_at: 'Lifted on',
};

const itNotifications = { created: 'Ban creato', updated: 'Ban aggiornato' };
const enNotifications = { created: 'Ban created', updated: 'Ban updated' };

const it: MessageTree = {
  resources: {
    bans: {
      states: {
        active: 'Attivo',
        scheduled: 'Programmato',
        expired: 'Scaduto',
        lifted: 'Revocato',
      },
      mirror: {
        pending: 'In invio',
        done: 'Registrato',
        failed: 'Non registrato',
        hint: 'Il ban sul sistema di biglietteria, che lo applica al titolare del titolo.',
      },
      empty: 'Nessun ban da mostrare.',
      no_end: 'Senza scadenza',
      deleted_account: 'Account eliminato',
      create: 'Nuovo ban',
      title: 'Ban · %{subject}',
      sections: {
        ban: 'Ban',
        title: 'Titolo',
      },
      help: {
        start_at: 'Ora italiana. Lascia vuoto per farlo partire subito.',
        start_at_edit: 'Ora italiana.',
        end_at: 'Ora italiana. Lascia vuoto per un ban senza scadenza.',
        reason: 'Al massimo 500 caratteri. Resta nel registro delle operazioni; il tifoso non lo vede.',
        email: "L'e-mail non potrà accedere, comprare né ricevere titoli ceduti o rivenduti.",
        seal: 'Il sigillo fiscale del titolo: non potrà essere ceduto, rivenduto né scaricato nel wallet. Il ban va anche al sistema di biglietteria.',
      },
      lifted_read_only: 'Il ban è stato revocato: non si può più modificare.',
      lift: {
        button: 'Revoca',
        title: 'Revocare il ban di %{subject}?',
        content_emails:
          "L'e-mail %{subject} potrà di nuovo accedere, comprare e ricevere titoli. La revoca resta nel registro delle operazioni e il ban non si potrà più modificare.",
        content_titles:
          'Il titolo %{subject} potrà di nuovo essere ceduto, rivenduto e scaricato nel wallet; la revoca va anche al sistema di biglietteria. Il ban non si potrà più modificare.',
        keep: 'Non revocare',
        done: 'Ban di %{subject} revocato.',
      },
      export: {
        button: 'Esporta in Excel',
        hint: 'I ban della lista, con i filtri scelti, in un foglio Excel.',
      },
      errors: {
        email_invalid: 'Non è un indirizzo e-mail valido.',
        seal_invalid: 'Non è un sigillo fiscale valido (da 4 a 40 lettere e cifre).',
        unknown_title: 'Nessun nostro titolo ha questo sigillo fiscale.',
        before_start: "La fine deve venire dopo l'inizio.",
        required: 'Obbligatorio.',
        invalid: 'Valore non valido.',
        reason_required: 'Scrivi il motivo del ban.',
        reason_too_long: 'Il motivo può avere al massimo 500 caratteri.',
        ban_lifted: 'Il ban è già stato revocato: i dati sono stati aggiornati.',
        not_found: 'Ban non trovato.',
        lift_failed: 'Impossibile revocare il ban. Riprova tra poco.',
        save_failed: 'Impossibile salvare il ban. Riprova tra poco.',
        export_failed: 'Impossibile scaricare il foglio Excel. Riprova tra poco.',
      },
    },
    'bans/titles': {
      name: 'Ban di titolo |||| Ban titoli',
      list_title: 'Ban titoli',
      create_title: 'Nuovo ban di titolo',
      search: 'Cerca un sigillo fiscale',
      fields: {
        ...itFields,
        seal: 'Sigillo fiscale',
        holder_name: 'Titolare',
        event: 'Partita o abbonamento',
        mirror: 'Sistema di biglietteria',
        planet_ban_id: 'ID del ban sul sistema di biglietteria',
      },
      notifications: itNotifications,
    },
    'bans/emails': {
      name: 'Ban di e-mail |||| Ban e-mail',
      list_title: 'Ban e-mail',
      create_title: 'Nuovo ban di e-mail',
      search: "Cerca un'e-mail",
      fields: {
        ...itFields,
        email: 'E-mail',
      },
      notifications: itNotifications,
    },
  },
};

const en: MessageTree = {
  resources: {
    bans: {
      states: {
        active: 'Active',
        scheduled: 'Scheduled',
        expired: 'Expired',
        lifted: 'Lifted',
      },
      mirror: {
        pending: 'Sending',
        done: 'Recorded',
        failed: 'Not recorded',
        hint: "The ban on the ticketing system, which applies it to the title's holder.",
      },
      empty: 'No ban to show.',
      no_end: 'No end',
      deleted_account: 'Account deleted',
      create: 'New ban',
      title: 'Ban · %{subject}',
      sections: {
        ban: 'Ban',
        title: 'Title',
      },
      help: {
        start_at: 'Italian time. Leave empty to start it now.',
        start_at_edit: 'Italian time.',
        end_at: 'Italian time. Leave empty for a ban with no end.',
        reason: 'At most 500 characters. It stays in the audit log; the fan does not see it.',
        email: 'The e-mail will not be able to sign in, buy, or receive titles passed on or resold.',
        seal: "The title's fiscal seal: it will not be able to be passed on, resold or downloaded to a wallet. The ban goes to the ticketing system too.",
      },
      lifted_read_only: 'The ban has been lifted: it can no longer be changed.',
      lift: {
        button: 'Lift',
        title: 'Lift the ban on %{subject}?',
        content_emails:
          'The e-mail %{subject} will be able to sign in, buy and receive titles again. The lifting stays in the audit log and the ban can no longer be changed.',
        content_titles:
          'The title %{subject} will be able to be passed on, resold and downloaded to a wallet again; the lifting goes to the ticketing system too. The ban can no longer be changed.',
        keep: 'Keep the ban',
        done: 'Ban on %{subject} lifted.',
      },
      export: {
        button: 'Export to Excel',
        hint: 'The bans of the list, with the chosen filters, in an Excel sheet.',
      },
      errors: {
        email_invalid: 'Not a valid e-mail address.',
        seal_invalid: 'Not a valid fiscal seal (4 to 40 letters and digits).',
        unknown_title: 'None of our titles has this fiscal seal.',
        before_start: 'The end must come after the start.',
        required: 'Required.',
        invalid: 'Not a valid value.',
        reason_required: 'Write the reason for the ban.',
        reason_too_long: 'The reason may be at most 500 characters long.',
        ban_lifted: 'The ban had already been lifted: the data has been refreshed.',
        not_found: 'Ban not found.',
        lift_failed: 'Could not lift the ban. Please try again shortly.',
        save_failed: 'Could not save the ban. Please try again shortly.',
        export_failed: 'Could not download the Excel sheet. Please try again shortly.',
      },
    },
    'bans/titles': {
      name: 'Title ban |||| Title bans',
      list_title: 'Title bans',
      create_title: 'New title ban',
      search: 'Search a fiscal seal',
      fields: {
        ...enFields,
        seal: 'Fiscal seal',
        holder_name: 'Holder',
        event: 'Match or season',
        mirror: 'Ticketing system',
        planet_ban_id: "The ticketing system's ban ID",
      },
      notifications: enNotifications,
    },
    'bans/emails': {
      name: 'E-mail ban |||| E-mail bans',
      list_title: 'E-mail bans',
      create_title: 'New e-mail ban',
      search: 'Search an e-mail',
      fields: {
        ...enFields,
        email: 'E-mail',
      },
      notifications: enNotifications,
    },
  },
};

export const banMessages: MessageBundle = { it, en };
