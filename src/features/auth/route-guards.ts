/** `beforeLoad` guards of the auth routes (SPEC §2, §4). */
import { redirect } from '@tanstack/react-router';
import { getAccessToken } from '../../lib/session';
import { authStore } from './auth-store';

/** Protected area: without a stored access token there is nothing to check, go to /login (replacing history). */
export function requireAccessToken(): void {
  if (!getAccessToken()) throw redirect({ to: '/login', replace: true });
}

/** Login and Register: an authenticated user goes to /dashboard. */
export function redirectIfAuthenticated(): void {
  if (authStore.getState().isAuthenticated) throw redirect({ to: '/dashboard', replace: true });
}
