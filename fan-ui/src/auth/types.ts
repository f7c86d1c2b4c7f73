import type { Language } from '../i18n';

/** Who a signed-in user is to the product; from acc_level (1 admin, 2 staff, 51/55 corporate). */
export type Role = 'admin' | 'staff' | 'corporate' | 'fan';

/** `GET /api/me`: the signed-in user. */
export interface Me {
  id: string;
  email: string;
  name: string;
  display_name: string;
  first_name: string;
  last_name: string;
  language: string;
  status: number;
  acc_level: number;
  acc_type: number;
  is_agent: boolean;
  is_corporate: boolean;
  planet_is_sponsor: boolean;
  is_first_time_login: boolean;
  is_logged_in: boolean;
  credits: number;
  user_tier: number;
  version: string;
  marketing_consent: boolean;
  profiling_consent: boolean;
  third_party_consent: boolean;
  consent_13_years: boolean;
  created_at: string;
  last_login_at: string | null;
  role: Role;
  has_password: boolean;
}

/** The optional consents a fan can give when the account is created. */
export interface Consents {
  marketing: boolean;
  profiling: boolean;
  third_party: boolean;
}

/** `PUT /api/me`: fields left out stay as they are. */
export interface ProfileUpdate {
  display_name?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  language?: Language;
  marketing_consent?: boolean;
  profiling_consent?: boolean;
  third_party_consent?: boolean;
  consent_13_years?: boolean;
}
