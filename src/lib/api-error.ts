/** Every API failure as one typed error, so screens branch on `reason`, not on axios internals. */
import type { AxiosError } from 'axios';

export type ApiErrorReason = 'network' | 'unauthorized' | 'forbidden' | 'not-found' | 'invalid' | 'too-large' | 'rate-limited' | 'server';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly reason: ApiErrorReason,
    readonly status?: number,
    /** The server's answer body: `{detail}`, field errors, or `{error}` for uploads. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function reasonFor(status: number): ApiErrorReason {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 413) return 'too-large';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'invalid';
}

/** The server's `detail` (or upload `error`) text, if it sent one. */
export function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const { detail, error } = data as { detail?: unknown; error?: unknown };
    if (typeof detail === 'string') return detail;
    if (typeof error === 'string') return error;
  }
  return undefined;
}

/**
 * axios's own test (`error.isAxiosError === true`), without importing axios: the auth store
 * reads errors on every page, and axios should load only with the API client.
 */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (!error.response) return new ApiError(error.message || 'Network Error', 'network');
    const { status, data } = error.response;
    return new ApiError(serverMessage(data) ?? error.message, reasonFor(status), status, data);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 'network');
}

/** True for failures that mean "no connection", where offline behaviour applies. */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.reason === 'network';
