/**
 * Background Sync of the score outbox: when the page registered SCORE_SYNC_TAG and the
 * connection returns (even with no tab open, in Chromium), the worker flushes the SAME outbox
 * with the SAME runner as the page (src/lib/outbox/runner.ts), under the same
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
import { db, type OutboxRow } from '../src/lib/db';
import { isTokenExpired } from '../src/lib/tokens';
import { createOutboxRunner, SCORE_SYNC_TAG } from '../src/lib/outbox/runner';
import { sendLogout } from '../src/lib/outbox/logout-outbox';
import { scorePathOf, scorePayloadOf } from '../src/lib/outbox/score-payload';
import { outcomeOfStatus, type SendOutcome } from '../src/lib/outbox/send-outcome';
import { readWorkerSession, refreshWorkerSession } from '../src/lib/session-refresh';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

function post(row: OutboxRow, access: string): Promise<Response> {
  return fetch(`/api${scorePathOf(row)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify(scorePayloadOf(row)),
  });
}

async function sendFromWorker(row: OutboxRow): Promise<SendOutcome> {
  let session = await readWorkerSession();
  if (!session || session.user.user_id !== row.userId) return { kind: 'signed-out', reason: 'Nobody is signed in.' };
  let refreshed = false;
  const refresh = async (): Promise<SendOutcome | null> => {
    refreshed = true;
    const result = await refreshWorkerSession(session!.access);
    if (result.kind !== 'refreshed') return result;
    if (result.session.user.user_id !== row.userId) return { kind: 'signed-out', reason: 'The signed-in user changed.' };
    session = result.session;
    return null;
  };
  try {
    // An access token that has run out is renewed before sending, not after a 401.
    if (isTokenExpired(session.access)) {
      const stopped = await refresh();
      if (stopped) return stopped;
    }
    let response = await post(row, session.access);
    if (response.status === 401 && !refreshed) {
      const stopped = await refresh();
      if (stopped) return stopped;
      response = await post(row, session.access);
    }
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // A body that is not JSON (a proxy's page): the status decides.
    }
    return outcomeOfStatus(response.status, data);
  } catch (error) {
    return { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
  }
}

const runner = createOutboxRunner({
  database: db,
  currentUserId: async () => (await readWorkerSession())?.user.user_id ?? null,
  send: sendFromWorker,
  sendLogout: (row) => sendLogout(row),
});

/** Flushes the outbox; rejects when the browser should try the sync again later. */
export async function flushFromWorker(): Promise<void> {
  const result = await runner.flush();
  if (result.stoppedBy === 'offline' || result.stoppedBy === 'retry-later') {
    throw new Error(`Scores or logouts not sent yet (${result.stoppedBy}): ${result.message ?? ''}`);
  }
}

export function setUpScoreSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === SCORE_SYNC_TAG) sync.waitUntil(flushFromWorker());
  });
}
