import type { MessageBundle } from '../i18n/i18nProvider';

/**
 * The title and introduction of the renewal code e-mails' page, in its chunk (addMessages): the
 * staff app's main bundle is held to a budget. The mailings' other strings stay in i18n/it.ts and
 * en.ts.
 */
export const renewalMailingsPageMessages: MessageBundle = {
  it: {
    pages: {
      renewal_mailings: {
        title: 'Invio codici di rinnovo',
        subtitle:
          "Le e-mail con il codice di rinnovo ai titolari di una stagione, dalla più recente, con l'avanzamento in tempo reale. Un invio parte dalla scheda Fasi di vendita dell'abbonamento; i saltati sono i titolari senza e-mail o senza codice.",
      },
    },
  },
  en: {
    pages: {
      renewal_mailings: {
        title: 'Renewal code e-mails',
        subtitle:
          "The e-mails of their renewal code to a season's holders, newest first, with their live progress. A mailing starts from the season ticket's Sale phases tab; the skipped are holders without an e-mail or a code.",
      },
    },
  },
};
