/** POST /books/quizzes/{quizId}/scores/: a finished attempt; the server grades it from `answers`. */
import type { ScoreRecord, ScoreSubmission } from '../../../contract/scores';
import { apiClient } from '../../../lib/api-client';
import type { FinishedAttempt } from '../types';

/** The score payload of a finished attempt (the same client_attempt_id never records twice). */
export function scoreSubmissionOf(attempt: FinishedAttempt): ScoreSubmission {
  return {
    total_questions: attempt.totalQuestions,
    correct_answers: attempt.correctAnswers,
    client_attempt_id: attempt.attemptId,
    quiz_version: attempt.quizVersion,
    answers: attempt.answers,
    completed_at: attempt.completedAt,
  };
}

/** Sends a finished attempt straight to the server; rejects with an ApiError. */
export async function submitScore(attempt: FinishedAttempt): Promise<ScoreRecord> {
  const { data } = await apiClient.post<ScoreRecord>(`/books/quizzes/${attempt.quizId}/scores/`, scoreSubmissionOf(attempt));
  return data;
}
