import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Organization invitations: an admin asks, the person accepts or declines. One pending row per
 * (organization, address), kept by the address (normalised) rather than an account, so that an
 * invitation of an address nobody has registered looks, to the admin, like any other; the person
 * sees it on their dashboard once they sign in with that address. Accepting or declining
 * deletes the row; deleting the organization deletes its invitations.
 */
export function invitations(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('organization_invitations');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('organization_invitations_org_email_unique', ['organization_id', 'email'])
        .execute();
      await db.schema.createIndex('organization_invitations_email_idx').on('organization_invitations').columns(['email', 'id']).execute();
      await db.schema.createIndex('organization_invitations_org_id_idx').on('organization_invitations').columns(['organization_id', 'id']).execute();
      await db.schema.createIndex('organization_invitations_invited_by_idx').on('organization_invitations').column('invited_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('organization_invitations').execute();
    },
  };
}
