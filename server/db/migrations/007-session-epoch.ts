import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Each account's session epoch: every token and reset link carries the epoch it was issued
 * under, and is honoured only while the account's epoch is still that number. Raising it ends
 * every session of the account at once — access tokens (the auth plugin compares on each
 * request), refresh tokens (rotation compares inside its transaction, so a rotation racing the
 * raise hands out only tokens that are already dead) and reset links — whoever writes it. A
 * trigger raises it when an account is deactivated, by this server or by hand in the database,
 * so reactivating the account does not bring its old sessions back.
 */
export function sessionEpoch(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('password_resets')
        .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger users_deactivated_end_sessions after update of is_active on users
             when old.is_active <> 0 and new.is_active = 0
             begin update users set session_epoch = session_epoch + 1 where id = new.id; end`,
          )
          .execute(db);
        return;
      }
      await sql
        .raw(
          `create function users_deactivated_end_sessions() returns trigger language plpgsql as $$
begin
  new.session_epoch := new.session_epoch + 1;
  return new;
end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger users_deactivated_end_sessions before update of is_active on users for each row
           when (old.is_active <> 0 and new.is_active = 0) execute function users_deactivated_end_sessions()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql.raw('drop trigger users_deactivated_end_sessions').execute(db);
      else {
        await sql.raw('drop trigger users_deactivated_end_sessions on users').execute(db);
        await sql.raw('drop function users_deactivated_end_sessions()').execute(db);
      }
      await db.schema.alterTable('password_resets').dropColumn('session_epoch').execute();
      await db.schema.alterTable('users').dropColumn('session_epoch').execute();
    },
  };
}
