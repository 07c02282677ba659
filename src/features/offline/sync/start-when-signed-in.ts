/**
 * The only part of the offline feature the root route loads for everyone: a few lines that
 * load the outbox sync (Dexie, the runner) once somebody is signed in. A visitor's first visit
 * to a public page carries none of it.
 */
import { getStoredUser, subscribeSession } from '../../../lib/session';

let loading: Promise<typeof import('./outbox-sync')> | null = null;

/** Loads and starts the outbox sync now if a user is signed in, else at the next sign-in. */
export function startOutboxSyncWhenSignedIn(onScoresSent?: () => void): () => void {
  let unsubscribeSent: (() => void) | null = null;
  let stopped = false;
  const start = () => {
    if (!getStoredUser() || loading) return;
    loading = import('./outbox-sync');
    loading
      .then((sync) => {
        sync.startOutboxSync();
        if (onScoresSent && !stopped) unsubscribeSent = sync.onScoresSent(onScoresSent);
      })
      .catch((error: unknown) => {
        loading = null;
        console.error('The score sync could not be loaded', error);
      });
  };
  start();
  const unsubscribeSession = subscribeSession(start);
  return () => {
    stopped = true;
    unsubscribeSession();
    unsubscribeSent?.();
  };
}
