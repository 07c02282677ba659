import type { Kysely } from 'kysely';
import { nowIso } from '../lib/time';
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

export class OrganizationsRepository {
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
    const base = this.db.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').where('m.organization_id', '=', organizationId);
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['u.id', 'u.full_name', 'u.email', 'm.role as role_in_organization', 'm.id as organization_membership_id'])
      .orderBy('m.id')
      .limit(page.size)
      .offset(page.offset)
      .execute();
    return { count: Number(count), rows };
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
}
