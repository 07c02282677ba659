import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bookKeys } from '../../../api/book-keys';
import { getAllPages } from '../../../lib/api-client';
import { retryUnlessFinal } from '../../../api/query-retry';
import type { BookListItem } from './types';

/** Every book, following the server's pages (newest first). */
export function getBooks(): Promise<BookListItem[]> {
  return getAllPages<BookListItem>('/books/books/');
}

export function booksQueryOptions() {
  return queryOptions({ queryKey: bookKeys.lists(), queryFn: getBooks, retry: retryUnlessFinal });
}

/** The books list; the route's loader has already fetched it. */
export function useBooks() {
  return useSuspenseQuery(booksQueryOptions());
}
