import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** English, the admin area's second language. */
export const englishAppMessages: TranslationMessages = {
  ...englishMessages,
  app: {
    title: 'Lario · Admin',
    language: {
      it: 'Italiano',
      en: 'English',
    },
    new_tab: '(opens in a new tab)',
  },
  resources: {
    emails: {
      name: 'Email |||| Emails',
      fields: {
        id: 'ID',
        template: 'Template',
        language: 'Language',
        to_address: 'To',
        subject: 'Subject',
        status: 'Status',
        attempts: 'Attempts',
        last_error: 'Last error',
        created_at: 'Created',
        sent_at: 'Sent',
      },
      status: {
        pending: 'Pending',
        sent: 'Sent',
        failed: 'Failed',
      },
      language: {
        it: 'Italian',
        en: 'English',
      },
      empty: 'No outbound e-mails yet.',
      mail_check: {
        action: 'Send a mail check',
        title: 'Send a mail check',
        description:
          'The test message goes through the mail queue like real ones: in this list you will see it turn from “Pending” to “Sent”.',
        to: 'E-mail address',
        language: 'Message language',
        send: 'Send',
        queued: 'Mail check queued',
        failed: 'Could not send the mail check. Please try again shortly.',
        errors: {
          to: 'Enter a valid e-mail address',
          language: 'Choose Italian or English',
        },
      },
      filters: {
        search: 'Search by recipient or subject',
      },
    },
  },
  pages: {
    dashboard: {
      title: 'Dashboard',
      subtitle: 'Administration of Lario, the Como 1907 ticket office.',
      status: {
        title: 'System status',
        all_ok: 'All systems operational',
        degraded: 'Degraded',
        unreachable: 'Could not read the system status.',
        ok: 'OK',
        not_ok: 'Down',
        database: 'Database',
        migrations: 'Migrations',
        migrations_detail: '%{applied} applied, %{pending} pending',
        jobs: 'Job queue',
        jobs_pending: 'Pending',
        jobs_running: 'Running',
        jobs_failed: 'Failed',
        jobs_dead: 'Dead',
      },
      jobs: {
        title: 'Jobs',
        description: 'The job board shows the background work queue live.',
        open_board: 'Open the job board',
        open_mailbox: 'Open the simulator mailbox',
        mailbox_hint: 'Development only: the e-mails caught by the simulator.',
        unavailable: 'Could not read the tool addresses.',
      },
    },
  },
};
