import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { compactIndex, indexEveryBook, recordIndexedTerms } from '../search-index';

/**
 * Search ranks a bounded set of candidates (repositories/search.ts), and every match in a
 * book's own fields must be among them, however many chapters match too:
 * - SQLite: a book's entry takes the id -book_id, below every chapter entry, because FTS5 walks
 *   a query's matches in id order: the books' entries are re-indexed under their new ids.
 * - PostgreSQL: a GIN index of the books' entries alone (chapter_id null), which finds a query's
 *   book matches without walking the chapters' ones.
 * And `search_terms`, every term the index holds (byte order: "C" on PostgreSQL), from which the
 * last word of a query is completed to the terms it begins instead of a prefix search.
 */
export function searchCandidates(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => (db.isTransaction ? up(db, dialect) : db.transaction().execute((trx) => up(trx, dialect))),
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`drop index search_entries_book_document_idx`.execute(db);
      await db.schema.dropTable('search_terms').execute();
    },
  };
}

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create table search_terms (term text collate "C" primary key)`.execute(db);
    await sql`create index search_entries_book_document_idx on search_entries using gin (document) with (fastupdate = off) where chapter_id is null`.execute(
      db,
    );
  } else {
    await sql`create table search_terms (term text primary key) without rowid`.execute(db);
    await sql`delete from search_entries where chapter_id is null`.execute(db);
    await indexEveryBook(db, dialect);
    await compactIndex(db, dialect);
  }
  await recordIndexedTerms(db, dialect);
}
