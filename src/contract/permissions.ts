/**
 * Who may do what (SPEC §6): one predicate per rule. The server enforces them; the PWA
 * uses the same predicates to hide a control the server would refuse.
 */
import type { OrganizationMember } from './organizations';
import type { SessionUser } from './session';

type Actor = Pick<SessionUser, 'user_id' | 'is_superuser' | 'organization_id' | 'organization_role'>;

/** The admin-like role values of SPEC §9 (the server stores them lower-case). */
export const ADMIN_ROLES: readonly string[] = ['Owner', 'Admin', 'owner', 'admin'];

/** Creating and deleting books is for superusers. */
export function canManageBooks(user: Pick<Actor, 'is_superuser'> | null | undefined): boolean {
  return user?.is_superuser === true;
}

/** Chapter (and quiz) editing: a signed-in superuser or the book's owner. */
export function canEditBook(user: Pick<Actor, 'user_id' | 'is_superuser'> | null | undefined, book: { owner: number | null }): boolean {
  if (!user) return false;
  return user.is_superuser === true || (book.owner !== null && user.user_id === book.owner);
}

/** An organization admin: an organization_id and an admin-like role — of `organizationId` when given. */
export function isOrganizationAdmin(user: Pick<Actor, 'organization_id' | 'organization_role'> | null | undefined, organizationId?: number): boolean {
  if (user?.organization_id == null || !ADMIN_ROLES.includes(user.organization_role ?? '')) return false;
  return organizationId === undefined || user.organization_id === organizationId;
}

/** Manage an organization's members: its admins and owner, and superusers (institute staff). */
export function canManageMembers(user: Pick<Actor, 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined, organizationId: number): boolean {
  return user?.is_superuser === true || isOrganizationAdmin(user, organizationId);
}

/** Remove a member: never oneself, never the owner. */
export function canRemoveMember(user: Pick<Actor, 'user_id'> | null | undefined, member: Pick<OrganizationMember, 'id' | 'role_in_organization'>): boolean {
  return !!user && member.id !== user.user_id && member.role_in_organization !== 'owner';
}
