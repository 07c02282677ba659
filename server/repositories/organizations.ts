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
}
