import type { MessageBundle, MessageTree } from '../i18n/i18nProvider';

/**
 * The strings of the club's blacklist: its list, its form and an entry's page, in its pages'
 * chunk (addMessages). The staff app's main bundle carries only the menu entry (i18n/it.ts,
 * en.ts). The resource `blacklist` has its name, its fields (react-admin's labels), its
 * notifications and the rest of its words.
 */

const it: MessageTree = {
  resources: {
    blacklist: {
      name: 'Persona in blacklist |||| Blacklist',
      list_title: 'Blacklist',
      create_title: 'Aggiungi una persona alla blacklist',
      title: 'Blacklist · %{name}',
      create: 'Aggiungi alla blacklist',
      current_only: 'Solo in vigore',
      empty: 'Nessuna persona da mostrare.',
      deleted_account: 'Account eliminato',
      fields: {
        id: 'ID',
        first_name: 'Nome',
        last_name: 'Cognome',
        birth_date: 'Data di nascita',
        fiscal_code: 'Codice fiscale',
        reason: 'Motivo',
        created_at: 'Aggiunto il',
        created_by: 'Da',
        state: 'Stato',
        removed_at: 'Rimosso il',
        mirror: 'Sistema di biglietteria',
      },
      states: {
        current: 'In vigore',
        removed: 'Rimosso',
      },
      mirror: {
        pending: 'Da inviare',
        done: 'Registrato',
        failed: 'Non riuscito',
        hint: "L'ultima modifica sul sistema di biglietteria, che rifiuta di emettere titoli a chi è in blacklist.",
      },
      sections: {
        person: 'Persona',
        entry: 'Blacklist',
      },
      help: {
        fiscal_code: 'Facoltativo. Se lo scrivi, viene controllato.',
        reason: 'Al massimo 500 caratteri. Resta nel registro delle operazioni.',
      },
      notifications: {
        created: 'Persona aggiunta alla blacklist',
      },
      remove: {
        button: 'Rimuovi dalla blacklist',
        title: 'Rimuovere %{name} dalla blacklist?',
        content:
          'Il club e il sistema di biglietteria potranno di nuovo vendere titoli a %{name}. La rimozione resta nel registro delle operazioni e non si può annullare: per rimettere la persona in blacklist serve una nuova aggiunta.',
        keep: 'Non rimuovere',
        done: '%{name} non è più in blacklist.',
      },
      errors: {
        required: 'Obbligatorio.',
        name_too_long: 'Al massimo 60 caratteri.',
        reason_required: 'Scrivi il motivo.',
        reason_too_long: 'Il motivo può avere al massimo 500 caratteri.',
        in_future: 'La data di nascita non può essere nel futuro.',
        fiscal_code_format: 'Non è un codice fiscale valido (16 lettere e cifre).',
        fiscal_code_check: "Il codice fiscale non torna (l'ultima lettera, di controllo, non corrisponde): ricontrollalo.",
        already_blacklisted: 'Questa persona è già in blacklist.',
        already_removed: 'La persona era già stata rimossa dalla blacklist: i dati sono stati aggiornati.',
        not_found: 'Persona non trovata nella blacklist.',
        save_failed: 'Impossibile aggiungere la persona alla blacklist. Riprova tra poco.',
        remove_failed: 'Impossibile rimuovere la persona dalla blacklist. Riprova tra poco.',
      },
    },
  },
};

const en: MessageTree = {
  resources: {
    blacklist: {
      name: 'Blacklisted person |||| Blacklist',
      list_title: 'Blacklist',
      create_title: 'Add a person to the blacklist',
      title: 'Blacklist · %{name}',
      create: 'Add to the blacklist',
      current_only: 'In force only',
      empty: 'No person to show.',
      deleted_account: 'Account deleted',
      fields: {
        id: 'ID',
        first_name: 'First name',
        last_name: 'Last name',
        birth_date: 'Date of birth',
        fiscal_code: 'Fiscal code',
        reason: 'Reason',
        created_at: 'Added on',
        created_by: 'By',
        state: 'State',
        removed_at: 'Removed on',
        mirror: 'Ticketing system',
      },
      states: {
        current: 'In force',
        removed: 'Removed',
      },
      mirror: {
        pending: 'To send',
        done: 'Recorded',
        failed: 'Failed',
        hint: 'The last change on the ticketing system, which refuses to issue titles to blacklisted people.',
      },
      sections: {
        person: 'Person',
        entry: 'Blacklist',
      },
      help: {
        fiscal_code: 'Optional. When given, it is checked.',
        reason: 'At most 500 characters. It stays in the audit log.',
      },
      notifications: {
        created: 'Person added to the blacklist',
      },
      remove: {
        button: 'Remove from the blacklist',
        title: 'Remove %{name} from the blacklist?',
        content:
          'The club and the ticketing system will be able to sell titles to %{name} again. The removal stays in the audit log and cannot be undone: putting them back takes a new entry.',
        keep: 'Keep on the blacklist',
        done: '%{name} is no longer on the blacklist.',
      },
      errors: {
        required: 'Required.',
        name_too_long: 'At most 60 characters.',
        reason_required: 'Write the reason.',
        reason_too_long: 'The reason may be at most 500 characters long.',
        in_future: 'The date of birth cannot be in the future.',
        fiscal_code_format: 'Not a valid fiscal code (16 letters and digits).',
        fiscal_code_check: 'The fiscal code does not add up (its last letter, the check character, does not match): check it again.',
        already_blacklisted: 'This person is on the blacklist already.',
        already_removed: 'The person had already been removed from the blacklist: the data has been refreshed.',
        not_found: 'Person not found on the blacklist.',
        save_failed: 'Could not add the person to the blacklist. Please try again shortly.',
        remove_failed: 'Could not remove the person from the blacklist. Please try again shortly.',
      },
    },
  },
};

export const blacklistMessages: MessageBundle = { it, en };
