/** Writing a book's quiz: PUT stores a new version (attempts keep their own), DELETE removes it. */
import type { BookQuiz, QuizWrite } from '../../../contract/books';
import { apiClient } from '../../../lib/api-client';

/** PUT /books/books/{bookId}/quiz/: the saved quiz with its new version. */
export async function saveQuiz(bookId: number, quiz: QuizWrite): Promise<BookQuiz> {
  const { data } = await apiClient.put<BookQuiz>(`/books/books/${bookId}/quiz/`, quiz);
  return data;
}

/** DELETE /books/books/{bookId}/quiz/: scores already recorded are kept. */
export async function deleteQuiz(bookId: number): Promise<void> {
  await apiClient.delete(`/books/books/${bookId}/quiz/`);
}
