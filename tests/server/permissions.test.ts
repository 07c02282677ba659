/**
 * The permission predicates of src/contract/permissions.ts: the server enforces them and the
 * PWA uses them to hide what the server would refuse (issue 13, hole 7: only the owner or a
 * superuser grants or removes admin; nobody removes the owner).
 */
import { describe, expect, it } from 'vitest';
import { canAddMemberAs, canManageAdmins, canManageMembers, canRemoveMember } from '../../src/contract/permissions';

const ORG = 7;
const owner = { user_id: 1, is_superuser: false, organization_id: ORG, organization_role: 'owner' as const };
const admin = { user_id: 2, is_superuser: false, organization_id: ORG, organization_role: 'admin' as const };
const member = { user_id: 3, is_superuser: false, organization_id: ORG, organization_role: 'member' as const };
const otherAdmin = { user_id: 4, is_superuser: false, organization_id: 8, organization_role: 'admin' as const };
const staff = { user_id: 5, is_superuser: true, organization_id: null, organization_role: null };

describe('organization permissions', () => {
  it('lets admins, the owner and superusers manage members; nobody else', () => {
    expect([owner, admin, member, otherAdmin, staff].map((u) => canManageMembers(u, ORG))).toEqual([true, true, false, false, true]);
  });

  it('lets only the owner and superusers grant or remove admin', () => {
    expect([owner, admin, member, otherAdmin, staff].map((u) => canManageAdmins(u, ORG))).toEqual([true, false, false, false, true]);
    expect(canAddMemberAs(admin, ORG, 'member')).toBe(true);
    expect(canAddMemberAs(admin, ORG, 'admin')).toBe(false);
    expect(canAddMemberAs(owner, ORG, 'admin')).toBe(true);
    expect(canAddMemberAs(staff, ORG, 'admin')).toBe(true);
    expect(canAddMemberAs(member, ORG, 'member')).toBe(false);
  });

  it('never removes the owner or oneself; an admin only by the owner or a superuser', () => {
    const asMember = (id: number, role: 'owner' | 'admin' | 'member') => ({ id, role_in_organization: role });
    expect(canRemoveMember(admin, asMember(3, 'member'))).toBe(true);
    expect(canRemoveMember(admin, asMember(9, 'admin'))).toBe(false);
    expect(canRemoveMember(owner, asMember(2, 'admin'))).toBe(true);
    expect(canRemoveMember(staff, asMember(2, 'admin'), ORG)).toBe(true);
    for (const actor of [owner, admin, staff]) expect(canRemoveMember(actor, asMember(1, 'owner'), ORG)).toBe(false);
    expect(canRemoveMember(admin, asMember(2, 'admin'))).toBe(false);
    expect(canRemoveMember(otherAdmin, asMember(3, 'member'), ORG)).toBe(false);
    expect(canRemoveMember(null, asMember(3, 'member'), ORG)).toBe(false);
  });
});
