/**
 * The cards fans linked to their accounts (/fidelity_card's second tab), and the tabs' strings,
 * loaded when first opened with the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts),
 * beside the club's own cards (cardApplications/pages.ts): the staff app's main bundle stays
 * within its budget. The strings are added before the page renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { supporterCardMessages } from './messages';

addMessages(supporterCardMessages);

export { SupporterCardList } from './SupporterCardList';
