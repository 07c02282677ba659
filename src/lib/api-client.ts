/**
 * The one API client (SPEC §7): every call of the app to `/api` goes through `apiClient`, an
 * axios instance with base `/api`, credentials, JSON, and the stored access token as a Bearer
 * header. Every failure is an `ApiError` with a `reason` (lib/api-error.ts); it shows no UI.
 *
 * Token refresh (SPEC §4, §8): a 401 triggers ONE shared refresh for every request failing at
 * that moment — in this tab through a shared promise, across tabs through a Web Lock, after
 * which a tab that waited uses the pair another tab already obtained instead of spending the
 * (rotating, single-use) refresh token again. The service worker refreshes under the same
 * lock for a Background Sync; the page takes the worker's pair first (`mirrorSession`).
 * Each request is then retried once.
 *
 * How a failed refresh ends:
 * - no refresh token, or the server refuses it (401/400): the session is cleared and
 *   `announceSessionExpired` sends the user to /login — once per refresh, however many
 *   requests were waiting for it;
 * - no network, a timeout, a 5xx or a 429: the session is KEPT. The user stays signed in
 *   offline (or through a server restart) and the next call online refreshes. Ending a
 *   session because a proxy answered 502 would throw a surgeon out mid-quiz.
 */
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { Page } from '../contract/fields';
import { ApiError, toApiError } from './api-error';
import { announceSessionExpired, clearSession, getAccessToken, getRefreshToken, isTokenExpired, mirrorSession, mirrorWritten, storeSession } from './session';
import { TOKEN_REFRESH_LOCK } from './tokens';

export const API_BASE = '/api';

/** A request's options: axios's (timeout, signal, params, headers, onUploadProgress…). */
export type RequestConfig = AxiosRequestConfig;

/** What a call answers: the parsed body, the status and the headers. */
export type ApiResponse<T> = AxiosResponse<T>;

/** A refresh that hangs is treated as "no network"; the session is kept. */
const REFRESH_TIMEOUT_MS = 20_000;

// No default Content-Type: axios sends objects as application/json and FormData (uploads)
// as multipart with its boundary; a fixed JSON header would turn FormData into JSON.
export const apiClient = axios.create({
  baseURL: API_BASE,
  withCredentials: true,
});

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean; _sentWith?: string | null };

apiClient.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  (config as RetriableConfig)._sentWith = token;
  return config;
});

/** Calls that must never trigger a refresh: they are the sign-in calls themselves. */
const NO_REFRESH = ['/accounts/login/', '/accounts/register/', '/accounts/token/refresh/', '/accounts/logout/'];

/** True when a refresh failure means the sign-in is over (not merely unreachable). */
const endsSession = (error: ApiError) => error.reason === 'unauthorized' || error.reason === 'invalid' || error.reason === 'forbidden';

let refreshing: Promise<string> | null = null;

async function exchangeRefreshToken(startedWith: string | null): Promise<string> {
  // The service worker may have refreshed for a Background Sync: take its pair, never
  // resend the refresh token it spent.
  await mirrorSession();
  const current = getRefreshToken();
  if (!current) throw new ApiError('No refresh token available', 'unauthorized');
  const access = getAccessToken();
  // Another tab refreshed while this one waited for the lock: use its fresh pair.
  if (current !== startedWith && access && !isTokenExpired(access, 0)) return access;
  try {
    const { data } = await axios.post<{ access: string; refresh?: string }>(
      `${API_BASE}/accounts/token/refresh/`,
      { refresh: current },
      { withCredentials: true, headers: { 'Content-Type': 'application/json' }, timeout: REFRESH_TIMEOUT_MS },
    );
    // Refresh tokens rotate: the old one is now spent, keep the new one.
    storeSession(data.access, data.refresh ?? current);
    // The worker's copy holds the new pair (storeSession started that copy) before the lock lets the worker refresh.
    await mirrorWritten();
    return data.access;
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * Obtains a new access token; concurrent callers (in this tab and across tabs) share one
 * refresh. A refused refresh clears the session and announces it once.
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshing) {
    const startedWith = getRefreshToken();
    const run = () => exchangeRefreshToken(startedWith);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    refreshing = (locks ? locks.request(TOKEN_REFRESH_LOCK, run) : run())
      .catch((error: unknown) => {
        const failure = toApiError(error);
        if (endsSession(failure)) {
          clearSession();
          announceSessionExpired();
        }
        throw failure;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

apiClient.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const path = config?.url ?? '';
  if (error.response?.status !== 401 || !config || config._retried || NO_REFRESH.some((p) => path.endsWith(p))) {
    throw toApiError(error);
  }
  config._retried = true;
  // A refresh finished after this request left: retry with the new token, no second refresh.
  const current = getAccessToken();
  if (current && current !== config._sentWith && !isTokenExpired(current, 0)) return apiClient(config);
  try {
    await refreshAccessToken();
  } catch (refreshError) {
    const failure = toApiError(refreshError);
    // Offline or server trouble: the caller sees a network/server failure, the session stays.
    if (!endsSession(failure)) throw failure;
    throw toApiError(error);
  }
  return apiClient(config);
});

/** A page of the contract (`{count, next, previous, results}`), or a bare array (SPEC §7: "results or a bare array"). */
export type ListAnswer<T> = T[] | Page<T>;

/** Most pages a list is followed through; a server bug must not loop forever. */
const MAX_PAGES = 200;

/** `next` is relative (`/api/…?page=2`) or absolute from PUBLIC_URL; call it through the client, under /api. */
export function apiPathOf(next: string): string {
  const url = new URL(next, typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const pathname = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length) : url.pathname;
  return `${pathname}${url.search}`;
}

/** Every item of a paginated list: follows `next` to the end. */
export async function getAllPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = path;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const { data }: { data: ListAnswer<T> } = await apiClient.get<ListAnswer<T>>(next);
    if (Array.isArray(data)) return items.concat(data);
    items.push(...data.results);
    next = data.next ? apiPathOf(data.next) : null;
  }
  return items;
}
