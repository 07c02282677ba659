/** Who may manage an organization's members (SPEC §6, §9). */
import type { SessionUser } from '../../lib/session';

/** The admin-like role values of SPEC §9. */
export const ADMIN_ROLES: readonly string[] = ['Owner', 'Admin', 'owner', 'admin'];

/** Roles an admin may give when adding a member (SPEC §9). */
export const ASSIGNABLE_ROLES = ['member', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** An organization admin: an organization_id and an admin-like organization_role. */
export function isOrganizationAdmin(user: Pick<SessionUser, 'organization_id' | 'organization_role'> | null): boolean {
  return user?.organization_id != null && ADMIN_ROLES.includes(user.organization_role ?? '');
}
