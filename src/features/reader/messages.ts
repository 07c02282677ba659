import { ApiError } from '../../lib/api-error';

/** SPEC §8 "Book reader": the server's detail, else 'Failed to load book details or chapters.' */
export function bookLoadErrorMessage(error: unknown): string {
  const detail = error instanceof ApiError ? (error.data as { detail?: unknown } | undefined)?.detail : undefined;
  return typeof detail === 'string' && detail ? detail : 'Failed to load book details or chapters.';
}

/** A failed chapter save: the server's field messages (joined) or detail, else a general message. */
export function chapterSaveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.reason === 'network') return 'The chapter could not be saved: there is no connection. Try again when you are online.';
  const data = error instanceof ApiError ? error.data : undefined;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const messages = Object.values(data as Record<string, unknown>).flatMap((value) =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [],
    );
    if (messages.length) return messages.join(' ');
  }
  return 'The chapter could not be saved. Please try again.';
}

/** A failed chapter delete, with the server's detail when it gave one. */
export function chapterDeleteErrorMessage(error: unknown): string {
  return `Failed to delete chapter: ${error instanceof Error ? error.message : String(error)}`;
}
