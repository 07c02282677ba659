import type { Kysely } from 'kysely';
import type { Chapter } from '../../src/contract/books';
import type { Chapter as ChapterRow, Database } from '../db/schema';
import { nowIso } from '../lib/time';
import { JsonPage, type Page } from '../lib/pagination';
import { VersionedCache } from './versioned-cache';
import { PreparedQuery } from './prepared';
import type { SearchRepository } from './search';
import { inTransaction } from './transaction';

export interface ChapterInput {
  title: string;
  order: number;
  content_delta: unknown;
}

export class ChaptersRepository {
  private readonly countQuery = new PreparedQuery(1, (bookId: number) =>
    this.db
      .selectFrom('chapters')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('book_id', '=', bookId),
  );
  private readonly chapterPage = new PreparedQuery(3, (bookId: number, limit: number, offset: number) =>
    this.db.selectFrom('chapters').selectAll().where('book_id', '=', bookId).orderBy('order').orderBy('id').limit(limit).offset(offset),
  );
  private readonly findQuery = new PreparedQuery(2, (bookId: number, chapterId: number) =>
    this.db.selectFrom('chapters').selectAll().where('book_id', '=', bookId).where('id', '=', chapterId),
  );

  /** Pages of chapters as JSON text, by book, page size and offset (chapter texts run to tens of KB: kept by bytes too). */
  private readonly pages = new VersionedCache<string, JsonPage>(512, (page) => page.results.length, 64 * 1024 * 1024);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchRepository,
  ) {}

  async list(bookId: number, page: Page): Promise<{ count: number; rows: Chapter[] }> {
    const [counted, rows] = await Promise.all([
      this.countQuery.executeTakeFirst(this.db, bookId),
      this.chapterPage.execute(this.db, bookId, page.size, page.offset),
    ]);
    return { count: Number(counted?.count ?? 0), rows: rows.map(toChapter) };
  }

  /**
   * A page of chapters as JSON text, one string per chapter: each content document is sent as
   * it was stored (written by JSON.stringify in this repository) instead of being parsed and
   * written out again — chapter texts run to tens of KB each.
   */
  async listJson(bookId: number, page: Page): Promise<{ count: number; rows: string[] }> {
    const [counted, rows] = await Promise.all([
      this.countQuery.executeTakeFirst(this.db, bookId),
      this.chapterPage.execute(this.db, bookId, page.size, page.offset),
    ]);
    return { count: Number(counted?.count ?? 0), rows: rows.map(toChapterJson) };
  }

  /** `listJson` with the results joined into one JSON array, as of content `version` (kept until the content changes, see versioned-cache.ts). */
  pageJson(bookId: number, page: Page, version: number | null): Promise<JsonPage> {
    return this.pages.get(`${bookId}:${page.size}:${page.offset}`, version, async () => {
      const { count, rows } = await this.listJson(bookId, page);
      return new JsonPage(count, `[${rows.join(',')}]`);
    });
  }

  async find(bookId: number, chapterId: number): Promise<Chapter | undefined> {
    const row = await this.findQuery.executeTakeFirst(this.db, bookId, chapterId);
    return row && toChapter(row);
  }

  /** Adds a chapter, its blocks indexed for search in the same transaction. */
  async create(bookId: number, input: ChapterInput): Promise<Chapter> {
    const now = nowIso();
    const row = await inTransaction(this.db, async (trx) => {
      const created = await trx
        .insertInto('chapters')
        .values({
          book_id: bookId,
          title: input.title,
          order: input.order,
          content_delta: input.content_delta == null ? null : JSON.stringify(input.content_delta),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.search.indexChapter({ id: created.id, book_id: bookId, title: created.title, content_delta: input.content_delta }, trx);
      return created;
    });
    return toChapter(row);
  }

  async update(bookId: number, chapterId: number, changes: Partial<ChapterInput>): Promise<Chapter | undefined> {
    const set: { title?: string; order?: number; content_delta?: string | null; updated_at: string } = { updated_at: nowIso() };
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.order !== undefined) set.order = changes.order;
    if (changes.content_delta !== undefined) set.content_delta = changes.content_delta == null ? null : JSON.stringify(changes.content_delta);
    const row = await inTransaction(this.db, async (trx) => {
      const updated = await trx.updateTable('chapters').set(set).where('book_id', '=', bookId).where('id', '=', chapterId).returningAll().executeTakeFirst();
      // A new content or title is indexed anew (the title is searched too).
      if (updated && (changes.content_delta !== undefined || changes.title !== undefined))
        await this.search.indexChapter({ id: chapterId, book_id: bookId, title: updated.title, content_delta: updated.content_delta }, trx);
      return updated;
    });
    return row && toChapter(row);
  }

  /** Deletes a chapter; its search entries go with it (cascade). */
  async delete(bookId: number, chapterId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('chapters').where('book_id', '=', bookId).where('id', '=', chapterId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** The API's view of a chapter: content as the JSON document it was saved as. */
function toChapter(row: ChapterRow): Chapter {
  return {
    id: row.id,
    book: row.book_id,
    title: row.title,
    order: row.order,
    content_delta: row.content_delta == null ? null : (JSON.parse(row.content_delta) as unknown),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** toChapter as JSON text, the same fields in the same order, the stored content document spliced in as it is. */
function toChapterJson(row: ChapterRow): string {
  const text = JSON.stringify;
  return `{"id":${row.id},"book":${row.book_id},"title":${text(row.title)},"order":${row.order},"content_delta":${row.content_delta ?? 'null'},"created_at":${text(row.created_at)},"updated_at":${text(row.updated_at)}}`;
}
