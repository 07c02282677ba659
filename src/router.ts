import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { routeTree } from './routeTree.gen';

/**
 * Builds the app's router; tests pass a memory history. The build's prerender (entry-prerender)
 * also passes `browserMode` so it renders in Node the markup the browser renders (and hydrates).
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, browserMode?: { origin: string }) {
  return createRouter({
    routeTree,
    history,
    ...(browserMode ? { isServer: false, origin: browserMode.origin } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read the query cache; the router itself keeps nothing stale.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    // The app scrolls to the top on every path change itself (components/scroll-to-top).
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
