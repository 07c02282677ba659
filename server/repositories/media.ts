import type { Kysely } from 'kysely';
import type { Database, MediaFilesTable } from '../db/schema';
import type { Insertable } from 'kysely';

/** The `/media/images/…` and `/media/videos/…` addresses this server hands out, wherever they appear in a text. */
const MEDIA_URL = /\/media\/(?:images|videos)\/[\w./-]+/g;

/** Every upload address named in `texts` (chapter documents as JSON, cover addresses). */
export function mediaUrlsIn(texts: readonly (string | null | undefined)[]): string[] {
  return [...new Set(texts.flatMap((text) => (text ? (text.match(MEDIA_URL) ?? []) : [])))];
}

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(file: Insertable<MediaFilesTable>): Promise<void> {
    await this.db.insertInto('media_files').values(file).execute();
  }

  /** Takes back the record of a file that could not be written. */
  async forget(path: string): Promise<void> {
    await this.db.deleteFrom('media_files').where('path', '=', path).execute();
  }

  /** The upload addresses a book's cover and chapters name (read before the book is deleted). */
  async urlsOfBook(bookId: number): Promise<string[]> {
    const book = await this.db.selectFrom('books').select('cover_image_url').where('id', '=', bookId).executeTakeFirst();
    const chapters = await this.db.selectFrom('chapters').select('content_delta').where('book_id', '=', bookId).execute();
    return mediaUrlsIn([book?.cover_image_url, ...chapters.map((c) => c.content_delta)]);
  }

  /** The upload addresses a chapter names (read before it is deleted). */
  async urlsOfChapter(bookId: number, chapterId: number): Promise<string[]> {
    const chapter = await this.db.selectFrom('chapters').select('content_delta').where('book_id', '=', bookId).where('id', '=', chapterId).executeTakeFirst();
    return mediaUrlsIn([chapter?.content_delta]);
  }

  /**
   * Of `paths`, the uploads this server recorded that no book cover and no chapter names any
   * more. A rare write's check (a deletion), so a scan of the chapters' text is affordable; a
   * LIKE wildcard in a path can only make a file look used, never unused.
   */
  async unreferenced(paths: readonly string[]): Promise<string[]> {
    const unused: string[] = [];
    for (const path of paths) {
      if (!(await this.exists(path))) continue;
      const cover = await this.db.selectFrom('books').select('id').where('cover_image_url', '=', path).executeTakeFirst();
      if (cover) continue;
      const chapter = await this.db.selectFrom('chapters').select('id').where('content_delta', 'like', `%${path}%`).executeTakeFirst();
      if (!chapter) unused.push(path);
    }
    return unused;
  }

  /** True when this server issued the media path (a `/media/...` URL it handed out). */
  async exists(path: string, kind?: 'image' | 'video'): Promise<boolean> {
    let query = this.db.selectFrom('media_files').select('id').where('path', '=', path);
    if (kind) query = query.where('kind', '=', kind);
    return Boolean(await query.executeTakeFirst());
  }
}
