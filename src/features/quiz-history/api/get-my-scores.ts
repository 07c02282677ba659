/** The signed-in user's quiz results (SPEC §7 GET /books/my-scores/). */
import { queryOptions } from '@tanstack/react-query';
import { getAllPages } from '../../../lib/api-client';

/** SPEC §3 "Quiz score record". */
export interface QuizScore {
  id: number;
  quiz_title: string;
  correct_answers: number;
  total_questions: number;
  score_percentage: number;
  submitted_at: string;
}

export const quizHistoryKeys = {
  all: ['quiz-history'] as const,
  /** Keyed by user: on a shared tablet one user's history is never shown to the next. */
  mine: (userId: number) => [...quizHistoryKeys.all, userId] as const,
};

/** Every score of the signed-in user, newest first (all pages). */
export function getMyScores(): Promise<QuizScore[]> {
  return getAllPages<QuizScore>('/books/my-scores/');
}

export const myScoresQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: quizHistoryKeys.mine(userId),
    queryFn: getMyScores,
  });
