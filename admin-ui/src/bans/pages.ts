/**
 * The bans' lists, forms and pages, and their strings, loaded when first opened with the other
 * tabs' chunk (src/targetPanels.ts, via lazyPages.ts): the staff app's main bundle stays within
 * its budget. The strings are added before any of these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { banMessages } from './messages';

addMessages(banMessages);

export { BanCreate } from './BanCreate';
export { BanEdit } from './BanEdit';
export { EmailBanList, TitleBanList } from './BanList';
export { BanShow } from './BanShow';
