/** GET /books/search/: one page of results for the words typed (of one book with `book`). */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '../../../contract/fields';
import type { SearchResult } from '../../../contract/search';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export interface SearchParams {
  q: string;
  book?: number;
}

export const searchKeys = {
  all: ['search'] as const,
  online: ({ q, book }: SearchParams) => [...searchKeys.all, 'online', q, book ?? null] as const,
  offline: (userId: number, { q, book }: SearchParams) => [...searchKeys.all, 'offline', userId, q, book ?? null] as const,
};

export async function searchBooks({ q, book }: SearchParams, page: number, signal?: AbortSignal): Promise<Page<SearchResult>> {
  const query = new URLSearchParams({ q, ...(book ? { book: String(book) } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  const { data } = await apiClient.get<Page<SearchResult>>(`/books/search/?${query}`, { signal });
  return data;
}

/** The pages of a search, 'Load more' asking for the next; no retry of a failure (the downloaded books answer instead). */
export function searchQueryOptions(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: searchKeys.online(params),
    queryFn: ({ pageParam, signal }) => searchBooks(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    retry: (count, error) => !(error instanceof ApiError) && count < 1,
    staleTime: 30_000,
  });
}
