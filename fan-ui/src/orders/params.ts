/** A route's order id (a UUID), or null for anything that cannot be one. */
export function parseOrderId(value: string | null | undefined): string | null {
  return value !== null && value !== undefined && /^[0-9A-Za-z-]{1,64}$/.test(value) ? value : null;
}

/**
 * What a 3-D Secure challenge appends to the return url
 * (`?payment_intent=...&payment_intent_client_secret=...&redirect_status=...`): the client
 * secret to confirm with, or null when the page was not opened that way.
 */
export function returnedClientSecret(search: URLSearchParams): string | null {
  const secret = search.get('payment_intent_client_secret');
  return search.has('payment_intent') && secret !== null && secret !== '' ? secret : null;
}
