import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSessionExpired } from '../../lib/session';
import { authStore } from './auth-store';
import { guardedSession, lastGuardedSession } from './route-guards';

/**
 * Keeps the route guards (route-guards.ts) in step with the session, for the whole app:
 * - when the user has signed in or out since the guards last ran (here, by the session check, by
 *   a refresh refused while the first page loaded, or in another tab) the current route's guards
 *   run again: the protected area sends a signed-out user to /login, and Login and Register send
 *   a signed-in one to /dashboard (both replacing the history entry);
 * - SPEC §4/§8: when a token refresh is refused (or no refresh token is left), the API client
 *   announces it and the user goes to /login from any page, replacing the page they can no
 *   longer see.
 */
export function useSessionRedirects(): void {
  const router = useRouter();

  useEffect(() => {
    let last = lastGuardedSession();
    const follow = () => {
      const now = guardedSession();
      if (now === last) return;
      last = now;
      void router.invalidate();
    };
    follow();
    return authStore.subscribe(follow);
  }, [router]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login', replace: true });
      }),
    [router],
  );
}
