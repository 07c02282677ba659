/**
 * The quiz history's query keys, apart from the fetcher: the root route invalidates them after
 * a score sync, and must not load the API client on a visitor's first visit.
 */
export const quizHistoryKeys = {
  all: ['quiz-history'] as const,
  /** Keyed by user: on a shared tablet one user's history is never shown to the next. */
  mine: (userId: number) => [...quizHistoryKeys.all, userId] as const,
};
