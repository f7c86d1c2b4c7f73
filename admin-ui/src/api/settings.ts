import { useQuery } from '@tanstack/react-query';
import { getJson, putJson } from './http';
import type { ClubSettings } from '../../../api-types';

export const CLUB_SETTINGS_PATH = '/api/admin/settings';

export const CLUB_SETTINGS_QUERY_KEY = ['lario', 'club-settings'] as const;

/**
 * `GET /api/admin/settings` (staff): the club's settings as they are now (the spec's configuration
 * document): the club's ids in the ticketing system (1 to 999,999), whether the tickets' e-mail
 * carries their PDFs, the points a fan earns per euro (1 to 100,000), and whether the ticket
 * office is in maintenance.
 */
export function useClubSettings() {
  return useQuery({
    queryKey: CLUB_SETTINGS_QUERY_KEY,
    queryFn: () => getJson<ClubSettings>(CLUB_SETTINGS_PATH),
    retry: false,
  });
}

/**
 * `PUT /api/admin/settings` (admins only): every setting, no other field (the API refuses a body
 * missing one, or with one it does not know). Answers the settings saved; 403 `forbidden` for staff
 * who are not admins, 422 `validation_failed` with `errors.{field}` `out_of_range`.
 */
export function saveClubSettings(settings: ClubSettings): Promise<ClubSettings> {
  return putJson<ClubSettings>(CLUB_SETTINGS_PATH, settings);
}
