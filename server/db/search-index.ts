/**
 * Writes the full-text index of books and chapters (migrations/011-search.ts creates it): one
 * `search_entries` row per book (its title, author and description), per chapter title and per
 * chapter block with text, keyed to the book and chapter so a deletion cascades to them.
 * - SQLite: the terms go to the contentless FTS5 table `search_fts` under the entry's id (a
 *   trigger removes them with the entry); the entry's text is kept for snippets. A book's entry
 *   has the id -book_id (migrations/015-search-candidates.ts): FTS5 walks its matches in id
 *   order, so the books' matches come before any chapter's.
 * - PostgreSQL: the terms are the entry's `document` tsvector, GIN-indexed.
 * The terms come from lib/search-terms.ts. Used by the search repository, in the same
 * transaction as the write it follows, and by the migration to index what exists.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { chapterBlocks } from '../../src/contract/search';
import { ftsText, indexTerms, tsvectorLiteral } from '../lib/search-terms';
import type { Dialect } from './database';

export interface IndexedBook {
  id: number;
  title: string;
  author: string;
  description: string;
}

export interface IndexedChapter {
  id: number;
  book_id: number;
  title: string;
  /** As stored (JSON text) or as parsed. */
  content_delta: unknown;
}

interface Entry {
  book_id: number;
  chapter_id: number | null;
  block: number | null;
  text: string;
  /** Weighted first in the ranking: a book's title. */
  title: string;
  body: string;
}

/** Rows per INSERT: well under both engines' bound-parameter caps. */
const BATCH = 500;

// The migration hands a Kysely<unknown>; the queries here are raw SQL either way.
type AnyDb = Kysely<any>;

async function insertEntries(db: AnyDb, dialect: Dialect, entries: Entry[], withTerms = true): Promise<void> {
  if (withTerms) await recordTerms(db, entries);
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH);
    if (dialect === 'postgres') {
      const rows = batch.map(
        (e) =>
          sql`(${e.book_id}, ${e.chapter_id}, ${e.block}, ${e.text}, ${tsvectorLiteral([
            { text: e.title, weight: 'A' },
            { text: e.body, weight: 'D' },
          ])}::tsvector)`,
      );
      await sql`insert into search_entries (book_id, chapter_id, block, text, document) values ${sql.join(rows)}`.execute(db);
      continue;
    }
    // Ids given here, so each FTS row can carry its entry's id (the transaction holds SQLite's
    // only write lock since its first write, so no other writer takes them meanwhile); a
    // book's entry is -book_id, below every chapter entry's.
    const last = await sql<{ id: number }>`select max(coalesce(max(id), 0), 0) as id from search_entries`.execute(db);
    let next = Number(last.rows[0]?.id ?? 0) + 1;
    const entryRows: RawBuilder<unknown>[] = [];
    const ftsRows: RawBuilder<unknown>[] = [];
    for (const e of batch) {
      const id = e.chapter_id === null ? -e.book_id : next++;
      entryRows.push(sql`(${id}, ${e.book_id}, ${e.chapter_id}, ${e.block}, ${e.text})`);
      ftsRows.push(sql`(${id}, ${ftsText(e.title)}, ${ftsText(e.body)})`);
    }
    await sql`insert into search_entries (id, book_id, chapter_id, block, text) values ${sql.join(entryRows)}`.execute(db);
    await sql`insert into search_fts (rowid, title, body) values ${sql.join(ftsRows)}`.execute(db);
  }
}

/**
 * Adds the entries' terms to `search_terms`, the vocabulary the last word of a query is completed
 * from (repositories/search.ts). Terms stay when their entries go: a stale one matches nothing.
 */
async function recordTerms(db: AnyDb, entries: Entry[]): Promise<void> {
  const terms = new Set<string>();
  for (const e of entries) for (const text of [e.title, e.body]) for (const position of indexTerms(text)) for (const term of position) terms.add(term);
  // In one order everywhere: two transactions adding the same new terms wait for each other on
  // PostgreSQL's unique key, and in opposite orders they would deadlock.
  const all = [...terms].sort();
  for (let start = 0; start < all.length; start += BATCH) {
    const rows = all.slice(start, start + BATCH).map((term) => sql`(${term})`);
    await sql`insert into search_terms (term) values ${sql.join(rows)} on conflict do nothing`.execute(db);
  }
}

/** A book's entry: its title weighted first; title, author and description as its snippet text. */
const bookEntry = (book: IndexedBook): Entry => ({
  book_id: book.id,
  chapter_id: null,
  block: null,
  text: [book.title, book.author, book.description].filter((part) => part.trim()).join(' · '),
  title: book.title,
  body: `${book.author} ${book.description}`,
});

/** (Re)indexes a book's own fields. */
export async function indexBook(db: AnyDb, dialect: Dialect, book: IndexedBook): Promise<void> {
  await sql`delete from search_entries where book_id = ${book.id} and chapter_id is null`.execute(db);
  await insertEntries(db, dialect, [bookEntry(book)]);
}

/** (Re)indexes a chapter: its title (block null), and one entry per block with text, `block` its index in the document. */
export async function indexChapter(db: AnyDb, dialect: Dialect, chapter: IndexedChapter): Promise<void> {
  await sql`delete from search_entries where chapter_id = ${chapter.id}`.execute(db);
  await insertChapters(db, dialect, [chapter]);
}

async function insertChapters(db: AnyDb, dialect: Dialect, chapters: IndexedChapter[], withTerms = true): Promise<void> {
  const entries: Entry[] = [];
  for (const chapter of chapters) {
    // The chapter's title: a match opens the chapter at its start (no block).
    const title = chapter.title.trim();
    if (title) entries.push({ book_id: chapter.book_id, chapter_id: chapter.id, block: null, text: title, title: '', body: title });
    chapterBlocks(chapter.content_delta).forEach((text, block) => {
      if (text) entries.push({ book_id: chapter.book_id, chapter_id: chapter.id, block, text, title: '', body: text });
    });
  }
  await insertEntries(db, dialect, entries, withTerms);
}

/** Indexes every book and chapter (the index must be empty): the migration's backfill, and after bulk inserts. */
export async function indexEverything(db: AnyDb, dialect: Dialect): Promise<void> {
  // Migration 011 runs this before 015 creates the vocabulary, which then fills it from the index.
  const withTerms = await hasTermsTable(db, dialect);
  await indexEveryBook(db, dialect, withTerms);
  let after = 0;
  for (;;) {
    const chapters = await sql<IndexedChapter>`select id, book_id, title, content_delta from chapters where id > ${after} order by id limit 100`.execute(db);
    if (!chapters.rows.length) break;
    await insertChapters(db, dialect, chapters.rows, withTerms);
    after = chapters.rows.at(-1)!.id;
  }
  await compactIndex(db, dialect);
}

/**
 * Merges SQLite's full-text index into one segment after a bulk write. Writes in one transaction
 * left it in 6 segments (20 after re-indexing the books), and every query reads each segment:
 * the first 1000 matches of a common word took 9.6 ms instead of 0.9 ms on the bench's data.
 */
export async function compactIndex(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`insert into search_fts (search_fts) values ('optimize')`.execute(db);
}

/** Indexes every book's own fields (the index must hold none of them). */
export async function indexEveryBook(db: AnyDb, dialect: Dialect, withTerms = true): Promise<void> {
  let after = 0;
  for (;;) {
    const books = await sql<IndexedBook>`select id, title, author, description from books where id > ${after} order by id limit 500`.execute(db);
    if (!books.rows.length) break;
    await insertEntries(db, dialect, books.rows.map(bookEntry), withTerms);
    after = books.rows.at(-1)!.id;
  }
}

async function hasTermsTable(db: AnyDb, dialect: Dialect): Promise<boolean> {
  const found =
    dialect === 'postgres'
      ? await sql<{ found: unknown }>`select to_regclass('search_terms') as found`.execute(db)
      : await sql<{ found: unknown }>`select name as found from sqlite_master where type = 'table' and name = 'search_terms'`.execute(db);
  return found.rows[0]?.found != null;
}

/** Fills the vocabulary from the full-text index (migrations/015-search-candidates.ts). */
export async function recordIndexedTerms(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`insert into search_terms (term) select word from ts_stat('select document from search_entries') on conflict do nothing`.execute(db);
    return;
  }
  await sql`create virtual table temp.search_vocabulary using fts5vocab(main, search_fts, row)`.execute(db);
  await sql`insert into search_terms (term) select term from temp.search_vocabulary where true on conflict do nothing`.execute(db);
  await sql`drop table temp.search_vocabulary`.execute(db);
}
