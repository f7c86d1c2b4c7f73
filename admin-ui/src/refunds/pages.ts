/**
 * Staff's refunds of an order's issued tickets and fans' refund requests and a match's "Rimborsi" panel, and their strings, loaded when first opened with
 * the other tabs' chunk (src/targetPanels.ts, via lazyPages.ts): the staff app's main bundle
 * stays within its budget. The strings are added before any of these renders.
 */
import { addMessages } from '../i18n/i18nProvider';
import { refundMessages } from './messages';

addMessages(refundMessages);

export { FixtureRefundPanel } from './FixtureRefundPanel';
export { OrderRefunds } from './OrderRefunds';
export { RefundRequestList } from './RefundRequestList';
