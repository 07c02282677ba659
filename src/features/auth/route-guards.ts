/**
 * The auth routes' guards (SPEC §2, §4), run by the router in `beforeLoad` — the one redirect
 * mechanism. They run again whenever the session they decided on has changed (useSessionRedirects),
 * so a session ended by the session check, by a refused refresh or in another tab leaves the
 * protected area, and a sign-in leaves Login and Register. That includes a change made before
 * the app first rendered: the first page's loaders run before it, and a refresh they cause may
 * be refused (the sign-in was ended on another device).
 */
import { redirect } from '@tanstack/react-router';
import { authStore } from './auth-store';

/** True while a Logout in this tab takes the user to / (use-logout): the protected screens left meanwhile go there too. */
let leavingAfterLogout = false;
export function setLeavingAfterLogout(leaving: boolean): void {
  leavingAfterLogout = leaving;
}

/** What the guards decide on: whether an access token is stored, and whether the session is authenticated. */
export function guardedSession(): string {
  const { accessToken, isAuthenticated } = authStore.getState();
  return `${Boolean(accessToken)}:${isAuthenticated}`;
}

let sessionSeenByGuards = guardedSession();
/** The session as the guards last decided on it. */
export const lastGuardedSession = (): string => sessionSeenByGuards;

/** Protected area: without a stored access token there is nothing to check, go to /login (replacing history), or to / right after a Logout. */
export function requireAccessToken(): void {
  sessionSeenByGuards = guardedSession();
  if (!authStore.getState().accessToken) throw redirect({ to: leavingAfterLogout ? '/' : '/login', replace: true });
}

/**
 * How long a finished session check counts as the one for the protected area that is opening:
 * the guard starts it beside the route loaders, and the area (ProtectedArea) mounts once they
 * are done. A check older than this is run again.
 */
export const AREA_CHECK_REUSE_MS = 10_000;

/**
 * The protected area's guard (SPEC §2): requireAccessToken, then, when the area is entered
 * (not on a navigation inside it, nor a preload on hover) and the device is online, the session
 * check starts at once, beside the route loaders, instead of after the page's first render.
 * ProtectedArea reuses it (AREA_CHECK_REUSE_MS): one GET /accounts/profile/ per visit.
 * Offline there is no check: the area renders from storage.
 */
export function enterProtectedArea({ cause }: { cause: 'preload' | 'enter' | 'stay' }): void {
  requireAccessToken();
  if (cause !== 'enter') return;
  if (navigator.onLine !== false) void authStore.checkSession();
}

/** Login and Register: an authenticated user goes to /dashboard. */
export function redirectIfAuthenticated(): void {
  sessionSeenByGuards = guardedSession();
  if (authStore.getState().isAuthenticated) throw redirect({ to: '/dashboard', replace: true });
}
