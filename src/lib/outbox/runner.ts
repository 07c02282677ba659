/**
 * The one outbox runner, used by the page and by the service worker (Background Sync).
 *
 * Contract:
 * - Sends the signed-in user's rows one at a time, OLDEST FIRST; rows of other users are
 *   never read. Before each send the current user is checked again, so a sign-out (or another
 *   user signing in) mid-run never sends a row with someone else's token.
 * - Single flight: inside one page or worker through `createOutboxRunner` (a trigger during a
 *   run asks for one more pass), across tabs and the worker through the Web Lock
 *   OUTBOX_LOCK — a second runner waits for the first and then finds the rows already gone.
 * - A row is deleted only after a 2xx. A network failure, a 5xx/408/429 or an ended session
 *   stops the run with every remaining row kept. A permanent 4xx marks the row `rejected`
 *   with the server's reason; it stays until the user deals with it.
 * - `sending` is written before each request so other tabs can show it. A page closed in the
 *   middle leaves a row `sending`; the next runner (holding the lock, so nobody else is
 *   sending) resets such rows to `waiting` first. A replay is safe: the server answers the
 *   first record for a repeated client_attempt_id.
 * - Logouts made offline (logout-outbox.ts) go first, whoever is signed in now (they carry
 *   their own refresh token and need no session): each is deleted after the server's answer
 *   (2xx, or a 4xx saying there is no sign-in left to end); a network failure, 5xx, 408 or 429
 *   stops the run with it kept. The server ends a sign-in once however often it arrives.
 */
import type { AppDB, OutboxRow, PendingLogout } from '../db';
import { countPendingLogouts, nextPendingLogout } from './logout-outbox';
import { nextSendableRow, countSendable, writeLastSync } from './outbox-db';
import type { SendOutcome } from './send-outcome';

/** The Web Lock that keeps pages and the worker from flushing at the same time. */
export const OUTBOX_LOCK = 'lap-outbox-flush';

export type StopReason = 'offline' | 'retry-later' | 'signed-out';

export interface FlushResult {
  sent: number;
  rejected: number;
  /** Rows of the user still to send (rejected rows not counted). */
  remaining: number;
  /** Logouts the server was told of in this run. */
  logoutsSent: number;
  /** Logouts still waiting for the server. */
  logoutsWaiting: number;
  /** Why the run ended early; null when it went through the queue. */
  stoppedBy: StopReason | null;
  /** The last failure's text, when stopped. */
  message: string | null;
}

export interface FlushOptions {
  database: AppDB;
  /** The signed-in user now (asked before every send); null when nobody is signed in. */
  currentUserId: () => number | null | Promise<number | null>;
  send: (row: OutboxRow) => Promise<SendOutcome>;
  /** Sends one queued logout; without it queued logouts are left for a runner that has it. */
  sendLogout?: (row: PendingLogout) => Promise<SendOutcome>;
  /** Web Locks; null runs without a cross-tab lock (tests, browsers without it). */
  locks?: LockManager | null;
  now?: () => number;
}

const defaultLocks = (): LockManager | null => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null);

async function resetInterruptedSends(database: AppDB, userId: number): Promise<void> {
  await database.outbox
    .where('userId')
    .equals(userId)
    .filter((row) => row.state === 'sending')
    .modify({ state: 'waiting' });
}

/** Sends the queued logouts, oldest first; answers why it stopped early, or null. */
async function sendPendingLogouts(database: AppDB, sendLogout: NonNullable<FlushOptions['sendLogout']>, result: FlushResult): Promise<StopReason | null> {
  const seen = new Set<string>();
  for (;;) {
    const row = await nextPendingLogout(database);
    if (!row || seen.has(row.id)) return null;
    seen.add(row.id);
    let outcome: SendOutcome;
    try {
      outcome = await sendLogout(row);
    } catch (error) {
      outcome = { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === 'accepted' || outcome.kind === 'rejected' || outcome.kind === 'signed-out') {
      if (outcome.kind !== 'accepted') console.warn('A queued logout was refused; nothing is left to end', outcome.reason);
      await database.pendingLogouts.delete(row.id);
      result.logoutsSent++;
      continue;
    }
    await database.pendingLogouts.update(row.id, { attempts: row.attempts + 1, lastError: outcome.reason });
    result.message = outcome.reason;
    return outcome.kind;
  }
}

async function runFlush({ database, currentUserId, send, sendLogout, now = Date.now }: FlushOptions): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, rejected: 0, remaining: 0, logoutsSent: 0, logoutsWaiting: 0, stoppedBy: null, message: null };
  if (sendLogout) {
    const stopped = await sendPendingLogouts(database, sendLogout, result);
    result.logoutsWaiting = await countPendingLogouts(database);
    if (stopped) {
      const userId = await currentUserId();
      result.remaining = userId === null ? 0 : await countSendable(database, userId);
      return { ...result, stoppedBy: stopped };
    }
  }
  const userId = await currentUserId();
  if (userId === null) return { ...result, stoppedBy: 'signed-out', message: 'Nobody is signed in.' };
  await resetInterruptedSends(database, userId);

  const seen = new Set<string>();
  for (;;) {
    if ((await currentUserId()) !== userId) {
      result.stoppedBy = 'signed-out';
      result.message = 'The signed-in user changed.';
      break;
    }
    const row = await nextSendableRow(database, userId);
    if (!row) break;
    // A row that comes back after being answered would loop forever: stop instead.
    if (seen.has(row.clientAttemptId)) break;
    seen.add(row.clientAttemptId);

    const triedAt = now();
    await database.outbox.update(row.clientAttemptId, { state: 'sending', lastTriedAt: triedAt, attempts: row.attempts + 1 });
    let outcome: SendOutcome;
    try {
      outcome = await send(row);
    } catch (error) {
      outcome = { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
    }

    if (outcome.kind === 'accepted') {
      await database.outbox.delete(row.clientAttemptId);
      result.sent++;
      continue;
    }
    if (outcome.kind === 'rejected') {
      await database.outbox.update(row.clientAttemptId, { state: 'rejected', lastError: outcome.reason });
      result.rejected++;
      continue;
    }
    await database.outbox.update(row.clientAttemptId, { state: 'waiting', lastError: outcome.reason });
    result.stoppedBy = outcome.kind;
    result.message = outcome.reason;
    break;
  }
  if (result.sent > 0) await writeLastSync(database, userId, now());
  result.remaining = await countSendable(database, userId);
  return result;
}

/** One flush of the outbox under the cross-tab lock (waits for a runner elsewhere to finish). */
export function flushOutbox(options: FlushOptions): Promise<FlushResult> {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  return locks ? locks.request(OUTBOX_LOCK, () => runFlush(options)) : runFlush(options);
}

export interface OutboxRunner {
  /** Starts a flush, or joins the one running (which then makes one more pass). */
  flush(): Promise<FlushResult>;
}

/** Single flight inside one page or worker: concurrent triggers share one run. */
export function createOutboxRunner(options: FlushOptions): OutboxRunner {
  let running: Promise<FlushResult> | null = null;
  let again = false;

  const loop = async (): Promise<FlushResult> => {
    let result: FlushResult;
    do {
      again = false;
      result = await flushOutbox(options);
      // A trigger during the run (a logout queued as the user signs out) gets its pass, even
      // when the run stopped because the user changed.
    } while (again && (result.stoppedBy === null || result.stoppedBy === 'signed-out'));
    return result;
  };

  return {
    flush() {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/** The Background Sync tag the page registers and the worker answers (service-worker/score-sync.ts). */
export const SCORE_SYNC_TAG = 'score-outbox';
