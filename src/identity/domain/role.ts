export const ROLES = ['owner', 'administrator', 'group_manager'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Owners and administrators may use every endpoint; group managers only `GET /me`. */
export function hasFullApiAccess(role: Role): boolean {
  return role === 'owner' || role === 'administrator';
}
