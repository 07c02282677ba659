/**
 * The Web Worker that builds a downloaded book's offline index (index-documents.ts), so a
 * 200-chapter book is tokenised and indexed off the main thread. One message in (IndexInput),
 * one out: the serialised index, or `{ error }`.
 */
import { buildIndexJson, type IndexInput } from './index-documents';

self.addEventListener('message', (event: MessageEvent<IndexInput>) => {
  try {
    self.postMessage({ index: buildIndexJson(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
