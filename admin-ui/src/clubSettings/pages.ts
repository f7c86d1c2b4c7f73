/**
 * The club's settings page (/admin/config) and its strings, loaded when first opened with the
 * other tabs' chunk (src/targetPanels.ts, via lazyPages.ts): the staff app's main bundle stays
 * within its budget. The strings are added before the page renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { clubSettingsMessages } from './messages';

addMessages(clubSettingsMessages);

export { ClubSettingsPage } from './ClubSettingsPage';
