/**
 * The auth state of SPEC §3/§4: `user, accessToken, refreshToken, isAuthenticated, loading,
 * error`, with the login, registration, logout and session-check transitions, and the open
 * question before a logout that would leave quiz scores unsynced.
 *
 * The session (lib/session) is the single source of the user and tokens: this store reads
 * them from there and keeps no copy; it adds only `loading`, `error` and the logout question.
 * So a token refresh, a refused refresh (lib/api-client), or a sign-out in another tab shows up
 * here at once, and the initial state is "authenticated" exactly when storage holds an access
 * token and a user.
 *
 * Offline rule: a session check that cannot reach the server (no network, timeout, 5xx) keeps
 * the stored session. Only the server saying "not authenticated" ends it.
 */
import { useSyncExternalStore } from 'react';
import { toApiError } from '../../lib/api-error';
import { forgetUnsavedLogouts, markLogoutPending, queueLogout } from '../../lib/outbox/logout-queue';
import {
  clearSession,
  decodeUser,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  type SessionUser,
  storeSession,
  storeUser,
  subscribeSession,
} from '../../lib/session';
import type { Credentials, RegistrationPayload } from './api/auth-api';

/**
 * The accounts calls load with the API client (axios) on first use: the navbar reads this store
 * on every public page, and a visitor's first visit should not download the client.
 */
const authApi = () => import('./api/auth-api');

export const AUTH_MESSAGES = {
  /** What Login and Register show when the failure has no detail (SPEC §8). */
  generic: 'An error occurred',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  notAuthenticated: 'Not authenticated',
  /** Sign-in without a connection: the request never reached the server. */
  offline: 'This device is offline. Signing in needs a connection: connect to the internet (Wi-Fi or mobile data) and try again.',
  offlineRegistration: 'This device is offline. Registering needs a connection: connect to the internet (Wi-Fi or mobile data) and try again.',
} as const;

/** The login lockout (429) in minutes and what to do about it. */
export function lockoutMessage(retryAfterSeconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 15 * 60) / 60));
  return (
    `Too many failed sign-in attempts. Sign-in is paused for ${minutes} minute${minutes === 1 ? '' : 's'}: ` +
    "wait and try again, or choose 'Forgot password?' to set a new password."
  );
}

/** A failure of login or registration as the body the forms show: offline and lockout in words a person understands. */
function authFailure(error: unknown, offline: string, fallback: string): AuthError {
  const failure = toApiError(error);
  if (failure.reason === 'network') return { detail: offline };
  if (failure.status === 429) return { detail: lockoutMessage(failure.retryAfterSeconds) };
  return serverErrorData(error) ?? fallback;
}

/** The server's error body (`{detail}` or field errors), or one of AUTH_MESSAGES. */
export type AuthError = string | Record<string, unknown>;

export interface AuthState {
  user: SessionUser | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: AuthError | null;
}

/** How a session check ended: confirmed, refused by the server, or not decidable (offline). */
export type SessionCheckResult = 'authenticated' | 'not-authenticated' | 'unreachable';

/** The server's error body when it sent an object; otherwise nothing. */
function serverErrorData(error: unknown): Record<string, unknown> | undefined {
  const { data } = toApiError(error);
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore() {
  let status: Pick<AuthState, 'loading' | 'error'> = { loading: false, error: null };
  let snapshot: AuthState | null = null;
  /** How many unsynced scores the open logout question is about; null when it is closed. */
  let logoutQuestion: number | null = null;
  let checking: Promise<SessionCheckResult> | null = null;
  /** The last check's result, when it ended and the refresh token it left (a new sign-in is a new session). */
  let lastCheck: { result: SessionCheckResult; at: number; refreshToken: string | null } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  function getState(): AuthState {
    const accessToken = getAccessToken();
    const refreshToken = getRefreshToken();
    const user = getStoredUser();
    const s = snapshot;
    if (!s || s.accessToken !== accessToken || s.refreshToken !== refreshToken || s.user !== user || s.loading !== status.loading || s.error !== status.error) {
      snapshot = { user, accessToken, refreshToken, isAuthenticated: Boolean(accessToken && user), ...status };
    }
    return snapshot!;
  }

  function set(next: Partial<typeof status>) {
    status = { ...status, ...next };
    notify();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const stopSession = subscribeSession(listener);
    return () => {
      listeners.delete(listener);
      stopSession();
    };
  }

  /** A shared ward device: whoever read here before keeps their places in their own IndexedDB rows, out of the new user's localStorage. */
  function sortReadingPositions(userId: number) {
    import('../../lib/reading-positions')
      .then(({ keepOnlyPositionsOf }) => keepOnlyPositionsOf(userId))
      .catch((error: unknown) => console.warn('The reading positions could not be loaded', error));
  }

  /** SPEC §4 Login. Resolves to true when signed in; the failure is in `error`. */
  async function login(credentials: Credentials): Promise<boolean> {
    set({ loading: true, error: null });
    try {
      const { access, refresh } = await (await authApi()).loginWithEmail(credentials);
      const user = decodeUser(access);
      if (!user) throw new Error('The access token carries no user');
      storeSession(access, refresh, user);
      sortReadingPositions(user.user_id);
      set({ loading: false });
      return true;
    } catch (error) {
      set({ loading: false, error: authFailure(error, AUTH_MESSAGES.offline, AUTH_MESSAGES.loginFailed) });
      return false;
    }
  }

  /** SPEC §4 Registration: the returned user is stored with the tokens. */
  async function register(payload: RegistrationPayload): Promise<boolean> {
    set({ loading: true, error: null });
    try {
      const { user, access, refresh } = await (await authApi()).registerAccount(payload);
      const registered = user ?? decodeUser(access);
      storeSession(access, refresh, registered);
      if (registered) sortReadingPositions(registered.user_id);
      set({ loading: false });
      return true;
    } catch (error) {
      set({ loading: false, error: authFailure(error, AUTH_MESSAGES.offlineRegistration, AUTH_MESSAGES.registrationFailed) });
      return false;
    }
  }

  /**
   * SPEC §4 Logout: the session ends on this device at once (tokens removed whatever the
   * network), and the server is told through the outbox (lib/outbox/logout-queue): at once when
   * online, else as soon as the connection returns, so the refresh token does not stay valid.
   * Resolves once the logout is queued. Where IndexedDB is unavailable the server is told
   * directly, and a failure is only logged.
   */
  async function logout(): Promise<void> {
    const refresh = getRefreshToken();
    const userId = getStoredUser()?.user_id ?? null;
    // The token stays on the device until IndexedDB holds it (the tab may close at once).
    if (refresh) markLogoutPending(refresh, userId);
    clearSession();
    set({ loading: false, error: null });
    if (!refresh) return;
    try {
      await queueLogout();
      return;
    } catch (error) {
      console.warn('The logout could not be queued on this device; the server is told directly', error);
    }
    try {
      await (await authApi()).logoutSession(refresh);
      forgetUnsavedLogouts([refresh]);
    } catch (error) {
      console.warn('The server did not confirm the logout', error);
    }
  }

  function rejectSession(): SessionCheckResult {
    clearSession();
    set({ loading: false, error: AUTH_MESSAGES.notAuthenticated });
    return 'not-authenticated';
  }

  async function runSessionCheck(): Promise<SessionCheckResult> {
    if (!getAccessToken()) return rejectSession();
    if (isOffline()) return 'unreachable';
    set({ loading: true });
    try {
      const user = await (await authApi()).getProfileUser();
      // The profile is read from the database: fresher than the token's claims (a member
      // added to an organization sees it without signing in again).
      if (JSON.stringify(user) !== JSON.stringify(getStoredUser())) storeUser(user);
      set({ loading: false });
      return 'authenticated';
    } catch (error) {
      const { reason } = toApiError(error);
      if (reason === 'unauthorized' || reason === 'forbidden') return rejectSession();
      set({ loading: false });
      return 'unreachable';
    }
  }

  /**
   * SPEC §4 Session check (GET /accounts/profile/); concurrent calls share one request.
   * With `reuseWithinMs`, a check of the same session that ended at most that long ago answers
   * instead of a new request (the protected area reuses the check its route guard started).
   */
  function checkSession({ reuseWithinMs }: { reuseWithinMs?: number } = {}): Promise<SessionCheckResult> {
    if (checking) return checking;
    const recent = reuseWithinMs === undefined ? null : recentSessionCheck(reuseWithinMs);
    if (recent) return Promise.resolve(recent);
    const run = runSessionCheck().then((result) => {
      lastCheck = { result, at: Date.now(), refreshToken: getRefreshToken() };
      return result;
    });
    checking = run.finally(() => {
      checking = null;
    });
    return checking;
  }

  /**
   * The result of a check of the current session that ended at most `maxAgeMs` ago, or null
   * (none, older, still running, or the session has changed since: signed out, or signed in again).
   */
  function recentSessionCheck(maxAgeMs: number): SessionCheckResult | null {
    if (!lastCheck || checking) return null;
    if (Date.now() - lastCheck.at > maxAgeMs) return null;
    if (lastCheck.refreshToken !== getRefreshToken()) return null;
    return lastCheck.result;
  }

  /** SPEC §4 "clear the error and reset loading": on opening and leaving Login and Register. */
  function clearError(): void {
    if (status.error !== null || status.loading) set({ loading: false, error: null });
  }

  /** The number of unsynced scores the open logout question is about, or null when none is open. */
  function getLogoutQuestion(): number | null {
    return logoutQuestion;
  }

  /** Opens the question before a logout (with the number of unsynced scores), or closes it (null). */
  function setLogoutQuestion(pendingScores: number | null): void {
    logoutQuestion = pendingScores;
    notify();
  }

  return { getState, subscribe, login, register, logout, checkSession, recentSessionCheck, clearError, getLogoutQuestion, setLogoutQuestion };
}

/** The app's auth store. */
export const authStore = createAuthStore();

/** The auth state, re-rendering on every transition and on session changes in any tab. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

/** The number of unsynced scores the open logout question is about, or null. */
export function useLogoutQuestion(): number | null {
  return useSyncExternalStore(authStore.subscribe, authStore.getLogoutQuestion, () => null);
}
