/**
 * Recording a finished quiz attempt (SPEC §7 POST scores): one use case over quizzes and
 * scores. A replay (same user and client_attempt_id) is answered from the stored record
 * before anything else is looked up; otherwise the server grades the answers itself against
 * the quiz version taken — the client's own totals are never trusted.
 */
import type { z } from 'zod';
import { gradeAttempt, quizDataSchema } from '../../src/contract/quiz';
import type { ScoreRecord, scoreSubmissionSchema } from '../../src/contract/scores';
import { fieldError, HttpError, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { Repositories } from '../repositories';
import { isUniqueViolation } from '../repositories/db-errors';

/** Clocks on phones drift: a completion time this far outside the allowed span is still accepted. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface Attempt {
  userId: number;
  quizId: number;
  submission: z.output<typeof scoreSubmissionSchema>;
}

const attemptOfAnotherQuiz = () =>
  new HttpError(409, { detail: 'This client_attempt_id was already used for an attempt at another quiz. Start a new attempt with a new id.' });

/** The stored record of this attempt when it was already recorded (or a 409 when the id belongs to another quiz). */
async function storedAttempt(repos: Repositories, attempt: Attempt): Promise<ScoreRecord | undefined> {
  const id = attempt.submission.client_attempt_id;
  if (!id) return undefined;
  const stored = await repos.scores.findAttempt(attempt.userId, id);
  if (!stored) return undefined;
  if (stored.quiz === attempt.quizId) return stored;
  // The quiz of the stored record was deleted since: a replay to that (now missing) quiz is
  // the same attempt; sent to a quiz that exists, it is another one.
  if (stored.quiz === null && !(await repos.quizzes.findById(attempt.quizId))) return stored;
  throw attemptOfAnotherQuiz();
}

export async function recordAttempt(repos: Repositories, attempt: Attempt): Promise<{ record: ScoreRecord; created: boolean }> {
  const replayed = await storedAttempt(repos, attempt);
  if (replayed) return { record: replayed, created: false };

  const { submission } = attempt;
  const quiz = await repos.quizzes.findById(attempt.quizId);
  if (!quiz) throw notFound('Quiz not found.');
  const version = await repos.quizzes.findVersion(quiz.id, submission.quiz_version ?? quiz.version);
  if (!version) throw fieldError('quiz_version', 'This quiz has no such version.');

  const graded = gradeAttempt(quizDataSchema.parse(JSON.parse(version.quiz_data)), submission.answers);
  if (graded.unknownIds.length) throw fieldError('answers', `Unknown question ids: ${graded.unknownIds.join(', ')}.`);

  const receivedAt = nowIso();
  let submittedAt = receivedAt;
  if (submission.completed_at) {
    const completed = Date.parse(submission.completed_at);
    if (completed > Date.now() + CLOCK_SKEW_MS) throw fieldError('completed_at', 'The completion time is in the future.');
    if (completed < Date.parse(version.created_at) - CLOCK_SKEW_MS)
      throw fieldError('completed_at', 'The completion time is before this version of the quiz was written.');
    submittedAt = new Date(completed).toISOString();
  }

  try {
    const record = await repos.scores.create({
      user_id: attempt.userId,
      quiz_id: quiz.id,
      quiz_title: quiz.title,
      quiz_version: version.version,
      // The server's own grading is what counts.
      correct_answers: graded.correct,
      total_questions: graded.total,
      client_attempt_id: submission.client_attempt_id ?? null,
      answers: JSON.stringify(submission.answers),
      submitted_at: submittedAt,
      received_at: receivedAt,
    });
    return { record, created: true };
  } catch (error) {
    // Two replays of one attempt racing: the loser answers with the winner's record.
    if (submission.client_attempt_id && isUniqueViolation(error)) {
      const stored = await storedAttempt(repos, attempt);
      if (stored) return { record: stored, created: false };
    }
    throw error;
  }
}
