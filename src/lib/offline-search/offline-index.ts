/**
 * The offline search of downloaded books: each complete copy gets its own MiniSearch index,
 * built and stored by a Web Worker (build-index.worker.ts, store-index.ts) in IndexedDB (`db.searchIndexes`)
 * with the version of the copy it was built from. The downloads feature indexes a copy after
 * each download or update and deletes the index with the copy; a search checks the versions
 * too and indexes what is missing or stale, so an index never answers for text the copy no
 * longer holds. Searches are answered by another Web Worker (search.worker.ts, query-index.ts),
 * which keeps the indexes loaded; on the page only where there is no worker.
 */
import type { SearchResult } from '../../contract/search';
import { completeCopies, queryIndexes } from './query-index';
import type { SearchAnswer, SearchRequest } from './search.worker';
import { buildAndStore, copyVersion } from './store-index';

export { copyVersion };

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

/** The search worker and the searches it has not answered yet; null where it cannot run (the page answers). */
let searcher: { worker: Worker; waiting: Map<number, (answer: SearchAnswer) => void> } | null | undefined;
let lastRequest = 0;

function startSearcher() {
  if (searcher !== undefined) return searcher;
  if (typeof Worker === 'undefined') return (searcher = null);
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (answer: SearchAnswer) => void>();
  worker.onmessage = (event: MessageEvent<SearchAnswer>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  worker.onerror = (event) => {
    // The worker did not start (or broke): the page answers from now on, the searches waiting too.
    event.preventDefault();
    console.warn('The offline searches are answered on the page: the search worker failed', event.message);
    worker.terminate();
    searcher = null;
    for (const answer of waiting.values()) answer({ id: 0, error: 'worker-failed' });
  };
  return (searcher = { worker, waiting });
}

/** Asks the search worker; undefined where there is none (or it failed): the page answers. */
function askSearcher(request: Omit<SearchRequest, 'id'>): Promise<SearchResult[] | undefined> {
  const running = startSearcher();
  if (!running) return Promise.resolve(undefined);
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    running.waiting.set(id, (answer) => {
      if ('results' in answer) resolve(answer.results);
      else if (answer.error === 'worker-failed') resolve(undefined);
      else reject(new Error(answer.error));
    });
    running.worker.postMessage({ ...request, id } as SearchRequest);
  });
}

/**
 * Searches the user's downloaded books (or one of them): results as the API shapes them, a
 * book whose title holds a query word first, then by relevance. Indexes missing or stale copies first.
 */
export async function searchDownloadedBooks(userId: number, q: string, options: { bookId?: number } = {}): Promise<SearchResult[]> {
  return (await askSearcher({ userId, q, bookId: options.bookId })) ?? queryIndexes(userId, q, options.bookId, indexBookCopy);
}

/**
 * Loads the downloaded books' indexes in the search worker ahead of the first search (the
 * search page calls it as it opens); nothing where there is no worker, not to hold up the page.
 */
export async function loadSearchIndexes(userId: number): Promise<void> {
  await askSearcher({ userId });
}

/** Ids of the books the user has downloaded completely (to mark online results 'Available offline'). */
export async function downloadedBookIds(userId: number): Promise<Set<number>> {
  return new Set((await completeCopies(userId)).map((copy) => copy.bookId));
}
