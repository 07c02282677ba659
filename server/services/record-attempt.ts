/**
 * Recording a finished quiz attempt (SPEC §7 POST scores): one use case over quizzes and
 * scores. The server grades the answers itself against the quiz version taken — the client's
 * own totals are never trusted. A replay (same user and client_attempt_id) is answered with
 * the stored record: found by the unique key when its insert is refused, or looked up when
 * the submission would be refused now. The questions the attempt missed become the learner's
 * review cards in the score's own transaction (issue 36).
 */
import type { z } from 'zod';
import { attemptProblems, gradeAttempt, type QuizData } from '../../src/contract/quiz';
import { missedQuestionIds, questionFingerprint } from '../../src/contract/review';
import type { ScoreRecord, scoreSubmissionSchema } from '../../src/contract/scores';
import { fieldError, fieldErrors, HttpError, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { Repositories } from '../repositories';
import { isUniqueViolation } from '../repositories/db-errors';
import type { NewReviewCard } from '../repositories/review';
import type { NewScore } from '../repositories/scores';

/** Clocks drift (a phone's, another instance's): a completion time this far before its version's creation is still accepted. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface Attempt {
  userId: number;
  quizId: number;
  submission: z.output<typeof scoreSubmissionSchema>;
  /** The request's content version (repositories/versioned-cache.ts): the quiz is read again only when it changed. */
  contentVersion?: number | null;
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
  const { submission } = attempt;
  let score: NewScore;
  let cards: NewReviewCard[];
  try {
    ({ score, cards } = await gradedScore(repos, attempt));
  } catch (error) {
    // A replay is answered from its stored record even when it would not be accepted now
    // (its quiz deleted since, …); only a new attempt gets the refusal.
    const replayed = await storedAttempt(repos, attempt);
    if (replayed) return { record: replayed, created: false };
    throw error;
  }
  try {
    return { record: await repos.scores.create(score, cards), created: true };
  } catch (error) {
    // Recorded before (a replay after a lost answer, or two replays racing): the stored record
    // is the answer, not a second one. The unique key (user, client_attempt_id) says so in
    // the same statement, so a new attempt costs no lookup first.
    if (submission.client_attempt_id && isUniqueViolation(error)) {
      const stored = await storedAttempt(repos, attempt);
      if (stored) return { record: stored, created: false };
    }
    throw error;
  }
}

/** The score of a new attempt as the server grades it and the review cards of its misses, or the refusal of its submission. */
async function gradedScore(repos: Repositories, attempt: Attempt): Promise<{ score: NewScore; cards: NewReviewCard[] }> {
  const { submission } = attempt;
  const found = await repos.quizzes.forGrading(attempt.quizId, submission.quiz_version, attempt.contentVersion ?? null);
  if (!found) throw notFound('Quiz not found.');
  const { quiz, version } = found;
  if (!version) throw fieldError('quiz_version', 'This quiz has no such version.');

  const questions = version.questions as QuizData;
  // Answers are stored as sent: each must be bounded by its question, so an attempt is never
  // larger than the quiz it answers.
  const problems = attemptProblems(questions, submission.answers);
  if (problems.length) throw fieldErrors({ answers: problems.slice(0, 10) });
  const graded = gradeAttempt(questions, submission.answers);

  const receivedAt = nowIso();
  let submittedAt = receivedAt;
  let clientCompletedAt: string | null = null;
  if (submission.completed_at) {
    const completed = Date.parse(submission.completed_at);
    // Impossible whatever the clock: an attempt at a version before it was written.
    if (completed < Date.parse(version.created_at) - CLOCK_SKEW_MS)
      throw fieldError('completed_at', 'The completion time is before this version of the quiz was written.');
    clientCompletedAt = new Date(completed).toISOString();
    // A phone clock running ahead: the attempt ended by the time it arrived, not after.
    submittedAt = completed > Date.parse(receivedAt) ? receivedAt : clientCompletedAt;
  }
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const cards = missedQuestionIds(questions, submission.answers).map((questionId) => ({
    user_id: attempt.userId,
    quiz_id: quiz.id,
    question_id: questionId,
    book_id: quiz.book_id,
    // When the question was first missed: the attempt's completion time.
    created_at: submittedAt,
    missed_version: version.version,
    fingerprint: questionFingerprint(byId.get(questionId)!),
  }));
  const score: NewScore = {
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
    client_completed_at: clientCompletedAt,
  };
  return { score, cards };
}
