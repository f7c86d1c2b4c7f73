import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';

/** The admin API's base path; same origin as this app, so the session cookie goes along. */
export const ADMIN_API_URL = '/api/admin';

/**
 * Every react-admin call goes through here: the place to add headers once sign-in arrives.
 * fetchJson rejects with the body's `message`, and react-admin maps `errors.{field}` onto forms.
 */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

export const dataProvider = simpleRestProvider(ADMIN_API_URL, httpClient);
