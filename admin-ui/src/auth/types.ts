/** Who a user is to the product, from acc_level: 1 admin, 2 staff, 51/55 corporate, else fan. */
export const ROLES = ['admin', 'staff', 'corporate', 'fan'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The roles that may enter the admin area. */
export function isStaffRole(role: unknown): boolean {
  return role === 'admin' || role === 'staff';
}

/** `GET /api/me`, the fields the admin app reads. */
export interface Me {
  id: string;
  email: string;
  name: string;
  display_name: string;
  first_name: string;
  last_name: string;
  language: string;
  acc_level: number;
  role: Role;
}
