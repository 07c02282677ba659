import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { type PersistedClient, type Persister, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { getStoredUser, subscribeSession } from './session';

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
const QUERY_CACHE_VERSION = 'v1';
/** A saved cache older than this is not restored. */
const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The buster of a cache saved for one user: restored only while that user is the one signed in. */
const busterFor = (userId: number) => `${QUERY_CACHE_VERSION}:user-${userId}`;

/**
 * The queries whose answers are kept across reloads, by key prefix: the books list, quiz history,
 * organization members and the learner's progress and assignments, so they show their last known
 * state offline. Everything that lives
 * in Dexie (downloaded books and chapters, quiz attempts, the outbox) is read from there and
 * never duplicated here, and book details and chapters (large) stay in memory only.
 */
const PERSISTED_QUERIES: readonly (readonly unknown[])[] = [
  ['books', 'list'],
  ['quiz-history'],
  ['organization'],
  ['progress', 'mine'],
  ['progress', 'assignments'],
];

const isPersisted = (queryKey: readonly unknown[]) => PERSISTED_QUERIES.some((prefix) => prefix.every((part, index) => queryKey[index] === part));

const signedInUserId = () => getStoredUser()?.user_id ?? null;

/**
 * Keeps the chosen queries' answers in localStorage (the sync-storage persister, written at
 * most once a second) and restores them now, synchronously, so the first render already has
 * them. Returns the function that stops persisting.
 *
 * The saved cache belongs to one user, on a shared ward device too: it is saved with that
 * user's id in its buster and restored only for the same user; it is removed from storage the
 * moment the signed-in user changes (a logout, in this tab or another, or another user's
 * sign-in), synchronously, before any screen is left; and a write is made only when the user
 * the answers were fetched for is the one signed in at the moment of writing, so a throttled
 * write still pending at logout can never bring the cache back.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  storage: Storage = window.localStorage,
  currentUserId: () => number | null = signedInUserId,
): () => void {
  /** The user whose answers the in-memory cache holds; null when nobody is signed in. */
  let owner = currentUserId();
  try {
    const text = storage.getItem(QUERY_CACHE_KEY);
    const saved = text ? (JSON.parse(text) as PersistedClient) : null;
    if (saved && owner !== null && saved.buster === busterFor(owner) && Date.now() - saved.timestamp < QUERY_CACHE_MAX_AGE_MS) {
      hydrate(queryClient, saved.clientState);
      // Restored answers are shown at once but are last session's: each refreshes in the
      // background as soon as a screen uses it, however recently it was saved.
      void queryClient.invalidateQueries({ predicate: (query) => isPersisted(query.queryKey), refetchType: 'none' });
    } else if (saved) storage.removeItem(QUERY_CACHE_KEY);
  } catch (error) {
    console.warn('The saved query cache could not be read; it is discarded', error);
    storage.removeItem(QUERY_CACHE_KEY);
  }

  const stopFollowingSession = subscribeSession(() => {
    const next = currentUserId();
    if (next === owner) return;
    owner = next;
    storage.removeItem(QUERY_CACHE_KEY);
    // Another user signed in (here, or in another tab while this one held the last user's
    // answers): nothing fetched for the last user stays in memory to be shown or saved. At a
    // logout in this tab the screens are left first (features/auth/use-logout).
    if (next !== null) queryClient.clear();
  });

  const storagePersister = createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    // Runs when the throttled write happens: a cache saved for anyone but the user signed in
    // now is refused (the persister then writes nothing).
    serialize: (client) => {
      const now = currentUserId();
      if (now === null || client.buster !== busterFor(now)) throw new Error('The query cache belongs to a user who is not signed in.');
      return JSON.stringify(client);
    },
  });
  const persister: Persister = {
    persistClient: (client) => {
      if (owner === null) return;
      return storagePersister.persistClient({ ...client, buster: busterFor(owner) });
    },
    restoreClient: storagePersister.restoreClient,
    removeClient: storagePersister.removeClient,
  };
  const stopPersisting = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: QUERY_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersisted(query.queryKey) },
  });
  return () => {
    stopPersisting();
    stopFollowingSession();
  };
}
