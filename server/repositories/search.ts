/**
 * Full-text search over books and chapters (GET /books/search/), and the index writes the book
 * and chapter repositories make in their own transactions (db/search-index.ts). Every signed-in
 * user may read every book (the books list shows them all), so every book is searched.
 *
 * A query is built from the contract's searchWords(q) only, each word a quoted term
 * (lib/search-terms.ts): nothing typed is FTS syntax. Matches are ranked with any query word in
 * a book's title first, then by relevance (FTS5 bm25, PostgreSQL ts_rank_cd), then by entry id so
 * pages never overlap; the count uses the same match.
 */
import { sql, type Kysely } from 'kysely';
import { makeSnippet, type SearchResult } from '../../src/contract/search';
import { MAX_ID } from '../../src/contract/fields';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { indexBook, indexChapter, type IndexedBook, type IndexedChapter } from '../db/search-index';
import { ftsMatch, tsqueryLiteral } from '../lib/search-terms';
import type { Page } from '../lib/pagination';

interface MatchRow {
  book_id: number;
  book_title: string;
  chapter_id: number | null;
  chapter_title: string | null;
  block: number | null;
  text: string;
}

export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** (Re)indexes a book's title, author and description, on `trx`: the transaction that wrote them. */
  indexBook(book: IndexedBook, trx: Kysely<Database>): Promise<void> {
    return indexBook(trx, this.dialect, book);
  }

  /** (Re)indexes a chapter's blocks, on `trx`: the transaction that wrote its content. */
  indexChapter(chapter: IndexedChapter, trx: Kysely<Database>): Promise<void> {
    return indexChapter(trx, this.dialect, chapter);
  }

  /** A page of matches of `words` (searchWords(q), at least one), in one book or all; `count` of all matches. */
  async search(words: readonly string[], bookId: number | undefined, page: Page): Promise<{ count: number; results: SearchResult[] }> {
    // A page number far past any count is answered by the count alone (pagination's 404).
    const offset = Math.min(page.offset, MAX_ID);
    const [count, rows] = await Promise.all(
      this.dialect === 'postgres'
        ? [this.countPostgres(words, bookId), this.pagePostgres(words, bookId, page.size, offset)]
        : [this.countSqlite(words, bookId), this.pageSqlite(words, bookId, page.size, offset)],
    );
    return {
      count,
      results: rows.map((row) => ({
        book_id: row.book_id,
        book_title: row.book_title,
        chapter_id: row.chapter_id,
        chapter_title: row.chapter_title,
        ...makeSnippet(row.text, words),
        block: row.block,
      })),
    };
  }

  private async countSqlite(words: readonly string[], bookId: number | undefined): Promise<number> {
    const match = ftsMatch(words);
    const result =
      bookId === undefined
        ? await sql<{ count: number }>`select count(*) as count from search_fts where search_fts match ${match}`.execute(this.db)
        : await sql<{ count: number }>`select count(*) as count from search_fts join search_entries e on e.id = search_fts.rowid
            where search_fts match ${match} and e.book_id = ${bookId}`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }

  private async pageSqlite(words: readonly string[], bookId: number | undefined, limit: number, offset: number): Promise<MatchRow[]> {
    // The page is ranked on the index alone (in one book, with each match's entry for its book),
    // and only its rows are then joined: a common word matches tens of thousands of blocks.
    // bm25 with the body weighed 0 is below 0 exactly when a query word is in the title.
    const ranked =
      bookId === undefined
        ? sql`select rowid as id, bm25(search_fts, 1.0, 0.0) < 0 as in_title, bm25(search_fts, 4.0, 1.0) as score
            from search_fts where search_fts match ${ftsMatch(words)}
            order by in_title desc, score, id limit ${limit} offset ${offset}`
        : sql`select search_fts.rowid as id, bm25(search_fts, 1.0, 0.0) < 0 as in_title, bm25(search_fts, 4.0, 1.0) as score
            from search_fts join search_entries e on e.id = search_fts.rowid
            where search_fts match ${ftsMatch(words)} and e.book_id = ${bookId}
            order by in_title desc, score, id limit ${limit} offset ${offset}`;
    const result = await sql<MatchRow>`select e.book_id, b.title as book_title, e.chapter_id, c.title as chapter_title, e.block, e.text
      from (${ranked}) m
      join search_entries e on e.id = m.id
      join books b on b.id = e.book_id
      left join chapters c on c.id = e.chapter_id
      order by m.in_title desc, m.score, m.id`.execute(this.db);
    return result.rows;
  }

  private async countPostgres(words: readonly string[], bookId: number | undefined): Promise<number> {
    const inBook = bookId === undefined ? sql`` : sql`and book_id = ${bookId}`;
    const result = await sql<{ count: number }>`select count(*) as count from search_entries
      where document @@ ${tsqueryLiteral(words)}::tsquery ${inBook}`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }

  private async pagePostgres(words: readonly string[], bookId: number | undefined, limit: number, offset: number): Promise<MatchRow[]> {
    // Ranked on the entries alone, then only the page's rows joined (as on SQLite).
    const inBook = bookId === undefined ? sql`` : sql`and book_id = ${bookId}`;
    const query = tsqueryLiteral(words);
    const ranked = sql`select id, document @@ ${tsqueryLiteral(words, 'A')}::tsquery as in_title, ts_rank_cd(document, ${query}::tsquery) as score
      from search_entries where document @@ ${query}::tsquery ${inBook}
      order by in_title desc, score desc, id limit ${limit} offset ${offset}`;
    const result = await sql<MatchRow>`select e.book_id, b.title as book_title, e.chapter_id, c.title as chapter_title, e.block, e.text
      from (${ranked}) m
      join search_entries e on e.id = m.id
      join books b on b.id = e.book_id
      left join chapters c on c.id = e.chapter_id
      order by m.in_title desc, m.score desc, m.id`.execute(this.db);
    return result.rows;
  }
}
