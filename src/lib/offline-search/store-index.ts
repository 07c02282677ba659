/**
 * Builds a downloaded copy's search index from what IndexedDB holds and stores it there, with
 * the version of the copy it was built from. Runs in the Web Worker (build-index.worker.ts), or
 * on the page where there is none: it needs only Dexie and the pure index builder.
 */
import { db, type OfflineBook } from '../db';
import { buildIndexJson, INDEX_FORMAT } from './index-documents';

/** The version of a copy an index is built from: it changes each time the copy is stored again. */
export const copyVersion = (copy: Pick<OfflineBook, 'serverUpdatedAt' | 'downloadedAt'>) => `${copy.serverUpdatedAt}@${copy.downloadedAt ?? 0}`;

/** Indexes the user's complete copy of a book unless its index is current; a copy no longer complete loses its index. */
export async function buildAndStore(userId: number, bookId: number): Promise<void> {
  // A copy stored again while its index was being built is indexed again (a few rounds at most).
  for (let round = 0; round < 3; round++) {
    const copy = await db.bookCopy(userId, bookId);
    if (copy?.status !== 'complete') {
      await db.searchIndexes.delete([userId, bookId]);
      return;
    }
    const version = copyVersion(copy);
    const held = await db.searchIndexes.get([userId, bookId]);
    if (held?.version === version && held.format === INDEX_FORMAT) return;
    const chapters = await db.chaptersOfCopy(userId, bookId);
    const { title, author, description } = copy.book;
    const index = buildIndexJson({
      book: { title, author, description },
      chapters: chapters.map(({ id, title, content_delta }) => ({ id, title, content_delta })),
    });
    const stored = await db.transaction('rw', db.books, db.searchIndexes, async () => {
      const now = await db.bookCopy(userId, bookId);
      if (now?.status !== 'complete' || copyVersion(now) !== version) return false;
      await db.searchIndexes.put({ userId, bookId, version, format: INDEX_FORMAT, bookTitle: title, index, builtAt: Date.now() });
      return true;
    });
    if (stored) return;
  }
}
