/**
 * The auth routes' guards (SPEC §2, §4), run by the router in `beforeLoad` — the one redirect
 * mechanism. They run again whenever someone signs in or out (useSessionRedirects), so a
 * session ended by the session check, by a refused refresh or in another tab leaves the
 * protected area, and a sign-in leaves Login and Register.
 */
import { redirect } from '@tanstack/react-router';
import { authStore } from './auth-store';

/** Protected area: without a stored access token there is nothing to check, go to /login (replacing history). */
export function requireAccessToken(): void {
  if (!authStore.getState().accessToken) throw redirect({ to: '/login', replace: true });
}

/** Login and Register: an authenticated user goes to /dashboard. */
export function redirectIfAuthenticated(): void {
  if (authStore.getState().isAuthenticated) throw redirect({ to: '/dashboard', replace: true });
}
