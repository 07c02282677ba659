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
 * - "Chapter read" events (reading-outbox.ts) go after the user's scores, once every score
 *   went through (a run stopped by a score sends none): the user's events, oldest first, in
 *   batches of at most MAX_READING_BATCH, with the same rules per batch — the current user
 *   checked before each, `sending` written first (reset by the next runner), the batch's rows
 *   deleted only after a 2xx, kept on a network failure, 5xx/408/429 or ended session (the run
 *   stops), marked `rejected` with the reason on a permanent 4xx. A replay is safe: the server
 *   takes a client_event_id once.
 * - Reviews (review-outbox.ts, issue 36) go once the reading events went through, by the
 *   same batch rules (at most MAX_REVIEW_BATCH to POST /review/events/).
 * - Practice repetitions (practice-outbox.ts, issue 37) go last, once the reviews went through, by
 *   the same batch rules (at most MAX_REPETITION_BATCH to POST /practice/my-repetitions/), except
 *   that on a 2xx each row is replaced by the server's record the answer holds (a row it does not
 *   name stays queued; a replay is safe, the server takes a client id once).
 */
import type { InsertType, Table } from 'dexie';
import type { AppDB, OutboxRow, OutboxState, PendingLogout, PracticeOutboxRow, ReadingOutboxRow, ReviewOutboxRow } from '../db';
import { countPendingLogouts, nextPendingLogout } from './logout-outbox';
import { nextSendableRow, countSendable, writeLastSync } from './outbox-db';
import { countSendableEvents, nextReadingBatch } from './reading-outbox';
import { acceptPracticeAnswer, countSendablePractice, nextPracticeBatch } from './practice-outbox';
import { countSendableReviews, nextReviewBatch } from './review-outbox';
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
  /** Reading events the server took in this run. */
  eventsSent: number;
  /** Reading events the server refused for good in this run. */
  eventsRejected: number;
  /** Reading events of the user still to send (rejected ones not counted). */
  eventsRemaining: number;
  /** Reviews the server took in this run. */
  reviewsSent: number;
  /** Reviews the server refused for good in this run. */
  reviewsRejected: number;
  /** Reviews of the user still to send (rejected ones not counted). */
  reviewsRemaining: number;
  /** Practice repetitions the server took in this run. */
  repetitionsSent: number;
  /** Practice repetitions the server refused for good in this run. */
  repetitionsRejected: number;
  /** Practice repetitions of the user still to send (rejected ones not counted). */
  repetitionsRemaining: number;
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
  /** Sends one batch of the user's reading events (POST /books/reading/); without it they are left for a runner that has it. */
  sendReading?: (rows: ReadingOutboxRow[]) => Promise<SendOutcome>;
  /** Sends one batch of the user's reviews (POST /review/events/); without it they are left for a runner that has it. */
  sendReviews?: (rows: ReviewOutboxRow[]) => Promise<SendOutcome>;
  /** Sends one batch of the user's practice repetitions (POST /practice/my-repetitions/); without it they are left for a runner that has it. */
  sendPractice?: (rows: PracticeOutboxRow[]) => Promise<SendOutcome>;
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
  await database.readingOutbox
    .where('userId')
    .equals(userId)
    .filter((row) => row.state === 'sending')
    .modify({ state: 'waiting' });
  await database.reviewOutbox
    .where('userId')
    .equals(userId)
    .filter((row) => row.state === 'sending')
    .modify({ state: 'waiting' });
  await database.practiceOutbox
    .where('userId')
    .equals(userId)
    .filter((row) => row.state === 'sending')
    .modify({ state: 'waiting' });
}

const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What every batched outbox row carries besides its own fields. */
interface QueuedRow {
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  lastTriedAt: number | null;
}

/** A queue of one user's rows sent in batches (reading events, reviews, practice repetitions). */
interface EventQueue<R extends QueuedRow, I> {
  table: Table<R, string, I>;
  /** The row's device-made id (its primary key). */
  idOf: (row: R) => string;
  nextBatch: (database: AppDB, userId: number) => Promise<R[]>;
  send: (rows: R[]) => Promise<SendOutcome>;
  /** Takes a 2xx answer for the batch; answers how many rows left the queue. Without it every row goes. */
  accept?: (database: AppDB, rows: R[], body: unknown) => Promise<number>;
  /** Adds to the run's counts. */
  count: (result: FlushResult, outcome: 'sent' | 'rejected', n: number) => void;
}

/** Sends the user's rows of one queue in batches, oldest first; answers why it stopped early, or null. */
async function sendEventBatches<R extends QueuedRow, I>(
  { database, currentUserId, now = Date.now }: FlushOptions,
  queue: EventQueue<R, I>,
  userId: number,
  result: FlushResult,
): Promise<StopReason | null> {
  const { table } = queue;
  const seen = new Set<string>();
  for (;;) {
    if ((await currentUserId()) !== userId) {
      result.message = 'The signed-in user changed.';
      return 'signed-out';
    }
    const batch = await queue.nextBatch(database, userId);
    // A batch that comes back after being answered would loop forever: stop instead.
    if (batch.length === 0 || batch.some((row) => seen.has(queue.idOf(row)))) return null;
    const ids = batch.map(queue.idOf);
    ids.forEach((id) => seen.add(id));

    const triedAt = now();
    await database.transaction('rw', table, () =>
      table
        .where(':id')
        .anyOf(ids)
        .modify((row) => {
          row.state = 'sending';
          row.lastTriedAt = triedAt;
          row.attempts += 1;
        }),
    );
    let outcome: SendOutcome;
    try {
      outcome = await queue.send(batch);
    } catch (error) {
      outcome = { kind: 'offline', reason: failureText(error) };
    }

    if (outcome.kind === 'accepted') {
      if (queue.accept) {
        queue.count(result, 'sent', await queue.accept(database, batch, outcome.body));
      } else {
        await table.bulkDelete(ids);
        queue.count(result, 'sent', ids.length);
      }
      continue;
    }
    const state = outcome.kind === 'rejected' ? 'rejected' : 'waiting';
    const reason = outcome.reason;
    await table
      .where(':id')
      .anyOf(ids)
      .modify((row) => {
        row.state = state;
        row.lastError = reason;
      });
    if (outcome.kind === 'rejected') {
      queue.count(result, 'rejected', ids.length);
      continue;
    }
    result.message = outcome.reason;
    return outcome.kind;
  }
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

async function runFlush(options: FlushOptions): Promise<FlushResult> {
  const { database, currentUserId, send, sendLogout, now = Date.now } = options;
  const result: FlushResult = {
    sent: 0,
    rejected: 0,
    remaining: 0,
    logoutsSent: 0,
    logoutsWaiting: 0,
    eventsSent: 0,
    eventsRejected: 0,
    eventsRemaining: 0,
    reviewsSent: 0,
    reviewsRejected: 0,
    reviewsRemaining: 0,
    repetitionsSent: 0,
    repetitionsRejected: 0,
    repetitionsRemaining: 0,
    stoppedBy: null,
    message: null,
  };
  if (sendLogout) {
    const stopped = await sendPendingLogouts(database, sendLogout, result);
    result.logoutsWaiting = await countPendingLogouts(database);
    if (stopped) {
      const userId = await currentUserId();
      result.remaining = userId === null ? 0 : await countSendable(database, userId);
      result.eventsRemaining = userId === null ? 0 : await countSendableEvents(database, userId);
      result.reviewsRemaining = userId === null ? 0 : await countSendableReviews(database, userId);
      result.repetitionsRemaining = userId === null ? 0 : await countSendablePractice(database, userId);
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
      outcome = { kind: 'offline', reason: failureText(error) };
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
  if (result.stoppedBy === null && options.sendReading) {
    const queue: EventQueue<ReadingOutboxRow, InsertType<ReadingOutboxRow, 'clientEventId'>> = {
      table: database.readingOutbox,
      idOf: (row) => row.clientEventId,
      nextBatch: nextReadingBatch,
      send: options.sendReading,
      count: (r, outcome, n) => (outcome === 'sent' ? (r.eventsSent += n) : (r.eventsRejected += n)),
    };
    const stopped = await sendEventBatches(options, queue, userId, result);
    if (stopped) result.stoppedBy = stopped;
  }
  if (result.stoppedBy === null && options.sendReviews) {
    const queue: EventQueue<ReviewOutboxRow, InsertType<ReviewOutboxRow, 'clientEventId'>> = {
      table: database.reviewOutbox,
      idOf: (row) => row.clientEventId,
      nextBatch: nextReviewBatch,
      send: options.sendReviews,
      count: (r, outcome, n) => (outcome === 'sent' ? (r.reviewsSent += n) : (r.reviewsRejected += n)),
    };
    const stopped = await sendEventBatches(options, queue, userId, result);
    if (stopped) result.stoppedBy = stopped;
  }
  if (result.stoppedBy === null && options.sendPractice) {
    const queue: EventQueue<PracticeOutboxRow, InsertType<PracticeOutboxRow, 'clientId'>> = {
      table: database.practiceOutbox,
      idOf: (row) => row.clientId,
      nextBatch: nextPracticeBatch,
      send: options.sendPractice,
      accept: acceptPracticeAnswer,
      count: (r, outcome, n) => (outcome === 'sent' ? (r.repetitionsSent += n) : (r.repetitionsRejected += n)),
    };
    const stopped = await sendEventBatches(options, queue, userId, result);
    if (stopped) result.stoppedBy = stopped;
  }
  if (result.sent > 0) await writeLastSync(database, userId, now());
  result.remaining = await countSendable(database, userId);
  result.eventsRemaining = await countSendableEvents(database, userId);
  result.reviewsRemaining = await countSendableReviews(database, userId);
  result.repetitionsRemaining = await countSendablePractice(database, userId);
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
