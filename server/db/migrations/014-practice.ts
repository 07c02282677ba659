import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The endotrainer practice log (issue 37).
 * - `drills`: defined by the institute's staff; `penalties` is the JSON list of
 *   `{id, label, seconds}` a repetition may name, `instructions` a chapter-like document (JSON) or null.
 * - `repetitions`: one timed repetition of a drill by a user, stored once per (user_id, client_id);
 *   scored when it arrived, with the penalties' labels and seconds and the drill's target kept
 *   beside it (`penalties` JSON `{penalty, label, seconds, count}`), so a drill edited later does
 *   not change a repetition already judged. Goes with its user or drill; the organization admin who
 *   verified it may leave (the verification stays, without its name).
 */
export function practice(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => (db.isTransaction ? create(db, dialect) : db.transaction().execute((trx) => create(trx, dialect))),
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('repetitions').execute();
      await db.schema.dropTable('drills').execute();
    },
  };
}

async function create(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const drills = db.schema.createTable('drills');
  await (
    dialect === 'postgres' ? drills.addColumn('id', 'serial', (c) => c.primaryKey()) : drills.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('instructions', 'text')
    .addColumn('target_seconds', 'integer', (c) => c.notNull())
    .addColumn('penalties', 'text', (c) => c.notNull())
    .addColumn('consecutive_passes', 'integer', (c) => c.notNull())
    .addColumn('further_passes', 'integer', (c) => c.notNull())
    .addColumn('max_repetitions', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const repetitions = db.schema.createTable('repetitions');
  await (
    dialect === 'postgres'
      ? repetitions.addColumn('id', 'serial', (c) => c.primaryKey())
      : repetitions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('drill_id', 'integer', (c) => c.notNull().references('drills.id').onDelete('cascade'))
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('time_ms', 'integer', (c) => c.notNull())
    .addColumn('penalties', 'text', (c) => c.notNull())
    .addColumn('score_ms', 'integer', (c) => c.notNull())
    .addColumn('target_seconds', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('performed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('verified_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('verified_at', 'varchar(32)')
    // A replayed or concurrently posted repetition is stored once (insert … on conflict do nothing).
    .addUniqueConstraint('repetitions_user_client_unique', ['user_id', 'client_id'])
    .execute();
  // A user's repetitions of a drill in performed order (My practice, the progress view's cells).
  await db.schema.createIndex('repetitions_user_drill_idx').on('repetitions').columns(['user_id', 'drill_id', 'performed_at']).execute();
  // A user's repetitions of every drill, newest first (GET my-repetitions without ?drill=).
  await db.schema.createIndex('repetitions_user_performed_idx').on('repetitions').columns(['user_id', 'performed_at']).execute();
  // The cascade from a drill, and the verifier set to null when their account goes.
  await db.schema.createIndex('repetitions_drill_idx').on('repetitions').column('drill_id').execute();
  await db.schema.createIndex('repetitions_verified_by_idx').on('repetitions').column('verified_by_id').execute();
}
