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
    new_tab: '(si apre in una nuova scheda)',
  },
  resources: {
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
