/**
 * A downloaded copy kept fresh: compared with the server in the background when the reader opens
 * it, and stored again when the server's `updated_at` (or the quiz's version) changed. A failed
 * refresh changes nothing: the copy on the device stays.
 */
import { db } from '../../../lib/db';
import { getStoredUser } from '../../../lib/session';
import { getBook } from '../../../api/get-book';
import { parseBook } from '../../../contract/book-detail';
import { downloadBook, planDownload } from './download-book';
import { getDownloadProgress } from './download-progress';

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
    const copy = await db.bookCopy(userId, bookId);
    if (copy?.status !== 'complete') return false;
    if (!force && Date.now() - copy.checkedAt < REFRESH_AFTER_MS) return false;
    const server = parseBook(await getBook(bookId));
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
