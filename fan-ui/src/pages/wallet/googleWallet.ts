/**
 * Leaves for Google Wallet's page that saves a ticket (the API's `save_url`). On its own so tests
 * can stand in for the browser; not the checkout's `leaveForUrl`, which shared would be one more
 * chunk named in the first page's code.
 */
export function leaveForGoogleWallet(saveUrl: string): void {
  window.location.assign(saveUrl);
}
