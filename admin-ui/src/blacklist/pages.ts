/**
 * The blacklist's list, form and entry's page, and their strings, loaded when first opened with
 * the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts): the staff app's main bundle
 * stays within its budget. The strings are added before any of these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { blacklistMessages } from './messages';

addMessages(blacklistMessages);

export { BlacklistCreate } from './BlacklistCreate';
export { BlacklistList } from './BlacklistList';
export { BlacklistShow } from './BlacklistShow';
