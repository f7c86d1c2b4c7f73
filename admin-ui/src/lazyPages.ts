import { lazyPage } from './layout/lazyPage';

/**
 * The pre-emption pages, each loading when first opened from the same chunk as the season's and
 * the match's tabs (targetPanels): the staff app's main bundle stays within its budget.
 */
const panels = () => import('./targetPanels');

export const LazyHoldersImportPage = lazyPage(() => panels().then((module) => module.HoldersImportPage));
export const LazyHoldersImportShow = lazyPage(() => panels().then((module) => module.HoldersImportShow));
export const LazyRenewalMailingsPage = lazyPage(() => panels().then((module) => module.RenewalMailingsPage));
export const LazyRenewalMailingShow = lazyPage(() => panels().then((module) => module.RenewalMailingShow));
