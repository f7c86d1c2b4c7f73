import type { Role } from '../../../api-types';

/** Who a user is to the product, from acc_level: 1 admin, 2 staff, 51/55 corporate, else fan. */
export const ROLES = ['admin', 'staff', 'corporate', 'fan'] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The roles that may enter the admin area. */
export function isStaffRole(role: unknown): boolean {
  return role === 'admin' || role === 'staff';
}

