/**
 * What a download fetches from the server: the book detail (quiz parsed once, at this edge),
 * every chapter, and the size of each medium. The books feature has its own fetchers for the
 * screens; this feature does not import another feature (STYLE.md "Boundaries").
 */
import { parseBook } from '../../../contract/book-detail';
import type { Book, Chapter } from '../../../contract/books';
import { apiClient, getAllPages } from '../../../lib/api-client';
import type { ParsedBook } from '../../../contract/book-detail';

export async function getBookForDownload(bookId: number): Promise<ParsedBook> {
  const { data } = await apiClient.get<Book>(`/books/books/${bookId}/`);
  return parseBook(data);
}

export function getChaptersForDownload(bookId: number): Promise<Chapter[]> {
  return getAllPages<Chapter>(`/books/books/${bookId}/chapters/`);
}

/** The size in bytes of a same-origin medium (HEAD's Content-Length), or null when unknown. */
export async function getMediaSize(url: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal });
    const length = response.ok ? Number(response.headers.get('content-length')) : NaN;
    return Number.isFinite(length) && length > 0 ? length : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
