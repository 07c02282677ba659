import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { indexEverything } from '../search-index';

/**
 * The full-text index of GET /books/search/ (db/search-index.ts writes it): `search_entries`,
 * one row per book and per chapter block with text, removed with its book or chapter by the
 * foreign keys' cascade.
 * - SQLite: a contentless FTS5 table `search_fts` (rowid = the entry's id, columns title and
 *   body) whose tokenizer only splits where the terms were joined: letters, marks and digits
 *   stay together (unicode61's default separates Devanagari vowel signs and viramas), nothing is
 *   stemmed or stripped again. A trigger deletes an entry's terms with it, cascades included.
 * - PostgreSQL: the entry's `document` tsvector, with a GIN index without the pending list
 *   (fastupdate off): with it, every query also read the entries added since the last vacuum one
 *   by one, and searches after a batch of chapter saves took three times as long.
 * Then everything that exists is indexed.
 */
export function search(dialect: Dialect) {
  return {
    // Kysely runs SQLite migrations outside a transaction: this one opens its own, so an
    // interrupted backfill leaves nothing behind and the next start runs it again.
    up: (db: Kysely<unknown>) => (db.isTransaction ? createIndex(db, dialect) : db.transaction().execute((trx) => createIndex(trx, dialect))),
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`drop trigger search_entries_delete`.execute(db);
        await sql`drop table search_fts`.execute(db);
      }
      await db.schema.dropTable('search_entries').execute();
    },
  };
}

async function createIndex(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('search_entries');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('document', sql`tsvector`, (c) => c.notNull())
      : table.addColumn('id', 'integer', (c) => c.primaryKey())
  )
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('cascade'))
    .addColumn('block', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_entries_book_idx').on('search_entries').column('book_id').execute();
  await db.schema.createIndex('search_entries_chapter_idx').on('search_entries').column('chapter_id').execute();

  if (dialect === 'postgres') {
    await sql`create index search_entries_document_idx on search_entries using gin (document) with (fastupdate = off)`.execute(db);
  } else {
    await sql
      .raw(
        `create virtual table search_fts using fts5(title, body, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 0 categories 'L* M* N* Co'")`,
      )
      .execute(db);
    await sql`create trigger search_entries_delete after delete on search_entries begin delete from search_fts where rowid = old.id; end`.execute(db);
  }
  await indexEverything(db, dialect);
}
