/**
 * The season transfer limit's page (each season ticket's transfer limit and resale fee) and its
 * strings, loaded when first opened with the other tabs' chunk (src/targetPanels.ts, via
 * lazyPages.ts): the staff app's main bundle stays within its budget. The strings are added
 * before the page renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { seasonTransferLimitMessages } from './messages';

addMessages(seasonTransferLimitMessages);

export { SeasonTransferLimitPage } from './SeasonTransferLimitPage';
