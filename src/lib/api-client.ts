/**
 * The one API client (SPEC §7): every call of the app to `/api` goes through `apiClient`. Its
 * requests are sent by axios (http-client.ts: the Bearer token, the shared token refresh, the
 * retry), which loads with the first request that needs it, or once a signed-in page is shown
 * (`preloadApiClient`), not with the page's start.
 *
 * A signed-in page's first reads need none of axios: index.html's starter has already sent them
 * (lib/early-reads), and `get` answers a GET the starter sent with the same token with the
 * starter's answer, once: its JSON parsed, validated by the caller as usual. A read that failed
 * or was not a 200, was sent with another token, is not JSON or has not answered within the
 * request's timeout goes to the server through axios, so a 401 still leads to the token's
 * refresh. On a phone this kept axios (19.2 KiB with brotli, and its evaluation) out of what
 * the books list and the reader download and run before their first screen.
 */
import type { AxiosRequestConfig } from 'axios';
import type { Page } from '../contract/fields';
import { ApiError } from './api-error';
import { takeEarlyRead } from './early-reads';
import { getAccessToken } from './session';

export const API_BASE = '/api';

/** A request's options: axios's (timeout, signal, params, headers, onUploadProgress…). */
export type RequestConfig = AxiosRequestConfig;

/** What a call answers: the parsed body, the status and the headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Record<string, unknown>;
}

export interface ApiClient {
  get<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
}

/**
 * axios's client. When its code cannot be downloaded (no network, the server unreachable) the
 * request fails as axios fails without a network, an ApiError with the reason 'network', so the
 * screens' offline behaviour applies; the next request imports it again.
 */
const loadHttpClient = () =>
  import('./http-client').then(
    (module) => module.httpClient,
    (error: unknown) => {
      console.warn('Could not load the API client', error);
      throw new ApiError('Network Error', 'network');
    },
  );

/** Starts loading axios, once a signed-in page is shown: the user's first action then waits for no download. */
export function preloadApiClient(): void {
  // A failure is logged by loadHttpClient; the next request imports it again.
  loadHttpClient().catch(() => undefined);
}

export const apiClient: ApiClient = {
  async get<T>(url: string, config?: RequestConfig) {
    const early = await fromEarlyRead<T>(url, config);
    return early ?? (await loadHttpClient()).get<T>(url, config);
  },
  delete: async <T>(url: string, config?: RequestConfig) => (await loadHttpClient()).delete<T>(url, config),
  post: async <T>(url: string, body?: unknown, config?: RequestConfig) => (await loadHttpClient()).post<T>(url, body, config),
  put: async <T>(url: string, body?: unknown, config?: RequestConfig) => (await loadHttpClient()).put<T>(url, body, config),
  patch: async <T>(url: string, body?: unknown, config?: RequestConfig) => (await loadHttpClient()).patch<T>(url, body, config),
};

/** The starter's answer to this GET (see above), or null: the request then goes to the server. */
async function fromEarlyRead<T>(url: string, config: RequestConfig | undefined): Promise<ApiResponse<T> | null> {
  if (config?.params) return null;
  const token = getAccessToken();
  const early = takeEarlyRead(url, token ? `Bearer ${token}` : null);
  if (!early) return null;
  const answer = await within(early, config);
  if (!answer) return null;
  try {
    return { data: JSON.parse(answer.body) as T, status: answer.status, headers: Object.fromEntries(answer.headers) };
  } catch {
    return null;
  }
}

/**
 * The early answer, or null once the request's timeout has passed or it is aborted: axios then
 * sends the request, or rejects at once with its cancellation when the signal was aborted.
 */
function within<T>(answer: Promise<T | null>, config: RequestConfig | undefined): Promise<T | null> {
  return new Promise((resolve) => {
    const signal = config?.signal as AbortSignal | undefined;
    if (signal?.aborted) return resolve(null);
    const timer = config?.timeout ? setTimeout(() => resolve(null), config.timeout) : undefined;
    const abort = () => resolve(null);
    signal?.addEventListener?.('abort', abort, { once: true });
    void answer.then(resolve, () => resolve(null)).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener?.('abort', abort);
    });
  });
}

/** A page of the contract (`{count, next, previous, results}`), or a bare array (SPEC §7: "results or a bare array"). */
export type ListAnswer<T> = T[] | Page<T>;

/** Most pages a list is followed through; a server bug must not loop forever. */
const MAX_PAGES = 200;

/** `next` is absolute (`http://host/api/…?page=2`); call it through the client, under /api. */
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
