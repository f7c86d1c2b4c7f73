import type { UserView } from '../../../api-types';

/** The account levels a role change can set (spec: 1 admin, 2 staff, 51 and 55 corporate, 100 fan). */
export const ACC_LEVELS = [1, 2, 51, 55, 100] as const;
export type AccLevel = (typeof ACC_LEVELS)[number];

/** The role choices of the edit form, by account level. */
export const ROLE_CHOICES = ACC_LEVELS.map((level) => ({ id: level, name: `resources.users.levels.${level}` }));

/** First and last name, as one. */
export function fullName(user: Pick<UserView, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
