/**
 * A search, online and offline: the server's pages while it answers, and the downloaded books'
 * own indexes (lib/offline-search) at once when the device is offline or the server cannot be
 * reached; no request is made (or waited for) while the browser says it is offline.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { SEARCH_QUERY_MAX_LENGTH, searchWords, type SearchResult } from '../../contract/search';
import { ApiError } from '../../lib/api-error';
import { downloadedBookIds, searchDownloadedBooks } from '../../lib/offline-search/offline-index';
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
}

export function useBookSearch(params: SearchParams, shownOffline: number): BookSearch {
  const userId = useStoredUser()?.user_id ?? null;
  const online = useOnlineStatus();
  const valid = searchWords(params.q).length > 0 && params.q.trim().length <= SEARCH_QUERY_MAX_LENGTH;
  const remote = useInfiniteQuery({ ...searchQueryOptions(params), enabled: online && valid });
  const local = useQuery({
    queryKey: searchKeys.offline(userId ?? 0, params),
    queryFn: () => (userId === null ? [] : searchDownloadedBooks(userId, params.q, { bookId: params.book })),
    enabled: valid && userId !== null,
    // IndexedDB, not the network: runs offline, never kept between visits.
    networkMode: 'always',
    staleTime: 0,
    gcTime: 60_000,
  });
  const downloaded = useLiveQuery(() => (userId === null ? new Set<number>() : downloadedBookIds(userId)), [userId]) ?? new Set<number>();

  const offline = !online || (remote.isError && !remote.data && unreachable(remote.error));
  if (offline) {
    const all = local.data ?? [];
    return {
      valid,
      offline,
      loading: valid && local.isPending,
      results: all.slice(0, shownOffline),
      count: all.length,
      error: null,
      downloaded,
      hasMore: all.length > shownOffline,
      loadingMore: false,
      loadMore: () => undefined,
    };
  }
  const pages = remote.data?.pages ?? [];
  return {
    valid,
    offline,
    loading: valid && remote.isPending,
    results: pages.flatMap((page) => page.results),
    count: pages[0]?.count ?? 0,
    error: remote.isError ? remote.error : null,
    downloaded,
    hasMore: remote.hasNextPage,
    loadingMore: remote.isFetchingNextPage,
    loadMore: () => void remote.fetchNextPage(),
  };
}
