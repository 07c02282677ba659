import type { ScoreSubmission } from '../../contract/scores';
import type { OutboxRow } from '../db';

/** The score payload of an outbox row: the server grades `answers` against `quiz_version`. */
export function scorePayloadOf(row: OutboxRow): ScoreSubmission {
  return {
    total_questions: row.totalQuestions,
    correct_answers: row.correctAnswers,
    client_attempt_id: row.clientAttemptId,
    quiz_version: row.quizVersion,
    answers: row.answers,
    completed_at: row.completedAt,
  };
}

/** Path of the score endpoint under /api. */
export const scorePathOf = (row: OutboxRow) => `/books/quizzes/${row.quizId}/scores/`;
