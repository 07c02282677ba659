import type { Kysely } from 'kysely';
import { nowIso } from '../lib/time';
import { PreparedQuery } from './prepared';
import { inTransaction } from './transaction';
import type { Database, OrganizationRole } from '../db/schema';
import type { Page } from '../lib/pagination';

export interface MemberRow {
  id: number;
  full_name: string;
  email: string;
  role_in_organization: OrganizationRole;
  organization_membership_id: number;
}

/** How long an invitation waits for an answer; older ones are neither listed nor accepted. */
export const INVITATION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const invitationCutoff = () => new Date(Date.now() - INVITATION_LIFETIME_MS).toISOString();

export class OrganizationsRepository {
  /** Every membership has its user (the key cascades): members are counted on the (organization_id, id) index alone. */
  private readonly memberCountQuery = new PreparedQuery(1, (organizationId: number) =>
    this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', organizationId),
  );
  private readonly memberPage = new PreparedQuery(3, (organizationId: number, limit: number, offset: number) =>
    this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', '=', organizationId)
      .select(['u.id', 'u.full_name', 'u.email', 'm.role as role_in_organization', 'm.id as organization_membership_id'])
      .orderBy('m.id')
      .limit(limit)
      .offset(offset),
  );

  constructor(private readonly db: Kysely<Database>) {}

  /** Creates an organization with its owner's membership, in one transaction. */
  create(name: string, ownerId: number) {
    return inTransaction(this.db, async (db) => {
      const created_at = nowIso();
      const organization = await db.insertInto('organizations').values({ name, owner_id: ownerId, created_at }).returningAll().executeTakeFirstOrThrow();
      await db.insertInto('memberships').values({ organization_id: organization.id, user_id: ownerId, role: 'owner', created_at }).execute();
      return organization;
    });
  }

  findById(id: number) {
    return this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMembershipOfUser(userId: number) {
    return this.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findMembership(id: number) {
    return this.db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listMembers(organizationId: number, page: Page): Promise<{ count: number; rows: MemberRow[] }> {
    const [counted, rows] = await Promise.all([
      this.memberCountQuery.executeTakeFirst(this.db, organizationId),
      this.memberPage.execute(this.db, organizationId, page.size, page.offset),
    ]);
    return { count: Number(counted?.count ?? 0), rows };
  }

  addMember(organizationId: number, userId: number, role: OrganizationRole) {
    return this.db
      .insertInto('memberships')
      .values({ organization_id: organizationId, user_id: userId, role, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async removeMembership(id: number): Promise<void> {
    await this.db.deleteFrom('memberships').where('id', '=', id).execute();
  }

  /** Hands the organization to one of its admins: the owner becomes an admin, in one transaction. */
  transferOwnership(organizationId: number, newOwner: { membershipId: number; userId: number }) {
    return inTransaction(this.db, async (db) => {
      await db.updateTable('memberships').set({ role: 'admin' }).where('organization_id', '=', organizationId).where('role', '=', 'owner').execute();
      await db.updateTable('memberships').set({ role: 'owner' }).where('id', '=', newOwner.membershipId).execute();
      await db.updateTable('organizations').set({ owner_id: newOwner.userId }).where('id', '=', organizationId).execute();
    });
  }

  /**
   * Invites an address with a role, or renews the pending invitation of that address (its role,
   * inviter and time): one pending invitation per organization and address.
   */
  invite(organizationId: number, email: string, role: OrganizationRole, invitedBy: number) {
    const created_at = nowIso();
    return this.db
      .insertInto('organization_invitations')
      .values({ organization_id: organizationId, email, role, invited_by: invitedBy, created_at })
      .onConflict((oc) => oc.columns(['organization_id', 'email']).doUpdateSet({ role, invited_by: invitedBy, created_at }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The organization's pending invitations, oldest first: address and role, never a name. */
  async listInvitations(organizationId: number, page: Page) {
    const cutoff = invitationCutoff();
    const pending = this.db.selectFrom('organization_invitations').where('organization_id', '=', organizationId).where('created_at', '>=', cutoff);
    const [counted, rows] = await Promise.all([
      pending.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
      pending.select(['id', 'email', 'role', 'created_at']).orderBy('id').limit(page.size).offset(page.offset).execute(),
    ]);
    return { count: Number(counted?.count ?? 0), rows };
  }

  /** A pending (not expired) invitation. */
  findInvitation(id: number) {
    return this.db.selectFrom('organization_invitations').selectAll().where('id', '=', id).where('created_at', '>=', invitationCutoff()).executeTakeFirst();
  }

  async deleteInvitation(id: number): Promise<void> {
    await this.db.deleteFrom('organization_invitations').where('id', '=', id).execute();
  }

  /** The pending invitations of an address, with each organization's name, oldest first. */
  invitationsFor(email: string) {
    return this.db
      .selectFrom('organization_invitations as i')
      .innerJoin('organizations as o', 'o.id', 'i.organization_id')
      .where('i.email', '=', email)
      .where('i.created_at', '>=', invitationCutoff())
      .select(['i.id', 'i.role', 'i.created_at', 'o.id as organization_id', 'o.name as organization_name'])
      .orderBy('i.id')
      .execute();
  }

  /** Makes the invitation a membership of `userId` and removes it, in one transaction. */
  acceptInvitation(invitation: { id: number; organization_id: number; role: OrganizationRole }, userId: number) {
    return inTransaction(this.db, async (db) => {
      const membership = await db
        .insertInto('memberships')
        .values({ organization_id: invitation.organization_id, user_id: userId, role: invitation.role, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db.deleteFrom('organization_invitations').where('id', '=', invitation.id).execute();
      return membership;
    });
  }
}
