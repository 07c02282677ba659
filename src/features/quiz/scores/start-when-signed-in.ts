/**
 * The only part of the score sync the root route loads for everyone: a few lines that load the
 * outbox sync (Dexie, the runner) once somebody is signed in or a logout waits for the server, and the one count of the scores
 * waiting to sync that every screen shows (the navbar, the logout question, the dashboard, My
 * downloads). A visitor's pages never load Dexie.
 */
import { useSyncExternalStore } from 'react';
import { hasPendingLogouts, onLogoutQueued } from '../../../lib/outbox/logout-queue';
import { getStoredUser, subscribeSession } from '../../../lib/session';

let loading: Promise<typeof import('./outbox-sync')> | null = null;

/** The signed-in user's count of unsynced scores, pushed here by the loaded sync's live query (0 until then). */
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

/** Loads and starts the outbox sync now if a user is signed in or a logout waits to reach the server, else when either happens. */
export function startOutboxSyncWhenSignedIn(onScoresSent?: () => void): () => void {
  let unsubscribeSent: (() => void) | null = null;
  let stopped = false;
  let listening = false;
  const start = () => {
    if (!getStoredUser() && !hasPendingLogouts()) return;
    if (!loading) {
      loading = import('./outbox-sync');
      loading
        .then((sync) => {
          sync.startOutboxSync();
          sync.watchPendingCount(setPendingCount);
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
  const unsubscribeLogouts = onLogoutQueued(start);
  return () => {
    stopped = true;
    unsubscribeSession();
    unsubscribeLogouts();
    unsubscribeSent?.();
  };
}
