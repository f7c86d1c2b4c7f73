/**
 * Sends the browser to another site's page (the payment provider's 3-D Secure challenge), which
 * comes back to the app's `return_url`. On its own so tests can stand in for the browser.
 */
export function leaveForUrl(url: string): void {
  window.location.assign(url);
}
