/**
 * The downloaded books hint (`DOWNLOADED_HINT`, lib/early-reads.ts): which books each user has on
 * this device, read from localStorage before IndexedDB can be. Apart from early-reads.ts, which
 * every page's entry carries: only the reader and the offline library use these.
 */
import { DOWNLOADED_HINT } from './early-reads';
import { readStoredObject } from './stored-json';

/** The hint's books of every user; {} when it is missing or unreadable. */
const readDownloadedHint = () => readStoredObject<number[]>(DOWNLOADED_HINT);

/** Whether the hint says `userId` has `bookId` on this device (the reader then opens it from IndexedDB first). */
export function isHintedDownloaded(userId: number, bookId: number): boolean {
  const books = readDownloadedHint()[userId];
  return Array.isArray(books) && books.includes(bookId);
}

/** Notes that `userId` has (or no longer has) `bookId` on this device (`DOWNLOADED_HINT`). */
export function hintDownloaded(userId: number, bookId: number, downloaded: boolean): void {
  const hint = readDownloadedHint();
  const books = new Set(Array.isArray(hint[userId]) ? hint[userId] : []);
  // The reader checks on every opening from the device: most often the hint already says so.
  if (books.has(bookId) === downloaded) return;
  if (downloaded) books.add(bookId);
  else books.delete(bookId);
  hint[userId] = [...books];
  try {
    localStorage.setItem(DOWNLOADED_HINT, JSON.stringify(hint));
  } catch (error) {
    // A full or blocked localStorage costs the reader its early read, or a read of IndexedDB first.
    console.warn('The downloaded books hint could not be written', error);
  }
}
