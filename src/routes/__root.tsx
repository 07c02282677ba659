import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppShell } from '../components/app-shell';
import { AnonymousNavbarAccount, type NavbarAccountProps } from '../components/navbar-account-section';
import { siteBrand, siteFooter } from '../content/site-frame';
import { useHydrated } from '../components/use-hydrated';
import { NavbarSessionSlot } from '../features/auth/components/navbar-session-slot';
import { LogoutConfirmation } from '../features/auth/components/logout-confirmation';
import { useSessionRedirects } from '../features/auth/use-session-redirects';
import { startOutboxSyncWhenSignedIn, usePendingScores } from '../features/offline/sync/start-when-signed-in';
import { quizHistoryKeys } from '../features/quiz-history/api/quiz-history-keys';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  useSessionRedirects();
  const { queryClient } = Route.useRouteContext();
  const pendingScores = usePendingScores();
  // Scores waiting on this device are sent at start-up and on every trigger (offline feature).
  useEffect(() => startOutboxSyncWhenSignedIn(() => void queryClient.invalidateQueries({ queryKey: quizHistoryKeys.all })), [queryClient]);
  return (
    <AppShell
      navbar={{
        brand: siteBrand,
        renderAccount: (variant, onNavigate) => <NavbarAccount variant={variant} onNavigate={onNavigate} pendingScores={pendingScores} />,
      }}
      footer={siteFooter}
    >
      <Outlet />
      <LogoutConfirmation pendingScores={pendingScores} />
    </AppShell>
  );
}

/**
 * A prerendered page is the one a visitor sees (Login, Register): it is hydrated as such, and
 * whoever is signed in on this device gets their own links in the render right after.
 */
function NavbarAccount(props: NavbarAccountProps & { pendingScores: number }) {
  const hydrated = useHydrated();
  if (!hydrated) return <AnonymousNavbarAccount variant={props.variant} onNavigate={props.onNavigate} />;
  return <NavbarSessionSlot {...props} />;
}
