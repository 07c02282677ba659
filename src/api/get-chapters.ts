import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bookKeys } from './book-keys';
import { getAllPages } from '../lib/api-client';
import { retryUnlessFinal } from './query-retry';
import type { Chapter } from '../contract/books';

/** A book's chapters in reading order (order, then id: the server sorts them). */
export function getChapters(bookId: number): Promise<Chapter[]> {
  return getAllPages<Chapter>(`/books/books/${bookId}/chapters/`);
}

export function chapterListQueryOptions(bookId: number) {
  return queryOptions({ queryKey: bookKeys.chapters(bookId), queryFn: () => getChapters(bookId), retry: retryUnlessFinal });
}

/** The chapters shown by the reader; the route's loader has already fetched them. */
export function useChapters(bookId: number) {
  return useSuspenseQuery(chapterListQueryOptions(bookId));
}
