import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { type PersistedClient, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';

/** The app's QueryClient: offline-first, so a query issued offline waits instead of failing. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until it sees an `offline` event, which a page loaded
  // without a network never fires: start from the browser's own answer, so queries pause.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/** Where the network part of the query cache is kept across reloads. */
export const QUERY_CACHE_KEY = 'lap-query-cache';
/** A change here discards every saved cache (a shape of a persisted answer changed). */
const QUERY_CACHE_BUSTER = 'v1';
/** A saved cache older than this is not restored. */
const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The queries whose answers are kept across reloads, by key prefix: the books list, quiz history
 * and organization members, so they show their last known state offline. Everything that lives
 * in Dexie (downloaded books and chapters, quiz attempts, the outbox) is read from there and
 * never duplicated here, and book details and chapters (large) stay in memory only.
 */
const PERSISTED_QUERIES: readonly (readonly unknown[])[] = [['books', 'list'], ['quiz-history'], ['organization']];

const isPersisted = (queryKey: readonly unknown[]) => PERSISTED_QUERIES.some((prefix) => prefix.every((part, index) => queryKey[index] === part));

/**
 * Keeps the chosen queries' answers in localStorage (the sync-storage persister, written at
 * most once a second) and restores them now, synchronously, so the first render already has
 * them. Returns the function that stops persisting.
 */
export function persistQueryCache(queryClient: QueryClient, storage: Storage = window.localStorage): () => void {
  try {
    const text = storage.getItem(QUERY_CACHE_KEY);
    const saved = text ? (JSON.parse(text) as PersistedClient) : null;
    if (saved && saved.buster === QUERY_CACHE_BUSTER && Date.now() - saved.timestamp < QUERY_CACHE_MAX_AGE_MS) {
      hydrate(queryClient, saved.clientState);
      // Restored answers are shown at once but are last session's: each refreshes in the
      // background as soon as a screen uses it, however recently it was saved.
      void queryClient.invalidateQueries({ predicate: (query) => isPersisted(query.queryKey), refetchType: 'none' });
    } else if (saved) storage.removeItem(QUERY_CACHE_KEY);
  } catch (error) {
    console.warn('The saved query cache could not be read; it is discarded', error);
    storage.removeItem(QUERY_CACHE_KEY);
  }
  const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY, throttleTime: 1000 });
  return persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersisted(query.queryKey) },
  });
}
