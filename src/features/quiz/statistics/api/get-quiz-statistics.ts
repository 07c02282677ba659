/** A book quiz's question statistics (GET /books/books/{id}/quiz/statistics/, issue 35), for its owner and superusers. */
import { queryOptions } from '@tanstack/react-query';
import type { QuizStatistics } from '../../../../contract/progress';
import { apiClient } from '../../../../lib/api-client';

export const quizStatisticsKeys = {
  all: ['quiz-statistics'] as const,
  book: (bookId: number) => [...quizStatisticsKeys.all, bookId] as const,
};

/** Per quiz version with attempts, newest first. */
export async function getQuizStatistics(bookId: number): Promise<QuizStatistics> {
  const { data } = await apiClient.get<QuizStatistics>(`/books/books/${bookId}/quiz/statistics/`);
  return data;
}

export const quizStatisticsQueryOptions = (bookId: number) =>
  queryOptions({
    queryKey: quizStatisticsKeys.book(bookId),
    queryFn: () => getQuizStatistics(bookId),
  });
