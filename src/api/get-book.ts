import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { bookKeys } from './book-keys';
import { retryUnlessFinal } from './query-retry';
import type { Book } from '../contract/books';

/**
 * One book with its owner and current quiz; a 404 is an ApiError with reason 'not-found'.
 * The quiz's quiz_data (a JSON string on the wire) is parsed where the questions are needed
 * (contract/book-detail.ts, quizQuestions): showing the book needs no schema library.
 */
export async function getBook(bookId: number): Promise<Book> {
  const { data } = await apiClient.get<Book>(`/books/books/${bookId}/`);
  return data;
}

export function bookQueryOptions(bookId: number) {
  return queryOptions({ queryKey: bookKeys.detail(bookId), queryFn: () => getBook(bookId), retry: retryUnlessFinal });
}

/** The book shown by the reader; the route's loader has already fetched it. */
export function useBook(bookId: number) {
  return useSuspenseQuery(bookQueryOptions(bookId));
}
