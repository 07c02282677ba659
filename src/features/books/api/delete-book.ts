import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { bookKeys } from '../../../api/book-keys';
import type { BookListItem } from './types';

/** Deletes a book with its chapters and quiz (superusers). */
export async function deleteBook(bookId: number): Promise<void> {
  await apiClient.delete(`/books/books/${bookId}/`);
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_result, bookId) => {
      // The list updates at once; the refetch confirms it.
      queryClient.setQueryData<BookListItem[]>(bookKeys.lists(), (books) => books?.filter((book) => book.id !== bookId));
      queryClient.removeQueries({ queryKey: bookKeys.detail(bookId) });
      return queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
    },
  });
}
