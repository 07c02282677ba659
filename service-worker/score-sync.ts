/**
 * Background Sync of the score outbox: when the page registered SCORE_SYNC_TAG and the
 * connection returns (even with no tab open, in Chromium), the worker flushes the SAME outbox
 * (scores, then "chapter read" events, reviews and practice repetitions in batches) with the SAME runner as the page
 * (src/lib/outbox/runner.ts), under the same
 * Web Lock, so page and worker never send at the same time. Never Workbox's BackgroundSync
 * queue: it drops a request on any HTTP answer and after 7 days.
 *
 * The worker cannot read localStorage: it reads the session the page mirrors into Dexie
 * (db.session). An access token that has run out (after 10 minutes) is renewed under the
 * page's refresh lock (src/lib/session-refresh.ts), and the page takes the new pair back. A refused
 * refresh (the sign-in is over) stops the run with every row kept for the user's next
 * sign-in. Logouts made offline go first and need no session (lib/outbox/logout-outbox.ts).
 * A run stopped by the network or the server rejects, so the browser retries the sync later.
 */
import { db } from '../src/lib/db';
import { createOutboxRunner, SCORE_SYNC_TAG } from '../src/lib/outbox/runner';
import { sendLogout } from '../src/lib/outbox/logout-outbox';
import { sendPracticeFromWorker, sendReadingFromWorker, sendReviewsFromWorker, sendScoreFromWorker } from '../src/lib/outbox/worker-send';
import { readWorkerSession } from '../src/lib/session-refresh';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const runner = createOutboxRunner({
  database: db,
  currentUserId: async () => (await readWorkerSession())?.user.user_id ?? null,
  send: sendScoreFromWorker,
  sendLogout: (row) => sendLogout(row),
  sendReading: sendReadingFromWorker,
  sendReviews: sendReviewsFromWorker,
  sendPractice: sendPracticeFromWorker,
});

/** Flushes the outbox; rejects when the browser should try the sync again later. */
export async function flushFromWorker(): Promise<void> {
  const result = await runner.flush();
  if (result.stoppedBy === 'offline' || result.stoppedBy === 'retry-later') {
    throw new Error(`Scores, reading events or logouts not sent yet (${result.stoppedBy}): ${result.message ?? ''}`);
  }
}

export function setUpScoreSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === SCORE_SYNC_TAG) sync.waitUntil(flushFromWorker());
  });
}
