import type { User } from '../users/types';

/** The demo fan as the users API returns him: the account the users' and cards' tests look at. */
export const DEMO_FAN: User = {
  id: '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11',
  email: 'tifoso@lario.test',
  name: 'Luca',
  display_name: 'Luca',
  first_name: 'Luca',
  last_name: 'Rossi',
  language: 'it',
  status: 1,
  acc_level: 100,
  acc_type: 0,
  is_agent: false,
  is_corporate: false,
  planet_is_sponsor: false,
  is_first_time_login: false,
  is_logged_in: true,
  marketing_consent: false,
  profiling_consent: false,
  third_party_consent: false,
  consent_13_years: true,
  created_at: '2026-11-01T10:00:00Z',
  last_login_at: '2026-11-21T09:00:00Z',
  role: 'fan',
};
