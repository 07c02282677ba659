/**
 * A search, online and offline: the server's pages while it answers, and the downloaded books'
 * own indexes (lib/offline-search) at once when the device is offline or the server cannot be
 * reached; no request is made (or waited for) while the browser says it is offline.
 */
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { SEARCH_QUERY_MAX_LENGTH, searchWords, type SearchResult } from '../../contract/search';
import { ApiError } from '../../lib/api-error';
import { downloadedBookIds, loadSearchIndexes, searchDownloadedBooks } from '../../lib/offline-search/offline-index';
import { useOnlineStatus } from '../../lib/online-status';
import { useStoredUser } from '../../lib/session';
import { searchKeys, type SearchParams, searchQueryOptions } from './api/search-books';

/** A failure that means "the server is out of reach" (not an answer about the query). */
const unreachable = (error: unknown) => !(error instanceof ApiError) || error.reason === 'network' || error.reason === 'server';

export interface BookSearch {
  /** Whether the words make a search (not empty, not too long). */
  valid: boolean;
  /** Offline, or the server out of reach: the results are the downloaded books' only. */
  offline: boolean;
  loading: boolean;
  /** The results shown so far. */
  results: SearchResult[];
  /** How many results there are in all. */
  count: number;
  /** The server's failure that is not about reaching it (a refused query). */
  error: unknown;
  /** Books downloaded on this device. */
  downloaded: ReadonlySet<number>;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /**
   * Offline (as this search is), searches the downloaded books for `q` ahead of showing it: the
   * page then renders the new words with their results at once, not 'Searching...' first.
   */
  prepare: (q: string) => Promise<void>;
}

/** A search of the downloaded books, as the page shows it. */
function offlineSearchOptions(userId: number | null, params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.offline(userId ?? 0, params),
    queryFn: () => (userId === null ? [] : searchDownloadedBooks(userId, params.q, { bookId: params.book })),
    // IndexedDB, not the network: runs offline.
    networkMode: 'always',
    // Searched just before it shows (`prepare`): not searched again as it renders; kept briefly.
    staleTime: 5_000,
    gcTime: 60_000,
  });
}

const NONE: ReadonlySet<number> = new Set();
const NO_RESULTS: SearchResult[] = [];

export function useBookSearch(params: SearchParams, shownOffline: number): BookSearch {
  const userId = useStoredUser()?.user_id ?? null;
  const online = useOnlineStatus();
  const valid = searchWords(params.q).length > 0 && params.q.trim().length <= SEARCH_QUERY_MAX_LENGTH;
  const remote = useInfiniteQuery({ ...searchQueryOptions(params), enabled: online && valid });
  const local = useQuery({ ...offlineSearchOptions(userId, params), enabled: valid && userId !== null });
  useEffect(() => {
    // The downloaded books' indexes load (in the search worker) while the words are typed.
    if (userId !== null) loadSearchIndexes(userId).catch((error: unknown) => console.warn('The offline search indexes could not be loaded', error));
  }, [userId]);
  const downloaded = useLiveQuery(() => (userId === null ? NONE : downloadedBookIds(userId)), [userId]) ?? NONE;

  const offline = !online || (remote.isError && !remote.data && unreachable(remote.error));
  const queryClient = useQueryClient();
  const { book } = params;
  const prepare = useCallback(
    async (q: string) => {
      if (offline && userId !== null && searchWords(q).length > 0) await queryClient.prefetchQuery(offlineSearchOptions(userId, { q, book }));
    },
    [offline, userId, book, queryClient],
  );
  // The same arrays while the results are the same: the list is not rendered again when the URL catches up.
  const all = local.data ?? NO_RESULTS;
  const shownLocal = useMemo(() => all.slice(0, shownOffline), [all, shownOffline]);
  const pages = remote.data?.pages;
  const shownRemote = useMemo(() => pages?.flatMap((page) => page.results) ?? NO_RESULTS, [pages]);
  if (offline) {
    return {
      valid,
      offline,
      loading: valid && local.isPending,
      results: shownLocal,
      count: all.length,
      error: null,
      downloaded,
      hasMore: all.length > shownOffline,
      loadingMore: false,
      loadMore: () => undefined,
      prepare,
    };
  }
  return {
    valid,
    offline,
    loading: valid && remote.isPending,
    results: shownRemote,
    count: pages?.[0]?.count ?? 0,
    error: remote.isError ? remote.error : null,
    downloaded,
    hasMore: remote.hasNextPage,
    loadingMore: remote.isFetchingNextPage,
    loadMore: () => void remote.fetchNextPage(),
    prepare,
  };
}
