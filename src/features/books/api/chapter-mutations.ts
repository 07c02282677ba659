import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { bookKeys } from '../../../api/book-keys';
import type { Chapter, ChapterFields } from './types';

/** Adds a chapter (the book's owner or a superuser). */
export async function createChapter(bookId: number, fields: ChapterFields): Promise<Chapter> {
  const { data } = await apiClient.post<Chapter>(`/books/books/${bookId}/chapters/`, fields);
  return data;
}

/** Changes the given fields of a chapter; content_delta is left as stored when omitted. */
export async function updateChapter(bookId: number, chapterId: number, fields: Partial<ChapterFields>): Promise<Chapter> {
  const { data } = await apiClient.patch<Chapter>(`/books/books/${bookId}/chapters/${chapterId}/`, fields);
  return data;
}

export async function deleteChapter(bookId: number, chapterId: number): Promise<void> {
  await apiClient.delete(`/books/books/${bookId}/chapters/${chapterId}/`);
}

/** After any chapter change: the book (chapter count), its chapters and the list are refreshed. */
function useRefreshBook(bookId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) }), queryClient.invalidateQueries({ queryKey: bookKeys.lists() })]);
}

export function useCreateChapter(bookId: number) {
  const refresh = useRefreshBook(bookId);
  return useMutation({ mutationFn: (fields: ChapterFields) => createChapter(bookId, fields), onSuccess: refresh });
}

export function useUpdateChapter(bookId: number) {
  const refresh = useRefreshBook(bookId);
  return useMutation({
    mutationFn: ({ chapterId, fields }: { chapterId: number; fields: Partial<ChapterFields> }) => updateChapter(bookId, chapterId, fields),
    onSuccess: refresh,
  });
}

export function useDeleteChapter(bookId: number) {
  const refresh = useRefreshBook(bookId);
  return useMutation({ mutationFn: (chapterId: number) => deleteChapter(bookId, chapterId), onSuccess: refresh });
}
