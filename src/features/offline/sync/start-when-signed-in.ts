/**
 * The only part of the offline feature the root route loads for everyone: a few lines that
 * load the outbox sync (Dexie, the runner) once somebody is signed in, and then check the
 * device's reading state against IndexedDB (reading/reconcile.ts). A visitor's first visit to a
 * public page carries none of it.
 */
import { useSyncExternalStore } from 'react';
import { afterFirstPage } from '../../../lib/first-page';
import { getStoredUser, subscribeSession } from '../../../lib/session';

let loading: Promise<typeof import('./outbox-sync')> | null = null;

/** The signed-in user's count of unsynced scores, pushed here by the loaded sync (0 until then). */
let pendingCount = 0;
const countListeners = new Set<() => void>();
const setPendingCount = (count: number) => {
  if (count === pendingCount) return;
  pendingCount = count;
  countListeners.forEach((listener) => listener());
};

/** How many of the signed-in user's quiz scores wait to reach the server (for the navbar), without loading Dexie for visitors. */
export function usePendingScores(): number {
  return useSyncExternalStore(
    (listener) => {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    () => pendingCount,
    () => 0,
  );
}

/** Loads and starts the outbox sync now if a user is signed in, else at the next sign-in. */
export function startOutboxSyncWhenSignedIn(onScoresSent?: () => void): () => void {
  let unsubscribeSent: (() => void) | null = null;
  let stopped = false;
  let listening = false;
  const start = () => {
    if (!getStoredUser()) return;
    if (!loading) {
      // Once the page is on screen: Dexie's code and its opening are not needed to show it.
      loading = new Promise<void>((resolve) => afterFirstPage(resolve)).then(() => import('./outbox-sync'));
      loading
        .then((sync) => {
          sync.startOutboxSync();
          sync.watchPendingCount(setPendingCount);
          const userId = getStoredUser()?.user_id;
          if (userId !== undefined) {
            import('../reading/reconcile')
              .then(({ reconcileReadingState }) => reconcileReadingState(userId))
              .catch((error: unknown) => console.warn("This device's downloaded books and reading positions could not be checked", error));
          }
        })
        .catch((error: unknown) => {
          loading = null;
          console.error('The score sync could not be loaded', error);
        });
    }
    if (onScoresSent && !listening) {
      listening = true;
      void loading
        .then((sync) => {
          if (!stopped) unsubscribeSent = sync.onScoresSent(onScoresSent);
        })
        .catch(() => {
          listening = false;
        });
    }
  };
  start();
  const unsubscribeSession = subscribeSession(start);
  return () => {
    stopped = true;
    unsubscribeSession();
    unsubscribeSent?.();
  };
}
