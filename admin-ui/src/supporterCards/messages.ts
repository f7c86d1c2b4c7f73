import type { MessageBundle, MessageTree } from '../i18n/i18nProvider';

/**
 * The tabs of /fidelity_card (SupporterCardTabs), in the chunk of the two pages that show them
 * (addMessages): the staff app's main bundle stays within its budget. The linked cards' other
 * strings stay in i18n/it.ts and en.ts, where a user's page reads them too.
 */

const it: MessageTree = {
  resources: {
    'supporter-cards': {
      tabs: {
        label: 'Tessere del tifoso',
        applications: 'Richieste e tessere del club',
        linked: 'Tessere collegate',
      },
    },
  },
};

const en: MessageTree = {
  resources: {
    'supporter-cards': {
      tabs: {
        label: 'Supporter cards',
        applications: 'Club card applications and cards',
        linked: 'Linked cards',
      },
    },
  },
};

export const supporterCardMessages: MessageBundle = { it, en };
