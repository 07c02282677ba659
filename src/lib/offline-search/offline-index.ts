/**
 * The offline search of downloaded books: each complete copy gets its own MiniSearch index,
 * built and stored by a Web Worker (build-index.worker.ts, store-index.ts) in IndexedDB (`db.searchIndexes`)
 * with the version of the copy it was built from. The downloads feature indexes a copy after
 * each download or update and deletes the index with the copy; a search checks the versions
 * too and indexes what is missing or stale, so an index never answers for text the copy no
 * longer holds. Queries use the contract's words and stems, the last word also as a prefix,
 * and answer results of the API's shape (`SearchResult`) with the contract's snippets.
 */
import Dexie from 'dexie';
import type MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import { makeSnippet, searchWords, stem, type SearchResult, wordMatcher, words } from '../../contract/search';
import { db, type OfflineBook } from '../db';
import { INDEX_FORMAT, type IndexDocument, loadIndex } from './index-documents';
import { buildAndStore, copyVersion } from './store-index';

export { copyVersion };

/** Most results an offline search answers (all books together). */
export const OFFLINE_RESULTS_LIMIT = 500;
/** The book's own document (title, author, description) weighs more than one block. */
const BOOK_DOCUMENT_BOOST = 3;

/**
 * Builds and stores the copy's index in a Web Worker, which reads the copy from IndexedDB and
 * writes the index itself (store-index.ts): only two ids cross to the page, not a 200-chapter
 * book and its megabytes of index, whose copying and storing were a 130 ms task on the page.
 * Where there is no worker (or it fails to start), on this thread.
 */
function buildOffThread(userId: number, bookId: number): Promise<void> {
  if (typeof Worker === 'undefined') return buildAndStore(userId, bookId);
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./build-index.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ error?: string }>) => {
      worker.terminate();
      if (event.data.error === undefined) resolve();
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      reject(new Error(event.message || 'The search index worker did not start.'));
    };
    worker.postMessage({ userId, bookId });
  }).catch((error: unknown) => {
    console.warn('The search index was built on the page: the worker failed', error);
    return buildAndStore(userId, bookId);
  });
}

/** Complete copies of the user (of one book when `bookId` is given). */
async function completeCopies(userId: number, bookId?: number): Promise<OfflineBook[]> {
  const copies =
    bookId === undefined
      ? await db.books.where('[userId+bookId]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
      : [await db.bookCopy(userId, bookId)].filter((copy) => copy !== undefined);
  return copies.filter((copy) => copy.status === 'complete');
}

const building = new Map<string, Promise<void>>();

/**
 * Indexes the user's complete copy of a book unless its index is current (a copy no longer
 * complete loses its index). One build per copy at a time; never rejects.
 */
export function indexBookCopy(userId: number, bookId: number): Promise<void> {
  const key = `${userId}:${bookId}`;
  const running = building.get(key);
  // A build already running may have read the copy before it was stored again: check after it.
  const next = (running ?? Promise.resolve())
    .then(() => buildOffThread(userId, bookId))
    .catch((error: unknown) => console.warn('The downloaded book could not be indexed for search', error))
    .finally(() => {
      if (building.get(key) === next) building.delete(key);
    });
  building.set(key, next);
  return next;
}

/** Indexes loaded on this page, by `userId:bookId`, with the copy version they answer for. */
const loaded = new Map<string, { version: string; bookTitle: string; index: MiniSearch<IndexDocument> }>();

async function loadedIndex(userId: number, copy: OfflineBook) {
  const key = `${userId}:${copy.bookId}`;
  const version = copyVersion(copy);
  const cached = loaded.get(key);
  if (cached?.version === version) return cached;
  let row = await db.searchIndexes.get([userId, copy.bookId]);
  if (row?.version !== version || row.format !== INDEX_FORMAT) {
    await indexBookCopy(userId, copy.bookId);
    row = await db.searchIndexes.get([userId, copy.bookId]);
  }
  if (!row || row.version !== version) return null;
  const entry = { version, bookTitle: row.bookTitle, index: loadIndex(row.index) };
  loaded.set(key, entry);
  return entry;
}

/** The MiniSearch query of a search: every word by its stem, the last one also as typed, as a prefix. */
function queryOf(queryWords: string[]): Query {
  const last = queryWords.length - 1;
  return {
    combineWith: 'AND',
    queries: queryWords.map((word, i) => (i === last ? { combineWith: 'OR', prefix: true, queries: [...new Set([stem(word), word])] } : stem(word))),
  };
}

/**
 * Searches the user's downloaded books (or one of them): results as the API shapes them, a
 * book whose title holds a query word first, then by relevance. Indexes missing or stale copies first.
 */
export async function searchDownloadedBooks(userId: number, q: string, options: { bookId?: number } = {}): Promise<SearchResult[]> {
  const queryWords = searchWords(q);
  if (queryWords.length === 0) return [];
  const copies = await completeCopies(userId, options.bookId);
  const indexes = await Promise.all(copies.map(async (copy) => ({ copy, entry: await loadedIndex(userId, copy) })));
  const query = queryOf(queryWords);
  const matches = wordMatcher(queryWords);
  const scored: { inTitle: boolean; score: number; result: SearchResult }[] = [];
  for (const { copy, entry } of indexes) {
    if (!entry) continue;
    for (const hit of entry.index.search(query, { boostDocument: (id) => (id === 'book' ? BOOK_DOCUMENT_BOOST : 1) })) {
      const document = hit as unknown as IndexDocument & { score: number };
      scored.push({
        // As on the server: a book whose title holds a query word comes first.
        inTitle: document.chapterId === null && words(copy.book.title).some(matches),
        score: hit.score,
        result: {
          book_id: copy.bookId,
          book_title: copy.book.title,
          chapter_id: document.chapterId,
          chapter_title: document.chapterTitle,
          block: document.block,
          ...makeSnippet(document.text, queryWords),
        },
      });
    }
  }
  scored.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.score - a.score);
  return scored.slice(0, OFFLINE_RESULTS_LIMIT).map(({ result }) => result);
}

/** Ids of the books the user has downloaded completely (to mark online results 'Available offline'). */
export async function downloadedBookIds(userId: number): Promise<Set<number>> {
  return new Set((await completeCopies(userId)).map((copy) => copy.bookId));
}
