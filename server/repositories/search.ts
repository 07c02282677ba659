/**
 * Full-text search over books and chapters (GET /books/search/), and the index writes the book
 * and chapter repositories make in their own transactions (db/search-index.ts). Every signed-in
 * user may read every book (the books list shows them all), so every book is searched.
 *
 * A query is built from the contract's searchWords(q) only, each word a quoted term
 * (lib/search-terms.ts): nothing typed is FTS syntax. A bounded set of candidates is ranked
 * (SEARCH_COUNT_CAP: the books' own matches, then the chapters' first ones in index order),
 * with any query word in a book's title first, then by relevance (FTS5 bm25, PostgreSQL
 * ts_rank_cd), then by entry id so pages never overlap; `count` is the number of candidates.
 * The books' matches come first without walking the chapters' ones: on SQLite a book's entry
 * has the id -book_id and FTS5 yields matches in id order; on PostgreSQL a partial GIN index
 * holds the books' entries (migrations/015-search-candidates.ts).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { makeSnippet, SEARCH_COUNT_CAP, type SearchResult } from '../../src/contract/search';
import { MAX_ID } from '../../src/contract/fields';
import { type Dialect, registerHotQuery } from '../db/database';
import type { Database } from '../db/schema';
import { indexBook, indexChapter, type IndexedBook, type IndexedChapter } from '../db/search-index';
import { type Completions, ftsMatch, tsqueryLiteral } from '../lib/search-terms';
import type { Page } from '../lib/pagination';

interface MatchRow {
  book_id: number;
  book_title: string;
  chapter_id: number | null;
  chapter_title: string | null;
  block: number | null;
  text: string;
  /** How many candidates were ranked (the count), on every row. */
  total: number | string;
}

/*
 * At most SEARCH_COUNT_CAP matches of a query are ranked and counted: the books' own entries, then the
 * chapters' in index order. A common word is in tens of thousands of blocks on the bench's data
 * at scale, and ranking reads each candidate (SQLite's bm25, PostgreSQL's heap row for
 * ts_rank_cd): with 250 rather than 500, searches/s at 10 connections rose from 622–636 to
 * 692–741 on SQLite and from 500–594 to 569–614 on PostgreSQL (three alternated rounds each).
 */
/** The last word of a query is searched as the terms it begins when there are at most this many, else as a prefix. */
const MAX_COMPLETIONS = 32;

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

  /**
   * A page of the best matches of `words` (searchWords(q), at least one), in one book or all,
   * and `count`: how many matches were ranked, at most SEARCH_COUNT_CAP.
   */
  async search(words: readonly string[], bookId: number | undefined, page: Page): Promise<{ count: number; results: SearchResult[] }> {
    const completions = await this.completions(words.at(-1)!);
    const ranked = this.dialect === 'postgres' ? this.rankedPostgres(words, completions, bookId, page) : this.rankedSqlite(words, completions, bookId, page);
    const rows = await this.run(ranked);
    // A page past the last one has no row to carry the count: it is counted alone (pagination's 404).
    const count =
      rows[0]?.total ??
      (page.offset > 0
        ? Number((await this.run(sql<{ total: number }>`select count(*) as total from (${this.candidates(words, completions, bookId)}) m`))[0]?.total)
        : 0);
    return {
      count: Number(count),
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

  /**
   * Runs a search statement as a hot query (db/database.ts): its text depends only on whether a
   * book is given, so PostgreSQL parses and plans it once per connection: a search matching
   * nothing took 0.2 ms instead of 1.2 ms, and at scale p50 at 10 connections fell from 47–48 to
   * 43–46 ms and from 38–40 to 31–37 ms (two alternated rounds on a loaded machine).
   */
  private async run<R>(query: RawBuilder<R>): Promise<R[]> {
    const compiled = query.compile(this.db);
    registerHotQuery(compiled.sql);
    return (await this.db.executeQuery(compiled)).rows;
  }

  /** The indexed terms that begin with `word` (lib/search-terms.ts), or null when there are more than MAX_COMPLETIONS. */
  private async completions(word: string): Promise<Completions> {
    // Byte order on both databases: every term that begins with `word` sorts between it and word + U+FFFF.
    const rows = await this.run(sql<{ term: string }>`select term from search_terms where term >= ${word} and term < ${`${word}\uffff`}
      order by term limit ${MAX_COMPLETIONS + 1}`);
    return rows.length > MAX_COMPLETIONS ? null : rows.map((row) => row.term);
  }

  /**
   * The candidates: (id, in_title, score) of the first SEARCH_COUNT_CAP matches, the books'
   * own entries first (see the module header). in_title: a query word is in the book's title.
   */
  private candidates(words: readonly string[], completions: Completions, bookId: number | undefined) {
    if (this.dialect === 'postgres') {
      // Each part stops at the limit: the bitmap of the GIN index is read, the heap only for the rows kept.
      const query = tsqueryLiteral(words, undefined, completions);
      const inBook = bookId === undefined ? sql`` : sql`and book_id = ${bookId}`;
      const columns = sql`id, document @@ ${tsqueryLiteral(words, 'A', completions)}::tsquery as in_title, ts_rank_cd(document, ${query}::tsquery) as score`;
      return sql`select * from (
          (select ${columns} from search_entries where chapter_id is null and document @@ ${query}::tsquery ${inBook} limit ${SEARCH_COUNT_CAP})
          union all
          (select ${columns} from search_entries where chapter_id is not null and document @@ ${query}::tsquery ${inBook} limit ${SEARCH_COUNT_CAP})
        ) c limit ${SEARCH_COUNT_CAP}`;
    }
    // bm25 with the body weighed 0 is below 0 exactly when a query word is in the title.
    const columns = sql`search_fts.rowid as id, bm25(search_fts, 1.0, 0.0) < 0 as in_title, bm25(search_fts, 4.0, 1.0) as score`;
    return bookId === undefined
      ? sql`select ${columns} from search_fts where search_fts match ${ftsMatch(words, completions)} limit ${SEARCH_COUNT_CAP}`
      : sql`select ${columns} from search_fts join search_entries e on e.id = search_fts.rowid
          where search_fts match ${ftsMatch(words, completions)} and e.book_id = ${bookId} limit ${SEARCH_COUNT_CAP}`;
  }

  private rankedSqlite(words: readonly string[], completions: Completions, bookId: number | undefined, page: Page) {
    // Ranked on the candidates alone, then only the page's rows joined.
    return sql<MatchRow>`select e.book_id, b.title as book_title, e.chapter_id, c.title as chapter_title, e.block, e.text, m.total
      from (select id, in_title, score, count(*) over () as total from (${this.candidates(words, completions, bookId)})
            order by in_title desc, score, id limit ${page.size} offset ${Math.min(page.offset, MAX_ID)}) m
      join search_entries e on e.id = m.id
      join books b on b.id = e.book_id
      left join chapters c on c.id = e.chapter_id
      order by m.in_title desc, m.score, m.id`;
  }

  private rankedPostgres(words: readonly string[], completions: Completions, bookId: number | undefined, page: Page) {
    return sql<MatchRow>`select e.book_id, b.title as book_title, e.chapter_id, c.title as chapter_title, e.block, e.text, m.total
      from (select id, in_title, score, count(*) over () as total from (${this.candidates(words, completions, bookId)}) r
            order by in_title desc, score desc, id limit ${page.size} offset ${Math.min(page.offset, MAX_ID)}) m
      join search_entries e on e.id = m.id
      join books b on b.id = e.book_id
      left join chapters c on c.id = e.chapter_id
      order by m.in_title desc, m.score desc, m.id`;
  }
}
