/**
 * The score outbox in Dexie: the source of truth for every finished attempt until the server
 * answers 2xx. Rows are keyed by the attempt's device-made id and carry the user's id, so on a
 * shared ward device one user's rows are never shown to, or sent by, another.
 * Worker-safe: no DOM, no localStorage (service-worker/score-sync.ts imports it).
 */
import Dexie from 'dexie';
import type { AppDB, OutboxRow, QuizAttempt } from '../db';

/** What the quiz does not keep in the attempt itself. */
export interface AttemptDetails {
  quizTitle: string;
}

const ofUser = (database: AppDB, userId: number) => database.outbox.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/**
 * Ends the attempt and queues its score in ONE transaction: the attempt is marked completed
 * and the outbox row is written together, or neither is. Calling it again for the same
 * attempt keeps the first row (a double tap never queues a second score).
 */
export async function writeCompletedAttempt(database: AppDB, attempt: QuizAttempt, details: AttemptDetails, now = Date.now()): Promise<OutboxRow> {
  return database.transaction('rw', database.attempts, database.outbox, async () => {
    const existing = await database.outbox.get(attempt.attemptId);
    const completedAt = attempt.completedAt ?? now;
    await database.attempts.put({ ...attempt, phase: 'completed', completedAt, updatedAt: now });
    if (existing) return existing;
    const row: OutboxRow = {
      clientAttemptId: attempt.attemptId,
      userId: attempt.userId,
      quizId: attempt.quizId,
      quizTitle: details.quizTitle,
      bookId: attempt.bookId,
      quizVersion: attempt.quizVersion,
      answers: attempt.answers,
      totalQuestions: attempt.questionIds.length,
      correctAnswers: attempt.answers.filter((a) => a.status === 'answered' && a.isCorrect === true).length,
      completedAt: new Date(completedAt).toISOString(),
      createdAt: now,
      state: 'waiting',
      attempts: 0,
      lastError: null,
      lastTriedAt: null,
    };
    await database.outbox.add(row);
    return row;
  });
}

/** Every row of the user, oldest first (rejected ones included). */
export function outboxRowsOf(database: AppDB, userId: number): Promise<OutboxRow[]> {
  return ofUser(database, userId).toArray();
}

/** The oldest row of the user that may be sent now (not rejected), or undefined. */
export function nextSendableRow(database: AppDB, userId: number): Promise<OutboxRow | undefined> {
  return ofUser(database, userId)
    .filter((row) => row.state !== 'rejected')
    .first();
}

/** How many of the user's scores have not reached the server (waiting, sending or rejected). */
export function countUnsynced(database: AppDB, userId: number): Promise<number> {
  return ofUser(database, userId).count();
}

/** How many of the user's rows a flush would still try to send. */
export function countSendable(database: AppDB, userId: number): Promise<number> {
  return ofUser(database, userId)
    .filter((row) => row.state !== 'rejected')
    .count();
}

const lastSyncKey = (userId: number) => `lastSync:${userId}`;

export async function readLastSync(database: AppDB, userId: number): Promise<number | null> {
  const row = await database.meta.get(lastSyncKey(userId));
  return typeof row?.value === 'number' ? row.value : null;
}

export async function writeLastSync(database: AppDB, userId: number, at: number): Promise<void> {
  await database.meta.put({ key: lastSyncKey(userId), value: at });
}

/** Puts a rejected row back in the queue (the user asked to try it again). */
export async function requeueRejected(database: AppDB, clientAttemptId: string): Promise<void> {
  await database.outbox
    .where('clientAttemptId')
    .equals(clientAttemptId)
    .modify((row) => {
      if (row.state === 'rejected') row.state = 'waiting';
    });
}
