import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { bookKeys } from '../../../api/book-keys';
import type { Book, NewBook } from './types';

/** Creates a book (superusers); a 400 carries field errors `{field: [message]}`. */
export async function createBook(book: NewBook): Promise<Book> {
  const { data } = await apiClient.post<Book>('/books/books/', book);
  return data;
}

export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBook,
    onSuccess: (book) => {
      // The detail cache holds books as getBook returns them: quiz parsed.
      queryClient.setQueryData(bookKeys.detail(book.id), book);
      return queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
    },
  });
}
