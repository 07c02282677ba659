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
    /** A 429's or 503's Retry-After, in seconds, when the server sent one. */
    readonly retryAfterSeconds?: number,
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
    const { status, data, headers } = error.response;
    const retryAfter = Number((headers as Record<string, unknown> | undefined)?.['retry-after']);
    return new ApiError(
      serverMessage(data) ?? error.message,
      reasonFor(status),
      status,
      data,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 'network');
}

/** True for failures that mean "no connection", where offline behaviour applies. */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.reason === 'network';

/** The text of any failure: an Error's message, else the value as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The server's answer body when it is an object: from an ApiError, or the body itself (the auth store keeps the body). */
function answerBody(error: unknown): Record<string, unknown> | undefined {
  const body = error instanceof ApiError ? error.data : error instanceof Error ? undefined : error;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** The messages of one field of the body: a string, or the strings of a list. */
const messagesOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];

/** Each field's messages of a 400 (`{"email": ["…"]}`), joined per field; `detail` and `code` are not fields. */
export function fieldMessages(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(answerBody(error) ?? {})) {
    if (field === 'detail' || field === 'code') continue;
    const messages = messagesOf(value);
    if (messages.length) fields[field] = messages.join(' ');
  }
  return fields;
}

export interface MessageOptions {
  /** The screen's own text (SPEC §8), shown when the answer carries no message for the user. */
  fallback: string;
  /**
   * Whether a 4xx's field errors make the message: `all` joins every message of the body with
   * spaces (create book, chapter save); `first` takes the detail, else the first email error,
   * else the first error of the first field (add member). Without it only the detail counts.
   */
  fieldErrors?: 'all' | 'first';
  /** The text when the device has no connection, if the screen says something else then. */
  offline?: string;
}

/**
 * The one place a failure becomes the user's message (SPEC §8): the server's `detail` (or an
 * upload's `error`), or its field errors as the screen asks, else the screen's fallback.
 * `error` is an ApiError, or a server answer body as the auth store keeps it. A network or
 * programming error never shows its technical text.
 */
export function messageOf(error: unknown, { fallback, fieldErrors, offline }: MessageOptions): string {
  if (offline !== undefined && isNetworkError(error)) return offline;
  const body = answerBody(error);
  if (!body) return fallback;
  if (fieldErrors === 'all') {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== undefined && status >= 500) return fallback;
    const messages = Object.values(body).flatMap(messagesOf);
    return messages.length ? messages.join(' ') : fallback;
  }
  const detail = serverMessage(body);
  if (detail) return detail;
  if (fieldErrors === 'first') return messagesOf(body.email)[0] ?? messagesOf(Object.values(body)[0])[0] ?? fallback;
  return fallback;
}
