/**
 * Writes the full-text index of books and chapters (migrations/011-search.ts creates it): one
 * `search_entries` row per book (its title, author and description), per chapter title and per
 * chapter block with text, keyed to the book and chapter so a deletion cascades to them.
 * - SQLite: the terms go to the contentless FTS5 table `search_fts` under the entry's id (a
 *   trigger removes them with the entry); the entry's text is kept for snippets.
 * - PostgreSQL: the terms are the entry's `document` tsvector, GIN-indexed.
 * The terms come from lib/search-terms.ts. Used by the search repository, in the same
 * transaction as the write it follows, and by the migration to index what exists.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { chapterBlocks } from '../../src/contract/search';
import { ftsText, tsvectorLiteral } from '../lib/search-terms';
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

async function insertEntries(db: AnyDb, dialect: Dialect, entries: Entry[]): Promise<void> {
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
    // only write lock since its first write, so no other writer takes them meanwhile).
    const last = await sql<{ id: number }>`select coalesce(max(id), 0) as id from search_entries`.execute(db);
    const first = Number(last.rows[0]?.id ?? 0) + 1;
    const entryRows: RawBuilder<unknown>[] = [];
    const ftsRows: RawBuilder<unknown>[] = [];
    batch.forEach((e, i) => {
      entryRows.push(sql`(${first + i}, ${e.book_id}, ${e.chapter_id}, ${e.block}, ${e.text})`);
      ftsRows.push(sql`(${first + i}, ${ftsText(e.title)}, ${ftsText(e.body)})`);
    });
    await sql`insert into search_entries (id, book_id, chapter_id, block, text) values ${sql.join(entryRows)}`.execute(db);
    await sql`insert into search_fts (rowid, title, body) values ${sql.join(ftsRows)}`.execute(db);
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

async function insertChapters(db: AnyDb, dialect: Dialect, chapters: IndexedChapter[]): Promise<void> {
  const entries: Entry[] = [];
  for (const chapter of chapters) {
    // The chapter's title: a match opens the chapter at its start (no block).
    const title = chapter.title.trim();
    if (title) entries.push({ book_id: chapter.book_id, chapter_id: chapter.id, block: null, text: title, title: '', body: title });
    chapterBlocks(chapter.content_delta).forEach((text, block) => {
      if (text) entries.push({ book_id: chapter.book_id, chapter_id: chapter.id, block, text, title: '', body: text });
    });
  }
  await insertEntries(db, dialect, entries);
}

/** Indexes every book and chapter (the index must be empty): the migration's backfill, and after bulk inserts. */
export async function indexEverything(db: AnyDb, dialect: Dialect): Promise<void> {
  let after = 0;
  for (;;) {
    const books = await sql<IndexedBook>`select id, title, author, description from books where id > ${after} order by id limit 500`.execute(db);
    if (!books.rows.length) break;
    await insertEntries(db, dialect, books.rows.map(bookEntry));
    after = books.rows.at(-1)!.id;
  }
  after = 0;
  for (;;) {
    const chapters = await sql<IndexedChapter>`select id, book_id, title, content_delta from chapters where id > ${after} order by id limit 100`.execute(db);
    if (!chapters.rows.length) break;
    await insertChapters(db, dialect, chapters.rows);
    after = chapters.rows.at(-1)!.id;
  }
}
