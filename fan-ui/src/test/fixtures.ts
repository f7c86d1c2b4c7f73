import type { Me } from '../auth/types';

/** A signed-in fan as `GET /api/me` returns it; override what a test cares about. */
export function aFan(overrides: Partial<Me> = {}): Me {
  return {
    id: '3f6c1a52-0d5e-4c8b-9a71-2e4b5c6d7e8f',
    email: 'luca.rossi@example.it',
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
    credits: 0,
    user_tier: 0,
    version: '',
    marketing_consent: false,
    profiling_consent: false,
    third_party_consent: false,
    consent_13_years: true,
    created_at: '2026-11-01T10:00:00Z',
    last_login_at: '2026-11-21T09:00:00Z',
    role: 'fan',
    has_password: false,
    ...overrides,
  };
}
