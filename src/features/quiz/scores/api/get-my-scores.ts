/** The signed-in user's quiz results (SPEC §7 GET /books/my-scores/). */
import { queryOptions } from '@tanstack/react-query';
import type { ScoreRecord } from '../../../../contract/scores';
import { getAllPages } from '../../../../lib/api-client';
import { quizHistoryKeys } from './quiz-history-keys';

/** SPEC §3 "Quiz score record": the contract's shape. */
export type QuizScore = ScoreRecord;

export { quizHistoryKeys } from './quiz-history-keys';

/** Every score of the signed-in user, newest first (all pages). */
export function getMyScores(): Promise<ScoreRecord[]> {
  return getAllPages<ScoreRecord>('/books/my-scores/');
}

export const myScoresQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: quizHistoryKeys.mine(userId),
    queryFn: getMyScores,
  });
