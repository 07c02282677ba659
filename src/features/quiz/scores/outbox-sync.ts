/**
 * The page's outbox sync: one runner and one scheduler per page, wired to the triggers
 * (start-up, `online`, focus, sign-in, enqueue, 'Sync now'), plus the status the UI shows.
 * Loaded only for a signed-in user (start-when-signed-in.ts), never on a visitor's first visit.
 */
import { liveQuery } from 'dexie';
import { useSyncExternalStore } from 'react';
import { db, type QuizAttempt } from '../../../lib/db';
import { getStoredUser, subscribeSession } from '../../../lib/session';
import { sendScore } from './send-score';
import { type AttemptDetails, countUnsynced, writeCompletedAttempt } from '../../../lib/outbox/outbox-db';
import { createOutboxRunner, type FlushResult, SCORE_SYNC_TAG } from '../../../lib/outbox/runner';
import { sendLogoutFromPage } from '../../../lib/outbox/send-logout';
import { sendReadingFromPage } from '../../../lib/outbox/send-reading';
import { sendReviewsFromPage } from '../../../lib/outbox/send-review';
import { sendPracticeFromPage } from '../../../lib/outbox/send-practice';
import { clearLogoutMarker, hasPendingLogouts, onLogoutQueued, saveUnsavedLogouts } from '../../../lib/outbox/logout-queue';
import { onReadingQueued } from '../../../lib/outbox/reading-outbox';
import { onReviewQueued } from '../../../lib/outbox/review-outbox';
import { onPracticeQueued } from '../../../lib/outbox/practice-outbox';
import { createOutboxScheduler } from './outbox-scheduler';

export interface SyncStatus {
  /** A flush of this page is running. */
  running: boolean;
  /** The last finished run of this page. */
  lastResult: FlushResult | null;
  /** A failure of the device itself (storage), not of the network. */
  lastError: string | null;
}

let status: SyncStatus = { running: false, lastResult: null, lastError: null };
const statusListeners = new Set<() => void>();
const sentListeners = new Set<() => void>();
function setStatus(patch: Partial<SyncStatus>) {
  status = { ...status, ...patch };
  statusListeners.forEach((listener) => listener());
}

const currentUserId = () => getStoredUser()?.user_id ?? null;
// Scores, then the user's reading events, reviews and practice repetitions (lib/outbox/*-outbox.ts), through the one runner.
const runner = createOutboxRunner({
  database: db,
  currentUserId,
  send: sendScore,
  sendLogout: sendLogoutFromPage,
  sendReading: sendReadingFromPage,
  sendReviews: sendReviewsFromPage,
  sendPractice: sendPracticeFromPage,
});

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let running: Promise<unknown> | null = null;

const scheduler = createOutboxScheduler({
  canSend: browserOnline,
  runner: {
    flush() {
      setStatus({ running: true });
      const run = (async () => {
        try {
          await saveUnsavedLogouts();
          return await runner.flush();
        } finally {
          setStatus({ running: false });
        }
      })();
      running = run;
      return run;
    },
  },
  onResult: (result) => {
    setStatus({ lastResult: result, lastError: null });
    if (result.logoutsWaiting === 0) clearLogoutMarker();
    if (result.sent > 0) sentListeners.forEach((listener) => listener());
    // Scores, reading events or logouts left behind by the network or the server: let the worker send them even if every tab closes.
    if (result.stoppedBy === 'offline' || result.stoppedBy === 'retry-later') void requestBackgroundSync();
  },
  onError: (error) => {
    console.error('The score outbox could not be read', error);
    setStatus({ lastError: error instanceof Error ? error.message : String(error) });
  },
});

/** Flushes now: 'Sync now', and every trigger. Resolves with the run's result (null on a storage failure, or with nothing to send). */
export function syncNow(): Promise<FlushResult | null> {
  if (currentUserId() === null && !hasPendingLogouts()) return Promise.resolve(null);
  // Offline nothing is tried now (the `online` event flushes); the worker sends when the connection returns even if every tab is closed.
  if (!browserOnline()) void requestBackgroundSync();
  return scheduler.trigger();
}

/** Waits for the run in progress to end, then stops the retry timer (the tests' teardown: nothing runs after a test file's environment is gone). */
export async function settleOutbox(): Promise<void> {
  while (running) {
    const run = running;
    await run.catch(() => undefined);
    // The scheduler's onResult ran in the same task as the run's end; a run it started replaces `running`.
    if (running === run) running = null;
  }
  scheduler.stop();
}

/** Asks the service worker to flush when the connection returns, even with no tab open (Chromium). */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  if (!sync) return false;
  try {
    await sync.register(SCORE_SYNC_TAG);
    return true;
  } catch (error) {
    // Background Sync can be refused (permissions, private mode): the page triggers remain.
    console.warn('Background Sync registration was refused', error);
    return false;
  }
}

/**
 * The quiz's `onComplete(attempt)`: ends the attempt and queues its score in one Dexie
 * transaction (resolves once both are stored, before the result is shown), then starts a
 * flush and registers Background Sync without waiting for either.
 */
export async function enqueueAttempt(attempt: QuizAttempt, details: AttemptDetails) {
  const row = await writeCompletedAttempt(db, attempt, details);
  void syncNow();
  void requestBackgroundSync();
  return row;
}

/** Calls `listener` after a run that delivered at least one score (refresh the score history). */
export function onScoresSent(listener: () => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

let started = false;
/** Wires the triggers once per page: now, on `online`, on focus, on sign-in, on a queued logout or reading event. */
export function startOutboxSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const trigger = () => void syncNow();
  window.addEventListener('online', trigger);
  window.addEventListener('focus', trigger);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') trigger();
  });
  onLogoutQueued(trigger);
  onReadingQueued(trigger);
  onReviewQueued(trigger);
  onPracticeQueued(trigger);
  let userId = currentUserId();
  subscribeSession(() => {
    const next = currentUserId();
    if (next === userId) return;
    userId = next;
    if (next === null) scheduler.stop();
    else trigger();
  });
  trigger();
}

/**
 * Calls `listener` with the signed-in user's count of unsynced scores now and whenever it
 * changes (in any tab), following sign-ins and sign-outs. Returns the unsubscribe.
 */
export function watchPendingCount(listener: (count: number) => void): () => void {
  let subscription: { unsubscribe(): void } | null = null;
  let userId: number | null | undefined;
  const follow = () => {
    const next = currentUserId();
    if (next === userId) return;
    userId = next;
    subscription?.unsubscribe();
    subscription = null;
    if (next === null) {
      listener(0);
      return;
    }
    subscription = liveQuery(() => countUnsynced(db, next)).subscribe({
      next: listener,
      error: (error: unknown) => console.error('The scores waiting to sync could not be counted', error),
    });
  };
  follow();
  const unsubscribeSession = subscribeSession(follow);
  return () => {
    unsubscribeSession();
    subscription?.unsubscribe();
  };
}
