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
    errors: {
      unauthenticated: 'Your session has ended: please sign in again.',
      forbidden: 'You are not allowed to do this.',
      csrf_failed: 'The request was refused for safety: reload the page and try again.',
      rate_limited: 'Too many attempts: wait a few minutes and try again.',
    },
    new_tab: '(opens in a new tab)',
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        email: 'E-mail',
        display_name: 'Display name',
        full_name: 'Name',
        first_name: 'First name',
        last_name: 'Last name',
        role: 'Role',
        acc_level: 'Level',
        language: 'Language',
        marketing_consent: 'Marketing consent',
        profiling_consent: 'Profiling consent',
        third_party_consent: 'Third-party consent',
        consent_13_years: 'At least 13',
        created_at: 'Created',
        last_login_at: 'Last sign-in',
        q: 'Search',
      },
      roles: {
        admin: 'Admin',
        staff: 'Staff',
        corporate: 'Corporate',
        fan: 'Fan',
      },
      levels: {
        1: '1 · Admin',
        2: '2 · Staff',
        51: '51 · Corporate',
        55: '55 · Corporate',
        100: '100 · Fan',
      },
      filters: {
        search: 'Search by e-mail or name',
      },
      actions: {
        change_role: 'Change role',
        save_role: 'Save role',
      },
      edit: {
        title: 'Role',
        hint: 'Role changes are recorded.',
        admins_only: "Only admins can change a user's role.",
      },
      notifications: {
        role_saved: 'Role updated',
      },
      errors: {
        own_admin_role: 'You cannot take your own admin role away.',
        invalid_level: 'Choose one of the roles offered.',
      },
    },
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
    login: {
      title: 'Sign in',
      subtitle: 'Sign in with your staff account.',
      language: 'Language',
      errors: {
        invalid_credentials: 'Wrong e-mail or password.',
        forbidden: 'This account cannot enter the admin area.',
        email_banned: 'This e-mail address cannot be used to sign in.',
        rate_limited: 'Too many attempts: wait a few minutes and try again.',
        network: 'Cannot reach the server. Check your connection and try again.',
        generic: 'Sign-in failed. Please try again shortly.',
      },
    },
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
