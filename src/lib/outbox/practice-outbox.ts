/**
 * Practice repetitions waiting for the server (issue 37), in Dexie. The timer writes each saved
 * repetition (practiceOutbox) before it says 'Saved'; the outbox runner (runner.ts) sends the
 * user's rows after their reviews, in batches of at most MAX_REPETITION_BATCH, to
 * POST /practice/my-repetitions/, which stores a replayed client id once and answers its first
 * record. On that answer the queued rows are replaced by the server's records (repetitions) in one
 * transaction, so the server's score wins and a repetition is never shown twice or lost.
 * Worker-safe: no DOM, no localStorage, no zod (service-worker/score-sync.ts imports it).
 */
import Dexie from 'dexie';
import type { RepetitionBatch, RepetitionBatchResult } from '../../contract/practice';
import { MAX_REPETITION_BATCH } from '../../contract/practice-rules';
import type { AppDB, PracticeOutboxRow } from '../db';

const queuedOf = (database: AppDB, userId: number) =>
  database.practiceOutbox.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/** The user's oldest repetitions that may be sent now (not rejected), at most `limit`. */
export function nextPracticeBatch(database: AppDB, userId: number, limit = MAX_REPETITION_BATCH): Promise<PracticeOutboxRow[]> {
  return queuedOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .limit(limit)
    .toArray();
}

/** How many of the user's repetitions a flush would still try to send. */
export function countSendablePractice(database: AppDB, userId: number): Promise<number> {
  return queuedOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .count();
}

/** The body of POST /practice/my-repetitions/ for a batch. */
export function practiceBatchOf(rows: readonly PracticeOutboxRow[]): RepetitionBatch {
  return {
    repetitions: rows.map((row) => ({
      client_id: row.clientId,
      drill: row.drill,
      time_ms: row.timeMs,
      penalties: row.penalties,
      performed_at: row.performedAt,
    })),
  };
}

/** The path of the practice endpoint under /api. */
export const PRACTICE_PATH = '/practice/my-repetitions/';

/** What the reasons of a refused or delayed batch call it. */
export const PRACTICE_NOUN = 'practice repetition';

const isBatchResult = (body: unknown): body is RepetitionBatchResult =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as RepetitionBatchResult).repetitions) &&
  Array.isArray((body as RepetitionBatchResult).ignored);

/**
 * Takes the server's 2xx answer to a batch: each row the answer holds becomes the server's record
 * (repetitions) and leaves the queue, in one transaction; a row of a deleted drill (`ignored`)
 * just leaves. A row the answer does not name stays queued (a replay is safe). Answers how many left.
 */
export async function acceptPracticeAnswer(database: AppDB, rows: readonly PracticeOutboxRow[], body: unknown): Promise<number> {
  const answer = isBatchResult(body) ? body : { repetitions: [], ignored: [] };
  const stored = new Map(answer.repetitions.map((record) => [record.client_id.toLowerCase(), record]));
  const ignored = new Set(answer.ignored.map((id) => id.toLowerCase()));
  return database.transaction('rw', database.practiceOutbox, database.repetitions, async () => {
    let done = 0;
    for (const row of rows) {
      const id = row.clientId.toLowerCase();
      const record = stored.get(id);
      if (record) await database.repetitions.put({ userId: row.userId, clientId: id, drill: record.drill, repetition: record });
      if (record || ignored.has(id)) {
        await database.practiceOutbox.delete(row.clientId);
        done++;
      } else {
        await database.practiceOutbox.update(row.clientId, { state: 'waiting' });
      }
    }
    return done;
  });
}

const queuedListeners = new Set<() => void>();

/** Calls `listener` after each repetition queued in this page (the outbox sync flushes then). */
export function onPracticeQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Tells this page's outbox sync that a repetition waits (after its transaction has committed). */
export function announcePracticeQueued(): void {
  queuedListeners.forEach((listener) => listener());
}
