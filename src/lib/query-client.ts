import { onlineManager, QueryClient } from '@tanstack/react-query';

/** The app's QueryClient: offline-first, so a query issued offline waits instead of failing. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until it sees an `offline` event, which a page loaded
  // without a network never fires: start from the browser's own answer, so queries pause.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
