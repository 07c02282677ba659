/**
 * Downloaded books in Dexie (books, chapters) and their media in the downloads cache.
 * Every row is keyed by the user: one user's downloads are never shown to another.
 */
import Dexie from 'dexie';
import type { ParsedBook } from '../../../contract/book-detail';
import type { Chapter } from '../../../contract/books';
import { db, DOWNLOADS_CACHE, type OfflineBook, type OfflineMedia } from '../../../lib/db';

/** Every copy of the user, newest first. */
export async function listOfflineBooks(userId: number): Promise<OfflineBook[]> {
  const books = await db.books.where('[userId+bookId]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray();
  return books.sort((a, b) => (b.downloadedAt ?? 0) - (a.downloadedAt ?? 0));
}

/** The size of the text held for a book: its detail and chapters as JSON. */
export const textBytesOf = (book: ParsedBook, chapters: Chapter[]) => new Blob([JSON.stringify(book), JSON.stringify(chapters)]).size;

/** Bytes held for a copy: its text and every stored medium. */
export const storedBytesOf = (textBytes: number, media: OfflineMedia[]) => textBytes + media.reduce((sum, m) => sum + (m.stored ? (m.bytes ?? 0) : 0), 0);

/**
 * Stores the book and its chapters as one transaction, replacing the previous chapters (a
 * chapter deleted on the server leaves the copy too).
 */
export async function writeBookText(row: OfflineBook, chapters: Chapter[]): Promise<void> {
  await db.transaction('rw', db.books, db.chapters, async () => {
    await db.chapters.where('[userId+bookId]').equals([row.userId, row.bookId]).delete();
    await db.chapters.bulkPut(chapters.map((chapter) => ({ ...chapter, userId: row.userId, bookId: row.bookId })));
    await db.books.put(row);
  });
}

/** Every media URL some copy on this device (any user's) still refers to as stored. */
async function mediaInUse(): Promise<Set<string>> {
  const urls = new Set<string>();
  await db.books.each((book) => book.media.forEach((m) => m.stored && urls.add(m.url)));
  return urls;
}

/** Deletes cached media that no copy refers to any more. */
export async function releaseUnusedMedia(candidates: string[]): Promise<void> {
  if (typeof caches === 'undefined' || candidates.length === 0) return;
  const inUse = await mediaInUse();
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(candidates.filter((url) => !inUse.has(url)).map((url) => cache.delete(url)));
}

/** 'Remove download': the copy's rows (its search index too) go in one transaction, then the media nobody else uses. */
export async function removeOfflineBook(userId: number, bookId: number): Promise<void> {
  const row = await db.bookCopy(userId, bookId);
  await db.transaction('rw', db.books, db.chapters, db.searchIndexes, async () => {
    await db.chapters.where('[userId+bookId]').equals([userId, bookId]).delete();
    await db.searchIndexes.delete([userId, bookId]);
    await db.books.delete([userId, bookId]);
  });
  await releaseUnusedMedia(row?.media.map((m) => m.url) ?? []);
}
