import { redirect } from '@tanstack/react-router';

/** Storage key of the access token (spec §9). */
export const ACCESS_TOKEN_KEY = 'access_token';

/**
 * Minimal guard for protected routes until the accounts feature provides the real session
 * check: without a stored access token the user goes to /login, replacing the history entry.
 */
export function requireAccessToken(): void {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    token = null;
  }
  if (!token) {
    throw redirect({ to: '/login', replace: true });
  }
}
