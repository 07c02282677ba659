import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Runs `fn` in a transaction of its own, or in the caller's when `db` is already one. */
export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
