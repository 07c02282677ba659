import { sql, type Kysely } from 'kysely';
import type { Book, BookListItem, BookQuiz } from '../../src/contract/books';
import type { Database } from '../db/schema';
import { nowIso } from '../lib/time';
import { JsonBody } from '../lib/json-body';
import { JsonPage, type Page } from '../lib/pagination';
import { VersionedCache } from './versioned-cache';
import { PreparedQuery } from './prepared';
import type { SearchRepository } from './search';
import { inTransaction } from './transaction';

export interface BookRow {
  id: number;
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
  owner: number | null;
  created_at: string;
  updated_at: string;
  chapter_count: number;
  quiz_id: number | null;
}

export interface BookInput {
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
}

/** From this offset on, a page is counted first and read from whichever end is nearer. */
export const DEEP_PAGE_OFFSET = 200;

export class BooksRepository {
  /** The number of books, kept exact by triggers (migrations/004-content-state.ts): a key lookup, not a count of every book. */
  private readonly countQuery = new PreparedQuery(0, () => this.db.selectFrom('content_state').select('book_count as count').where('id', '=', sql.lit(1)));

  /**
   * A page of books, newest first: the page's ids are read from the (created_at, id) index
   * alone, and only those books are then joined with their quiz and chapter count, whatever
   * the offset.
   */
  private readonly newestPage = new PreparedQuery(2, (limit: number, offset: number) => this.page(limit, offset, 'desc'));
  /** The same page counted from the oldest end, for pages nearer the end of the list. */
  private readonly oldestPage = new PreparedQuery(2, (limit: number, offset: number) => this.page(limit, offset, 'asc'));

  private readonly byIdQuery = new PreparedQuery(1, (id: number) => this.select().where('b.id', '=', id));

  /** A book with its current quiz version, in one query. */
  private readonly detailQuery = new PreparedQuery(1, (id: number) =>
    this.select()
      .leftJoin('quiz_versions as v', (join) => join.onRef('v.quiz_id', '=', 'q.id').onRef('v.version', '=', 'q.current_version'))
      .select(['q.title as quiz_title', 'q.current_version as quiz_version', 'v.quiz_data'])
      .where('b.id', '=', id),
  );

  /** Pages of the list as JSON, by page size and offset. */
  private readonly pages = new VersionedCache<string, JsonPage>(256);
  /** Books as their detail answers them, by id; null when there is no such book. */
  private readonly details = new VersionedCache<number, JsonBody | null>(2048, (body) => body?.bytes.length ?? 0, 32 * 1024 * 1024);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchRepository,
  ) {}

  private page(limit: number, offset: number, direction: 'asc' | 'desc') {
    return (
      this.select(
        this.db
          .selectFrom(
            this.db
              .selectFrom('books')
              .select(['id', 'created_at'])
              .orderBy('created_at', direction)
              .orderBy('id', direction)
              .limit(limit)
              .offset(offset)
              .as('p'),
          )
          .innerJoin('books as b', 'b.id', 'p.id'),
      )
        // Ordered by the page's own columns: the page is the outer loop, each book found by its
        // key (ordering by b's columns let SQLite walk every book in index order instead).
        .orderBy(sql.ref('p.created_at'), direction)
        .orderBy(sql.ref('p.id'), direction)
    );
  }

  private select(from = this.db.selectFrom('books as b')) {
    return from.leftJoin('quizzes as q', 'q.book_id', 'b.id').select((eb) => [
      'b.id',
      'b.title',
      'b.author',
      'b.description',
      'b.cover_image_url',
      'b.owner_id as owner',
      'b.created_at',
      'b.updated_at',
      'q.id as quiz_id',
      eb
        .selectFrom('chapters as c')
        .whereRef('c.book_id', '=', 'b.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('chapter_count'),
    ]);
  }

  private static normalise(row: Omit<BookRow, 'chapter_count'> & { chapter_count: unknown }): BookRow {
    return { ...row, chapter_count: Number(row.chapter_count ?? 0), quiz_id: row.quiz_id ?? null };
  }

  /**
   * A page of the list with its results as JSON text, as of content `version` (the request's,
   * see versioned-cache.ts): kept and answered again until a book, chapter or quiz changes.
   */
  listJson(page: Page, version: number | null): Promise<JsonPage> {
    return this.pages.get(`${page.size}:${page.offset}`, version, async () => {
      const { count, rows } = await this.list(page);
      return new JsonPage(count, JSON.stringify(rows));
    });
  }

  /** The book as its detail answers it (with its current quiz), ready to send; null when there is no such book. */
  detailJson(id: number, version: number | null): Promise<JsonBody | null> {
    return this.details.get(id, version, async () => {
      const row = await this.detailQuery.executeTakeFirst(this.db, id);
      if (!row) return null;
      const quiz =
        row.quiz_id != null && row.quiz_data != null ? { id: row.quiz_id, title: row.quiz_title!, version: row.quiz_version!, quiz_data: row.quiz_data } : null;
      return new JsonBody(JSON.stringify(toBook(BooksRepository.normalise(row), quiz)));
    });
  }

  /** A page of books, newest first, as the list answers them: the quiz named without its questions. */
  async list(page: Page): Promise<{ count: number; rows: BookListItem[] }> {
    let count: number;
    let rows;
    if (page.offset < DEEP_PAGE_OFFSET) {
      const [counted, found] = await Promise.all([this.countQuery.executeTakeFirst(this.db), this.newestPage.execute(this.db, page.size, page.offset)]);
      count = Number(counted?.count ?? 0);
      rows = found;
    } else {
      // A deep page: an offset walks the index that far, so a page past the middle is read
      // from the oldest end instead (the last page costs what the first does).
      count = Number((await this.countQuery.executeTakeFirst(this.db))?.count ?? 0);
      const size = Math.max(0, Math.min(page.size, count - page.offset));
      const fromEnd = count - page.offset - size;
      rows =
        size === 0
          ? []
          : fromEnd < page.offset
            ? (await this.oldestPage.execute(this.db, size, fromEnd)).reverse()
            : await this.newestPage.execute(this.db, page.size, page.offset);
    }
    return {
      count,
      rows: rows.map(BooksRepository.normalise).map((book) => ({ ...toBookFields(book), quiz: book.quiz_id ? { id: book.quiz_id } : null })),
    };
  }

  async findById(id: number): Promise<BookRow | undefined> {
    const row = await this.byIdQuery.executeTakeFirst(this.db, id);
    return row ? BooksRepository.normalise(row) : undefined;
  }

  /** Adds a book, indexed for search in the same transaction. */
  async create(input: BookInput, ownerId: number): Promise<number> {
    const now = nowIso();
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('books')
        .values({ ...input, owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.search.indexBook({ id: row.id, ...input }, trx);
      return row.id;
    });
  }

  /** Deletes the book with its chapters, quiz and search entries (cascade); takers' scores keep their quiz title. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('books').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async ownsAny(userId: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('books').select('id').where('owner_id', '=', userId).executeTakeFirst());
  }

  /** Marks the book changed (a chapter or its quiz was written). */
  async touch(id: number): Promise<void> {
    await this.db.updateTable('books').set({ updated_at: nowIso() }).where('id', '=', id).execute();
  }
}

function toBookFields(book: BookRow): Omit<Book, 'quiz'> {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    description: book.description,
    cover_image_url: book.cover_image_url,
    chapter_count: book.chapter_count,
    created_at: book.created_at,
    updated_at: book.updated_at,
    owner: book.owner,
  };
}

/** The book as its detail answers it, with its current quiz (or none). */
export function toBook(book: BookRow, quiz: BookQuiz | null | undefined): Book {
  return { ...toBookFields(book), quiz: quiz ? { id: quiz.id, title: quiz.title, version: quiz.version, quiz_data: quiz.quiz_data } : null };
}
