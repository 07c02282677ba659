/**
 * Quiz attempts on the device (db.attempts): written after every answer and skip so that a
 * reload, a closed tab or a killed app resumes exactly where the learner was. Every read is by
 * the signed-in user's id: on a shared ward device one user never sees another's attempt.
 */
import { db, type QuizAttempt } from '../../../lib/db';

/** Writes the attempt as it is now (the whole record: the latest step wins). */
export async function saveAttempt(attempt: QuizAttempt): Promise<void> {
  await db.attempts.put(attempt);
}

/** The user's unfinished attempt at this book's quiz, newest first; null when there is none. */
export async function findUnfinishedAttempt(userId: number, bookId: number, quizId: number): Promise<QuizAttempt | null> {
  const rows = await db.attempts.where('[userId+bookId]').equals([userId, bookId]).toArray();
  const unfinished = rows.filter((row) => row.quizId === quizId && row.phase !== 'completed').sort((a, b) => b.updatedAt - a.updatedAt);
  return unfinished[0] ?? null;
}

/** Removes the user's attempts at this book's quiz except `keepAttemptId` (starting over, retaking). */
export async function discardAttempts(userId: number, bookId: number, keepAttemptId?: string): Promise<void> {
  await db.attempts
    .where('[userId+bookId]')
    .equals([userId, bookId])
    .filter((row) => row.attemptId !== keepAttemptId)
    .delete();
}
