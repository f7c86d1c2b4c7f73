import type { Identifier } from 'react-admin';
import type { Role } from '../auth/types';

/** The account levels a role change can set (spec: 1 admin, 2 staff, 51 and 55 corporate, 100 fan). */
export const ACC_LEVELS = [1, 2, 51, 55, 100] as const;
export type AccLevel = (typeof ACC_LEVELS)[number];

/** The role choices of the edit form, by account level. */
export const ROLE_CHOICES = ACC_LEVELS.map((level) => ({ id: level, name: `resources.users.levels.${level}` }));

/** A user as `GET /api/admin/users` returns it. */
export interface User {
  id: Identifier;
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
  marketing_consent: boolean;
  profiling_consent: boolean;
  third_party_consent: boolean;
  consent_13_years: boolean;
  created_at: string;
  last_login_at: string | null;
  role: Role;
}

/** First and last name, as one. */
export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
