/**
 * Local-first reading of a downloaded book: the reader opens from Dexie at once, and the copy
 * is refreshed from the network in the background when the server's `updated_at` (or the
 * quiz's version) changed. A failed refresh changes nothing: the local copy stays.
 */
import type { ParsedBook } from '../../../contract/book-detail';
import { db, type OfflineChapter } from '../../../lib/db';
import { hintDownloaded } from '../../../lib/downloaded-hint';
import { getStoredUser } from '../../../lib/session';
import { getBookForDownload } from '../api/get-book-copy';
import { getOfflineBook, getOfflineChapters } from '../db/downloads';
import { downloadBook, planDownload } from '../download/download-book';
import { getDownloadProgress } from '../download/download-progress';

export interface LocalBook {
  book: ParsedBook;
  chapters: OfflineChapter[];
}

/** The signed-in user's complete copy of a book, or null. */
export async function loadLocalBook(bookId: number): Promise<LocalBook | null> {
  const userId = getStoredUser()?.user_id;
  if (userId === undefined) return null;
  const copy = await getOfflineBook(userId, bookId);
  // The hint (lib/downloaded-hint.ts) follows what the device holds.
  hintDownloaded(userId, bookId, copy?.status === 'complete');
  if (copy?.status !== 'complete') return null;
  return { book: copy.book, chapters: await getOfflineChapters(userId, bookId) };
}

const REFRESH_AFTER_MS = 60_000;
const refreshing = new Set<string>();

/**
 * Compares the copy with the server and stores the new version when it changed. Resolves
 * with true when the copy was updated; never rejects (a failure is logged, the copy kept).
 */
export async function refreshBookCopy(bookId: number, { force = false } = {}): Promise<boolean> {
  const userId = getStoredUser()?.user_id;
  if (userId === undefined) return false;
  const key = `${userId}:${bookId}`;
  if (refreshing.has(key) || getDownloadProgress(userId, bookId)) return false;
  refreshing.add(key);
  try {
    const copy = await getOfflineBook(userId, bookId);
    if (copy?.status !== 'complete') return false;
    if (!force && Date.now() - copy.checkedAt < REFRESH_AFTER_MS) return false;
    const server = await getBookForDownload(bookId);
    const changed = force || server.updated_at !== copy.serverUpdatedAt || (server.quiz?.version ?? null) !== (copy.book.quiz?.version ?? null);
    if (!changed) {
      await db.books.update([userId, bookId], { checkedAt: Date.now() });
      return false;
    }
    await downloadBook({ userId, plan: await planDownload(bookId) });
    return true;
  } catch (error) {
    console.warn('The downloaded book could not be refreshed; the copy on this device is kept', error);
    return false;
  } finally {
    refreshing.delete(key);
  }
}
