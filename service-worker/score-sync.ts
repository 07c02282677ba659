/**
 * Background Sync of the score outbox: when the page registered SCORE_SYNC_TAG and the
 * connection returns (even with no tab open, in Chromium), the worker flushes the SAME outbox
 * with the SAME runner as the page (src/features/offline/sync/flush-outbox.ts), under the same
 * Web Lock, so page and worker never send at the same time. Never Workbox's BackgroundSync
 * queue: it drops a request on any HTTP answer and after 7 days.
 *
 * The worker cannot read localStorage: it reads the session the page mirrors into Dexie
 * (db.session). It does not refresh tokens (refresh tokens rotate, and the page owns the
 * pair): an expired access token answers 401, the run stops with every row kept, and the page
 * sends them at its next start. A run stopped by the network or the server rejects, so the
 * browser retries the sync later.
 */
import { db, type OutboxRow } from '../src/lib/db';
import { createOutboxRunner, SCORE_SYNC_TAG } from '../src/features/offline/sync/flush-outbox';
import { scorePathOf, scorePayloadOf } from '../src/features/offline/sync/score-payload';
import { outcomeOfStatus, type SendOutcome } from '../src/features/offline/sync/send-outcome';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function currentSession() {
  const row = await db.session.get('current');
  return row?.access && row.user ? row : null;
}

async function sendFromWorker(row: OutboxRow): Promise<SendOutcome> {
  const session = await currentSession();
  if (!session || session.user?.user_id !== row.userId) return { kind: 'signed-out', reason: 'Nobody is signed in.' };
  let response: Response;
  try {
    response = await fetch(`/api${scorePathOf(row)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access}` },
      body: JSON.stringify(scorePayloadOf(row)),
    });
  } catch (error) {
    return { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // A body that is not JSON (a proxy's page): the status decides.
  }
  return outcomeOfStatus(response.status, data);
}

const runner = createOutboxRunner({
  database: db,
  currentUserId: async () => (await currentSession())?.user?.user_id ?? null,
  send: sendFromWorker,
});

/** Flushes the outbox; rejects when the browser should try the sync again later. */
export async function flushFromWorker(): Promise<void> {
  const result = await runner.flush();
  if (result.stoppedBy === 'offline' || result.stoppedBy === 'retry-later') {
    throw new Error(`Scores not sent yet (${result.stoppedBy}): ${result.message ?? ''}`);
  }
}

export function setUpScoreSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === SCORE_SYNC_TAG) sync.waitUntil(flushFromWorker());
  });
}
