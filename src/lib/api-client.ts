/**
 * The one HTTP client (SPEC §7): base `/api`, credentials, JSON, and the stored access token
 * as a Bearer header.
 *
 * Token refresh (SPEC §4, §8): a 401 triggers ONE shared refresh for every request failing at
 * that moment — in this tab through a shared promise, across tabs through a Web Lock, after
 * which a tab that waited uses the pair another tab already obtained instead of spending the
 * (rotating, single-use) refresh token again. Each request is then retried once. With no
 * refresh token, or a refused refresh, the session is cleared and `announceSessionExpired`
 * sends the user to /login. A refresh that fails for lack of network keeps the session: the
 * user stays signed in offline and the next call online refreshes.
 */
import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, toApiError } from './api-error';
import { announceSessionExpired, clearSession, getAccessToken, getRefreshToken, isTokenExpired, storeSession } from './session';

export const API_BASE = '/api';

export const apiClient = axios.create({
  baseURL: API_BASE,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  (config as RetriableConfig)._sentWith = token;
  return config;
});

/** Calls that must never trigger a refresh: they are the sign-in calls themselves. */
const NO_REFRESH = ['/accounts/login/', '/accounts/register/', '/accounts/token/refresh/', '/accounts/logout/'];

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean; _sentWith?: string | null };

let refreshing: Promise<string> | null = null;

async function exchangeRefreshToken(startedWith: string | null): Promise<string> {
  const current = getRefreshToken();
  if (!current) throw new ApiError('No refresh token available', 'unauthorized');
  const access = getAccessToken();
  // Another tab refreshed while this one waited for the lock: use its fresh pair.
  if (current !== startedWith && access && !isTokenExpired(access, 0)) return access;
  try {
    const { data } = await axios.post<{ access: string; refresh?: string }>(
      `${API_BASE}/accounts/token/refresh/`,
      { refresh: current },
      { withCredentials: true, headers: { 'Content-Type': 'application/json' } },
    );
    storeSession(data.access, data.refresh ?? current);
    return data.access;
  } catch (error) {
    throw toApiError(error);
  }
}

/** Obtains a new access token; concurrent callers (in this tab and across tabs) share one refresh. */
export function refreshAccessToken(): Promise<string> {
  if (!refreshing) {
    const startedWith = getRefreshToken();
    const run = () => exchangeRefreshToken(startedWith);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    refreshing = (locks ? locks.request('lap-token-refresh', run) : run()).finally(() => {
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
    if (failure.reason === 'network') throw failure;
    clearSession();
    announceSessionExpired();
    throw toApiError(error);
  }
  return apiClient(config);
});
