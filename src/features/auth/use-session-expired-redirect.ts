import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onSessionExpired } from '../../lib/session';

/**
 * SPEC §4/§8: when a token refresh is refused (or no refresh token is left), the API client
 * announces it; the app sends the user to /login, replacing the page they can no longer see.
 */
export function useSessionExpiredRedirect(): void {
  const router = useRouter();
  useEffect(
    () =>
      onSessionExpired(() => {
        if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login', replace: true });
      }),
    [router],
  );
}
