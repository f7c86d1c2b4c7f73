import type { TranslationMessages } from 'react-admin';
import { raItalianMessages } from './raItalian';

/** Italian, the default language of the admin area. */
export const italianMessages: TranslationMessages = {
  ...raItalianMessages,
  app: {
    title: 'Lario · Amministrazione',
    language: {
      it: 'Italiano',
      en: 'English',
    },
    errors: {
      unauthenticated: 'La sessione è scaduta: accedi di nuovo.',
      forbidden: 'Non hai i permessi per questa operazione.',
      csrf_failed: 'La richiesta è stata rifiutata per sicurezza: ricarica la pagina e riprova.',
      rate_limited: 'Troppi tentativi: aspetta qualche minuto e riprova.',
    },
    new_tab: '(si apre in una nuova scheda)',
  },
  resources: {
    users: {
      name: 'Utente |||| Utenti',
      fields: {
        id: 'ID',
        email: 'E-mail',
        display_name: 'Nome visualizzato',
        full_name: 'Nome e cognome',
        first_name: 'Nome',
        last_name: 'Cognome',
        role: 'Ruolo',
        acc_level: 'Livello',
        language: 'Lingua',
        marketing_consent: 'Consenso marketing',
        profiling_consent: 'Consenso profilazione',
        third_party_consent: 'Consenso terze parti',
        consent_13_years: 'Almeno 13 anni',
        created_at: 'Creato il',
        last_login_at: 'Ultimo accesso',
        q: 'Cerca',
      },
      roles: {
        admin: 'Amministratore',
        staff: 'Staff',
        corporate: 'Azienda',
        fan: 'Tifoso',
      },
      levels: {
        1: '1 · Amministratore',
        2: '2 · Staff',
        51: '51 · Azienda',
        55: '55 · Azienda',
        100: '100 · Tifoso',
      },
      filters: {
        search: 'Cerca per e-mail o nome',
      },
      actions: {
        change_role: 'Cambia ruolo',
        save_role: 'Salva ruolo',
      },
      edit: {
        title: 'Ruolo',
        hint: 'Il cambio di ruolo viene registrato.',
        admins_only: 'Solo gli amministratori possono cambiare il ruolo di un utente.',
      },
      notifications: {
        role_saved: 'Ruolo aggiornato',
      },
      errors: {
        own_admin_role: 'Non puoi togliere a te stesso il ruolo di amministratore.',
        invalid_level: 'Scegli uno dei ruoli proposti.',
      },
    },
    emails: {
      name: 'E-mail |||| E-mail',
      fields: {
        id: 'ID',
        template: 'Modello',
        language: 'Lingua',
        to_address: 'Destinatario',
        subject: 'Oggetto',
        status: 'Stato',
        attempts: 'Tentativi',
        last_error: 'Ultimo errore',
        created_at: 'Creata il',
        sent_at: 'Inviata il',
      },
      status: {
        pending: 'In attesa',
        sent: 'Inviata',
        failed: 'Non riuscita',
      },
      language: {
        it: 'Italiano',
        en: 'Inglese',
      },
      empty: 'Nessuna e-mail in uscita, per ora.',
      mail_check: {
        action: 'Invia e-mail di prova',
        title: 'Invia e-mail di prova',
        description:
          'Il messaggio di prova segue la stessa coda delle e-mail vere: in questo elenco lo vedrai passare da «In attesa» a «Inviata».',
        to: 'Indirizzo e-mail',
        language: 'Lingua del messaggio',
        send: 'Invia',
        queued: 'E-mail di prova in coda',
        failed: "Impossibile inviare l'e-mail di prova. Riprova tra poco.",
        errors: {
          to: 'Inserisci un indirizzo e-mail valido',
          language: 'Scegli italiano o inglese',
        },
      },
      filters: {
        search: 'Cerca per destinatario o oggetto',
      },
    },
  },
  pages: {
    login: {
      title: 'Accesso',
      subtitle: "Accedi con l'account dello staff.",
      language: 'Lingua',
      errors: {
        invalid_credentials: 'E-mail o password errate.',
        forbidden: "Questo account non può accedere all'amministrazione.",
        email_banned: 'Questo indirizzo e-mail non può essere usato per accedere.',
        rate_limited: 'Troppi tentativi: aspetta qualche minuto e riprova.',
        network: 'Impossibile raggiungere il server. Controlla la connessione e riprova.',
        generic: 'Accesso non riuscito. Riprova tra poco.',
      },
    },
    dashboard: {
      title: 'Cruscotto',
      subtitle: 'Amministrazione di Lario, la biglietteria del Como 1907.',
      status: {
        title: 'Stato del sistema',
        all_ok: 'Tutto funziona',
        degraded: 'Servizio degradato',
        unreachable: 'Impossibile leggere lo stato del sistema.',
        ok: 'OK',
        not_ok: 'Guasto',
        database: 'Database',
        migrations: 'Migrazioni',
        migrations_detail: '%{applied} applicate, %{pending} da applicare',
        jobs: 'Coda dei job',
        jobs_pending: 'In attesa',
        jobs_running: 'In esecuzione',
        jobs_failed: 'Falliti',
        jobs_dead: 'Esauriti',
      },
      jobs: {
        title: 'Job',
        description: 'La bacheca dei job mostra in tempo reale la coda del lavoro in background.',
        open_board: 'Apri la bacheca dei job',
        open_mailbox: 'Apri la casella del simulatore',
        mailbox_hint: 'Solo in sviluppo: le e-mail catturate dal simulatore.',
        unavailable: 'Impossibile leggere gli indirizzi degli strumenti.',
      },
    },
  },
};
