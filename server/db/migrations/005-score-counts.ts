import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * `user_score_counts`: each user's number of score records, kept exact by triggers in the
 * same transaction as every insert and delete of a score, whoever writes. my-scores counts a
 * page by a key lookup instead of counting the user's records, and, knowing the count first,
 * reads a deep page from the nearer end (the last page of 1 000 records costs what the first does).
 */
export function scoreCounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_score_counts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('count', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into user_score_counts (user_id, count) select user_id, count(*) from quiz_scores group by user_id`.execute(db);

      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger user_score_counts_insert after insert on quiz_scores begin
  insert or ignore into user_score_counts (user_id, count) values (new.user_id, 0);
  update user_score_counts set count = count + 1 where user_id = new.user_id;
end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger user_score_counts_delete after delete on quiz_scores begin update user_score_counts set count = count - 1 where user_id = old.user_id; end`,
          )
          .execute(db);
        // A score moved to another user (nothing does this today) is counted where it went.
        await sql
          .raw(
            `create trigger user_score_counts_update after update of user_id on quiz_scores when old.user_id is not new.user_id begin
  update user_score_counts set count = count - 1 where user_id = old.user_id;
  insert or ignore into user_score_counts (user_id, count) values (new.user_id, 0);
  update user_score_counts set count = count + 1 where user_id = new.user_id;
end`,
          )
          .execute(db);
        return;
      }

      // PostgreSQL: once per statement, the statement's rows counted per user.
      await sql
        .raw(
          `create function user_score_counts_add() returns trigger language plpgsql as $$
begin
  insert into user_score_counts (user_id, count) select user_id, count(*) from added_rows group by user_id
    on conflict (user_id) do update set count = user_score_counts.count + excluded.count;
  return null;
end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function user_score_counts_remove() returns trigger language plpgsql as $$
begin
  update user_score_counts c set count = c.count - r.n from (select user_id, count(*) as n from removed_rows group by user_id) r where c.user_id = r.user_id;
  return null;
end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function user_score_counts_move() returns trigger language plpgsql as $$
begin
  update user_score_counts set count = count - 1 where user_id = old.user_id;
  insert into user_score_counts (user_id, count) values (new.user_id, 1)
    on conflict (user_id) do update set count = user_score_counts.count + 1;
  return null;
end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger user_score_counts_insert after insert on quiz_scores referencing new table as added_rows for each statement execute function user_score_counts_add()',
        )
        .execute(db);
      await sql
        .raw(
          'create trigger user_score_counts_delete after delete on quiz_scores referencing old table as removed_rows for each statement execute function user_score_counts_remove()',
        )
        .execute(db);
      // A score moved to another user (nothing does this today) is counted where it went.
      await sql
        .raw(
          'create trigger user_score_counts_update after update of user_id on quiz_scores for each row when (old.user_id is distinct from new.user_id) execute function user_score_counts_move()',
        )
        .execute(db);
      await sql
        .raw('create function user_score_counts_clear() returns trigger language plpgsql as $$ begin delete from user_score_counts; return null; end $$')
        .execute(db);
      await sql
        .raw('create trigger user_score_counts_truncate after truncate on quiz_scores for each statement execute function user_score_counts_clear()')
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger user_score_counts_${event}`).execute(db);
      } else {
        for (const event of ['insert', 'delete', 'update', 'truncate']) await sql.raw(`drop trigger user_score_counts_${event} on quiz_scores`).execute(db);
        for (const name of ['add', 'remove', 'move', 'clear']) await sql.raw(`drop function user_score_counts_${name}()`).execute(db);
      }
      await db.schema.dropTable('user_score_counts').execute();
    },
  };
}
