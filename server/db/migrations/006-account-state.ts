import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The tables a request's user is read from: the account, its membership and organization. */
const ACCOUNT_TABLES = ['users', 'memberships', 'organizations'] as const;

/**
 * One row, `account_state`, whose `version` goes up in the same transaction as every insert,
 * update or delete of users, memberships and organizations, whoever writes (this server,
 * another instance, the CLI). Each request reads it together with the content version (one
 * small query) and reuses the user it read earlier only while the version is the same
 * (repositories/users.ts): a deactivated account, a changed role or a removed member is seen
 * by the next request that starts after the commit, on one instance or several.
 */
export function accountState(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into account_state (id, version) values (1, 1)`.execute(db);

      if (dialect === 'sqlite') {
        for (const table of ACCOUNT_TABLES)
          for (const event of ['insert', 'update', 'delete'] as const)
            await sql
              .raw(
                `create trigger account_state_${table}_${event} after ${event} on ${table} begin update account_state set version = version + 1 where id = 1; end`,
              )
              .execute(db);
        return;
      }

      // PostgreSQL: once per statement.
      await sql
        .raw(
          `create function account_state_bump() returns trigger language plpgsql as $$
begin
  update account_state set version = version + 1 where id = 1;
  return null;
end $$`,
        )
        .execute(db);
      for (const table of ACCOUNT_TABLES)
        for (const event of ['insert', 'update', 'delete', 'truncate'] as const)
          await sql
            .raw(`create trigger account_state_${table}_${event} after ${event} on ${table} for each statement execute function account_state_bump()`)
            .execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ACCOUNT_TABLES)
        for (const event of dialect === 'sqlite' ? ['insert', 'update', 'delete'] : ['insert', 'update', 'delete', 'truncate'])
          await sql
            .raw(dialect === 'sqlite' ? `drop trigger account_state_${table}_${event}` : `drop trigger account_state_${table}_${event} on ${table}`)
            .execute(db);
      if (dialect === 'postgres') await sql.raw('drop function account_state_bump()').execute(db);
      await db.schema.dropTable('account_state').execute();
    },
  };
}
