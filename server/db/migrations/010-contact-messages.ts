import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Messages sent with the public contact form: stored before the mail to CONTACT_TO is tried, so
 * a mail that fails loses nothing; `mailed_at` says whether it went out, `handled_at` when a
 * superuser marked it handled. Listed newest first by id.
 */
export function contactMessages(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('contact_messages');
      await (
        dialect === 'postgres'
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('handled_at', 'varchar(32)')
        .addColumn('mailed_at', 'varchar(32)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('contact_messages').execute();
    },
  };
}
