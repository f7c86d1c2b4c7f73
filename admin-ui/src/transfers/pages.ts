/**
 * The changes of holder's list and a match's "Cambio nominativo" panel, and their strings,
 * loaded when first opened with the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts):
 * the staff app's main bundle stays within its budget. The strings are added before any of
 * these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { transferMessages } from './messages';

addMessages(transferMessages);

export { FixtureTransferPanel } from './FixtureTransferPanel';
export { TransferList } from './TransferList';
