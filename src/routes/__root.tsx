import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { AppShell } from '../components/app-shell';
import type { NavbarAccount } from '../components/navbar/account-links';
import { useHydrated } from '../components/use-hydrated';
import { siteBrand, siteFooter } from '../content/site-frame';
import { useAuth } from '../features/auth/auth-store';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { useLogout } from '../features/auth/use-logout';
import { useSessionRedirects } from '../features/auth/use-session-redirects';
import { AppBarSearchPlace } from '../features/search/components/app-bar-search-place';
import { quizHistoryKeys } from '../features/quiz/scores/api/quiz-history-keys';
import { startOutboxSyncWhenSignedIn, usePendingScores } from '../features/quiz/scores/start-when-signed-in';

// The app bar's search field loads for signed-in users only: a visitor's first visit carries none of the search code.
const AppBarSearch = lazy(() => import('../features/search/components/app-bar-search').then((m) => ({ default: m.AppBarSearch })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  useSessionRedirects();
  const { queryClient } = Route.useRouteContext();
  const account = useNavbarAccount();
  // Scores waiting on this device are sent at start-up and on every trigger; the history then shows them.
  useEffect(() => startOutboxSyncWhenSignedIn(() => void queryClient.invalidateQueries({ queryKey: quizHistoryKeys.all })), [queryClient]);
  return (
    <AppShell
      navbar={{
        brand: siteBrand,
        account,
        search: account.user ? (
          <Suspense fallback={<AppBarSearchPlace />}>
            <AppBarSearch />
          </Suspense>
        ) : null,
      }}
      footer={siteFooter}
    >
      <Outlet />
      <LogoutConfirmation />
    </AppShell>
  );
}

/**
 * The navbar's account part from the session. A prerendered page is the one a visitor sees
 * (Login, Register): it is hydrated as such, and whoever is signed in on this device gets their
 * own links in the render right after.
 */
function useNavbarAccount(): NavbarAccount {
  const hydrated = useHydrated();
  const { isAuthenticated, user } = useAuth();
  const pendingScores = usePendingScores();
  const { requestLogout } = useLogout();
  return {
    user: hydrated && isAuthenticated && user ? { email: user.email, isSuperuser: user.is_superuser } : null,
    pendingScores,
    onLogout: () => void requestLogout(pendingScores),
  };
}
