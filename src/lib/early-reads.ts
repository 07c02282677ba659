/**
 * The API reads a signed-in page starts with, sent by index.html's starter beside the app's
 * code instead of once that code has downloaded and run.
 *
 * On a phone the app's code takes seconds to arrive and start. Its router asks for the page's
 * data only then, so the data and the first cover arrived one or two round trips after it. The
 * starter (vite.config.ts) knows the path before any of the app's code has arrived. For somebody
 * signed in, it sends these reads with the stored access token and leaves the answers under
 * `window.__earlyReads`. The API client takes an answer instead of sending the same read again
 * (api-client.ts), once. The answer must be a 200 sent with the token the client would send.
 * Anything else (401, an error, no network, a refreshed token) is left, and the client sends its
 * own request as before. With an expired access token nothing is sent early: the app refreshes it
 * first. What is not taken by the time the first page is on screen is dropped
 * (main.tsx).
 *
 * It imports only constants (no app code): the build reads this file too.
 */
import { BOOK_COVER_WIDTH } from '../contract/image-variants';

/** The session check every signed-in page makes (features/auth/api/auth-api.ts). */
export const SESSION_READ = '/accounts/profile/';

/**
 * The largest image on a page's first screen, named by one of its early reads: the starter asks
 * for it as soon as that read answers, beside the app's code, instead of once the app has run and
 * rendered its `<img>`. It is the `field` of the answer's first item (a list's first page: its
 * `results`), shown at most `width` px wide: the starter's preload names the same `srcset` and
 * `sizes` as the image (components/safe-image.tsx), so the file is fetched once.
 * - The list's first card's cover (features/books/components/book-cover.tsx).
 */
export interface FirstImage {
  read: string;
  field: string;
  width: number;
}

/**
 * A signed-in page's own first reads, by its route file (src/routes). `$1` is the route's first
 * path parameter, as it appears in the address.
 * - The list: features/books/api/get-books.ts.
 * - The reader: its book and chapters (features/books/api/get-book.ts and get-chapters.ts).
 *   They are not sent for a book this device has downloaded (`unlessDownloaded`: the book's id
 *   is `$1`, see `DOWNLOADED_HINT`).
 */
export const PAGE_READS: Record<string, { reads: string[]; unlessDownloaded?: boolean; firstImage?: FirstImage }> = {
  '_protected.books': { reads: ['/books/books/'], firstImage: { read: '/books/books/', field: 'cover_image_url', width: BOOK_COVER_WIDTH } },
  '_protected.book.$bookId': { reads: ['/books/books/$1/', '/books/books/$1/chapters/'], unlessDownloaded: true },
};

/**
 * The localStorage key listing, per user, the books downloaded on this device
 * (`{"<userId>": [bookId, …]}`), kept by the downloads (features/offline/db/downloads.ts) and set
 * right from IndexedDB once each signed-in page is shown. It is a hint, read before IndexedDB can
 * be: the starter sends no early read for such a book, and online the reader opens IndexedDB (and
 * loads its code) before showing a book only when the hint names it. If the hint is wrong either
 * way, a read is wasted or sent late, or a copy the hint missed is read after the network failed;
 * nothing else changes.
 */
export const DOWNLOADED_HINT = 'downloaded_books';

/** An early read's answer: the body as text, as a 200 sent it. */
export interface EarlyAnswer {
  status: number;
  body: string;
  headers: [string, string][];
}

interface EarlyRead {
  authorization: string;
  answer: Promise<EarlyAnswer | null>;
}

declare global {
  interface Window {
    __earlyReads?: Record<string, EarlyRead>;
  }
}

/**
 * The starter's answer to the GET of `path` (under /api), if it sent that read with the same
 * `Authorization` header. It is taken off: a second GET of the path goes to the network. The
 * promise resolves to null when the read failed or was not a 200.
 */
export function takeEarlyRead(path: string, authorization: string | null): Promise<EarlyAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const reads = window.__earlyReads;
  const read = reads?.[path];
  if (!reads || !read) return undefined;
  delete reads[path];
  return read.authorization === authorization ? read.answer : undefined;
}

/** Drops the answers nobody took: the first page is on screen, and they are getting old. */
export function dropEarlyReads(): void {
  if (typeof window !== 'undefined') delete window.__earlyReads;
}
