/**
 * The Web Worker that builds and stores a downloaded book's offline index (store-index.ts):
 * it reads the copy from IndexedDB and writes the index there, so the page never holds the
 * chapters or the index. One message in (`{ userId, bookId }`), one out: `{}` or `{ error }`.
 */
import { buildAndStore } from './store-index';

self.addEventListener('message', (event: MessageEvent<{ userId: number; bookId: number }>) => {
  buildAndStore(event.data.userId, event.data.bookId).then(
    () => self.postMessage({}),
    (error: unknown) => self.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
