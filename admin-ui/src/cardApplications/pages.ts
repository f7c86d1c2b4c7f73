/**
 * The club's supporter cards' list and an application's page, and their strings, loaded when
 * first opened with the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts): the staff
 * app's main bundle stays within its budget. The strings are added before any of these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { cardApplicationMessages } from './messages';

addMessages(cardApplicationMessages);

export { CardApplicationList } from './CardApplicationList';
export { CardApplicationShow } from './CardApplicationShow';
