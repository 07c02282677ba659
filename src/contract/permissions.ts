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

/** Read the contact form's messages and mark them handled: superusers (institute staff). */
export function canReadContactMessages(user: Pick<Actor, 'is_superuser'> | null | undefined): boolean {
  return user?.is_superuser === true;
}

/** Create, edit and delete practice drills (issue 37): superusers (institute staff). */
export function canManageDrills(user: Pick<Actor, 'is_superuser'> | null | undefined): boolean {
  return user?.is_superuser === true;
}

/** Upload chapter media and covers: superusers, and users who own a book. */
export function canUploadMedia(user: Pick<Actor, 'is_superuser'> | null | undefined, ownsABook: boolean): boolean {
  return !!user && (user.is_superuser === true || ownsABook);
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
export function canManageMembers(
  user: Pick<Actor, 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  organizationId: number,
): boolean {
  return user?.is_superuser === true || isOrganizationAdmin(user, organizationId);
}

/** Grant or take away the admin role: the organization's owner, and superusers. Nobody else. */
export function canManageAdmins(
  user: Pick<Actor, 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  organizationId: number,
): boolean {
  if (user?.is_superuser === true) return true;
  return user?.organization_id === organizationId && user.organization_role === 'owner';
}

/** Add a member with a role: an admin adds members; only the owner (or a superuser) adds admins. */
export function canAddMemberAs(
  user: Pick<Actor, 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  organizationId: number,
  role: string,
): boolean {
  if (!canManageMembers(user, organizationId)) return false;
  return role.toLowerCase() === 'member' || canManageAdmins(user, organizationId);
}

/**
 * Remove a member of `organizationId`: never oneself, never the owner, and an admin only by the
 * owner or a superuser.
 */
export function canRemoveMember(
  user: Pick<Actor, 'user_id' | 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  member: Pick<OrganizationMember, 'id' | 'role_in_organization'>,
  organizationId: number | null = user?.organization_id ?? null,
): boolean {
  if (!user || organizationId === null || member.id === user.user_id) return false;
  const role = member.role_in_organization.toLowerCase();
  if (role === 'owner' || !canManageMembers(user, organizationId)) return false;
  return role !== 'admin' || canManageAdmins(user, organizationId);
}

/** Leave one's organization: any member except its owner, who first hands ownership to an admin. */
export function canLeaveOrganization(user: Pick<Actor, 'organization_id' | 'organization_role'> | null | undefined): boolean {
  return user?.organization_id != null && user.organization_role !== 'owner';
}

/** Hand an organization to one of its admins: its owner, and superusers. */
export function canTransferOwnership(
  user: Pick<Actor, 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  organizationId: number,
  member: Pick<OrganizationMember, 'role_in_organization'>,
): boolean {
  return canManageAdmins(user, organizationId) && member.role_in_organization === 'admin';
}

/** Verify a member's practice repetition (issue 37): whoever manages the organization's members, never for their own. */
export function canVerifyRepetitions(
  user: Pick<Actor, 'user_id' | 'is_superuser' | 'organization_id' | 'organization_role'> | null | undefined,
  organizationId: number,
  memberId: number,
): boolean {
  return canManageMembers(user, organizationId) && user?.user_id !== memberId;
}
