import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSessionExpired } from '../../lib/session';
import { authStore } from './auth-store';

/**
 * Keeps the route guards (route-guards.ts) in step with the session, for the whole app:
 * - when the user signs in or out (here, by the session check, or in another tab) the current
 *   route's guards run again: the protected area sends a signed-out user to /login, and Login
 *   and Register send a signed-in one to /dashboard (both replacing the history entry);
 * - SPEC §4/§8: when a token refresh is refused (or no refresh token is left), the API client
 *   announces it and the user goes to /login from any page, replacing the page they can no
 *   longer see.
 */
export function useSessionRedirects(): void {
  const router = useRouter();

  useEffect(() => {
    const signedIn = () => {
      const { accessToken, isAuthenticated } = authStore.getState();
      return `${Boolean(accessToken)}:${isAuthenticated}`;
    };
    let last = signedIn();
    return authStore.subscribe(() => {
      const now = signedIn();
      if (now === last) return;
      last = now;
      void router.invalidate();
    });
  }, [router]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login', replace: true });
      }),
    [router],
  );
}
