/**
 * Download for offline (page side). A download is planned first (sizes shown before it
 * starts), then every image (and each chosen video) goes into the downloads cache, and only
 * then are the chapters written with the row marked `complete`. Whatever stops it — no
 * network, a closed page, a full disk — leaves at most a `downloading` row with the reason:
 * never shown as available, offered 'Resume' or 'Remove download'. A resumed download skips
 * media already in the cache.
 */
import type { ParsedBook } from '../../../contract/book-detail';
import type { Chapter } from '../../../contract/books';
import { toApiError } from '../../../lib/api-error';
import { db, DOWNLOADS_CACHE, type OfflineBook, type OfflineMedia } from '../../../lib/db';
import { getBook } from '../../../api/get-book';
import { getChapters } from '../../../api/get-chapters';
import { syncDrills } from '../../../api/sync-drills';
import { parseBook } from '../../../contract/book-detail';
import { getMediaSize } from '../api/get-media-size';
import { releaseUnusedMedia, storedBytesOf, textBytesOf, writeBookText } from '../db/downloads';
import { mediaOfBook } from '../media/offline-media';
import { setDownloadProgress } from './download-progress';

export interface DownloadPlan {
  bookId: number;
  book: ParsedBook;
  chapters: Chapter[];
  textBytes: number;
  images: OfflineMedia[];
  videos: OfflineMedia[];
}

/** Fetches what a download would store and the size of each medium (shown before it starts). */
export async function planDownload(bookId: number, signal?: AbortSignal): Promise<DownloadPlan> {
  const [book, chapters] = await Promise.all([getBook(bookId).then(parseBook), getChapters(bookId)]);
  const refs = mediaOfBook(book.cover_image_url, chapters, window.location.origin);
  const media = await Promise.all(refs.map(async (ref) => ({ ...ref, bytes: await getMediaSize(ref.url, signal), stored: false })));
  return {
    bookId,
    book,
    chapters,
    textBytes: textBytesOf(book, chapters),
    images: media.filter((m) => m.kind === 'image'),
    videos: media.filter((m) => m.kind === 'video'),
  };
}

/** Bytes a plan would store with the chosen videos. */
export const plannedBytes = (plan: DownloadPlan, videoUrls: readonly string[]) =>
  plan.textBytes + [...plan.images, ...plan.videos.filter((v) => videoUrls.includes(v.url))].reduce((sum, m) => sum + (m.bytes ?? 0), 0);

const messageOf = (error: unknown) => {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'This device has no room left for the download.';
  if (error instanceof DOMException && error.name === 'AbortError') return 'The download was stopped.';
  const apiError = toApiError(error);
  return apiError.reason === 'network' ? 'The connection was lost during the download.' : apiError.message;
};

/** Fetches one medium into the downloads cache (skipped when already there); returns its size. */
async function storeMedium(cache: Cache, url: string, signal?: AbortSignal): Promise<number> {
  const held = await cache.match(url);
  if (held) return Number(held.headers.get('content-length')) || (await held.clone().blob()).size;
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`Could not download ${url} (HTTP ${response.status}).`);
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set('content-length', String(body.size));
  // Stored whole (a 200), so the service worker can answer any Range of it with a 206.
  await cache.put(url, new Response(body, { status: 200, statusText: 'OK', headers }));
  return body.size;
}

/**
 * Indexes the stored copy for offline search, in the background (a Web Worker builds it); the
 * search code loads here, after a download, not with the download's own code.
 */
function indexForSearch(userId: number, bookId: number): void {
  void import('../../../lib/offline-search/offline-index').then(
    ({ indexBookCopy }) => indexBookCopy(userId, bookId),
    (error: unknown) => console.warn('The offline search index could not be built', error),
  );
}

export interface DownloadOptions {
  userId: number;
  plan: DownloadPlan;
  /** Videos chosen to go with the book. */
  videoUrls?: readonly string[];
  signal?: AbortSignal;
}

/**
 * Stores a planned book for the user; resolves with the complete copy, or rejects. Media go
 * into the cache first; the chapters and the `complete` mark are written last, in one
 * transaction, so a copy is complete or it is not there. A first download writes a
 * `downloading` row up front (listing its media, so an interrupted one can be resumed or
 * removed); an update of a complete copy leaves that copy untouched until the new one is ready.
 */
export async function downloadBook({ userId, plan, videoUrls = [], signal }: DownloadOptions): Promise<OfflineBook> {
  const { bookId, book, chapters } = plan;
  const previous = await db.bookCopy(userId, bookId);
  const keptVideos = previous?.media.filter((m) => m.kind === 'video' && m.stored).map((m) => m.url) ?? [];
  const wanted = new Set([...videoUrls, ...keptVideos]);
  const media: OfflineMedia[] = [...plan.images, ...plan.videos.filter((v) => wanted.has(v.url))].map((m) => ({ ...m, stored: false }));
  const total = plannedBytes(plan, [...wanted]);
  const updating = previous?.status === 'complete';
  const row: OfflineBook = {
    userId,
    bookId,
    status: 'downloading',
    book,
    media,
    sizeBytes: 0,
    serverUpdatedAt: book.updated_at,
    downloadedAt: null,
    checkedAt: Date.now(),
    error: null,
  };
  setDownloadProgress(userId, bookId, { done: 0, total });
  try {
    if (!updating) await db.books.put(row);
    let done = plan.textBytes;
    setDownloadProgress(userId, bookId, { done, total });
    const cache = media.length > 0 ? await caches.open(DOWNLOADS_CACHE) : null;
    for (const medium of media) {
      if (signal?.aborted || !cache) throw new DOMException('Aborted', 'AbortError');
      medium.bytes = await storeMedium(cache, medium.url, signal);
      medium.stored = true;
      done += medium.bytes;
      setDownloadProgress(userId, bookId, { done, total: Math.max(total, done) });
      if (!updating) await db.books.update([userId, bookId], { media, sizeBytes: storedBytesOf(0, media) });
    }
    const now = Date.now();
    const complete: OfflineBook = { ...row, media, status: 'complete', sizeBytes: storedBytesOf(plan.textBytes, media), downloadedAt: now, checkedAt: now };
    await writeBookText(complete, chapters);
    indexForSearch(userId, bookId);
    // The practice drills come along for an offline day (best effort: never fails the download).
    syncDrills(userId).catch((error: unknown) => console.info('The practice drills were not refreshed with the download', error));
    // Media of the older copy that this one no longer uses.
    if (previous) await releaseUnusedMedia(previous.media.map((m) => m.url).filter((url) => !media.some((m) => m.url === url)));
    return complete;
  } catch (error) {
    const reason = messageOf(error);
    if (!updating) await db.books.update([userId, bookId], { error: reason }).catch(() => undefined);
    throw new Error(reason, { cause: error });
  } finally {
    setDownloadProgress(userId, bookId, null);
  }
}

/** Adds one video to a downloaded book ('Download video'), or removes it. */
export async function setVideoDownloaded(userId: number, bookId: number, url: string, wanted: boolean, signal?: AbortSignal): Promise<void> {
  const row = await db.bookCopy(userId, bookId);
  if (!row) throw new Error('This book is not downloaded.');
  const media = row.media.some((m) => m.url === url)
    ? row.media.map((m) => ({ ...m }))
    : [...row.media.map((m) => ({ ...m })), { url, kind: 'video' as const, bytes: null, stored: false }];
  const medium = media.find((m) => m.url === url)!;
  const textBytes = row.sizeBytes - storedBytesOf(0, row.media);
  if (wanted) {
    const cache = await caches.open(DOWNLOADS_CACHE);
    setDownloadProgress(userId, bookId, { done: 0, total: medium.bytes ?? 0, url });
    try {
      medium.bytes = await storeMedium(cache, url, signal);
      medium.stored = true;
    } finally {
      setDownloadProgress(userId, bookId, null);
    }
    await db.books.update([userId, bookId], { media, sizeBytes: storedBytesOf(textBytes, media) });
  } else {
    const kept = media.filter((m) => m.url !== url);
    await db.books.update([userId, bookId], { media: kept, sizeBytes: storedBytesOf(textBytes, kept) });
    await releaseUnusedMedia([url]);
  }
}
