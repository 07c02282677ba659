/**
 * The Web Worker that answers the page's offline searches (query-index.ts): it loads the
 * downloaded books' indexes as the search page opens and keeps them, so the page never parses
 * an index: the first search after an offline reload over 10 books, at 4× CPU slowdown, took
 * 410–459 ms with the indexes loaded on the page and 48–200 ms with this worker (runs alternated,
 * `npm run bench -- --only=offline-search`). An index missing or stale is built here. Messages in: `{ id, userId, q, bookId? }` (a search) or `{ id, userId }` (load the
 * indexes ahead of the first search); out: `{ id, results }` or `{ id, error }`.
 */
import type { SearchResult } from '../../contract/search';
import { loadIndexes, queryIndexes } from './query-index';
import { buildAndStore } from './store-index';

/** A search (`q`, of one book with `bookId`), or without `q` the indexes loaded ahead. */
export interface SearchRequest {
  id: number;
  userId: number;
  q?: string;
  bookId?: number;
}
export type SearchAnswer = { id: number } & ({ results: SearchResult[] } | { error: string });

self.addEventListener('message', (event: MessageEvent<SearchRequest>) => {
  const { id, userId, q } = event.data;
  const answer = q === undefined ? loadIndexes(userId, buildAndStore).then(() => []) : queryIndexes(userId, q, event.data.bookId, buildAndStore);
  answer.then(
    (results) => self.postMessage({ id, results } satisfies SearchAnswer),
    (error: unknown) => self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies SearchAnswer),
  );
});
