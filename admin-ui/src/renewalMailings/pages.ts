/**
 * The renewal code e-mails' page and its strings, loaded when first opened with the other tabs'
 * chunk (src/targetPanels.ts, via lazyPages.ts): the staff app's main bundle stays within its
 * budget. The strings are added before the page renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { renewalMailingsPageMessages } from './messages';

addMessages(renewalMailingsPageMessages);

export { RenewalMailingsPage } from './RenewalMailingsPage';
