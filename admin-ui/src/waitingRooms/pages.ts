/**
 * The waiting rooms' pages, the tab on a match's and a season ticket's page, and their strings,
 * loaded when first opened with the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts and
 * WaitingRoomTab): the staff app's main bundle stays within its budget. The strings are added
 * before any of these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { waitingRoomMessages } from './messages';

addMessages(waitingRoomMessages);

export { WaitingRoomCreate } from './WaitingRoomCreate';
export { WaitingRoomEdit } from './WaitingRoomEdit';
export { WaitingRoomPanel } from './WaitingRoomPanel';
export { WaitingRoomShow } from './WaitingRoomShow';
export { WaitingRoomsPage } from './WaitingRoomsPage';
