import 'i18next';
import type accountDeletion from './accountDeletion/it.json';
import type corporate from './corporate/it.json';
import type identity from './identity/it.json';
import type it from './it.json';
import type queue from './queue/it.json';
import type refund from './refund/it.json';
import type resale from './resale/it.json';
import type seasonOrder from './seasonOrder/it.json';
import type supporterCard from './supporterCard/it.json';
import type transfer from './transfer/it.json';

// Translation keys are checked at compile time against the Italian resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof it;
      seasonOrder: typeof seasonOrder;
      queue: typeof queue;
      transfer: typeof transfer;
      refund: typeof refund;
      resale: typeof resale;
      identity: typeof identity;
      accountDeletion: typeof accountDeletion;
      supporterCard: typeof supporterCard;
      corporate: typeof corporate;
    };
  }
}
