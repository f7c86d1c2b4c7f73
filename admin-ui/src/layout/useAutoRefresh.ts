import { useStore } from 'react-admin';

/**
 * Whether a page reads itself again every few seconds, remembered per page (react-admin's
 * store) so the choice survives a reload. The page's query and its AutoRefreshSwitch share
 * `storeKey`.
 */
export function useAutoRefresh(storeKey: string, defaultOn: boolean) {
  return useStore<boolean>(`${storeKey}.auto_refresh`, defaultOn);
}
