import { createFileRoute, notFound } from '@tanstack/react-router';
import { bookQueryOptions } from '../api/get-book';
import { BookNotFound, BookPending } from '../features/reader/components/load-states';
import { ApiError } from '../lib/api-error';
import { parseBookId } from './-components/book-id';
import { BookRouteError } from './-components/book-route-parts';
import { EditQuizPage } from './-components/edit-quiz-page';

/** Quiz authoring for the book's owner and superusers ('Edit Quiz' / 'Add Quiz' in the reader). */
export const Route = createFileRoute('/_protected/book_/$bookId/edit-quiz')({
  params: {
    parse: (raw) => ({ bookId: parseBookId(raw.bookId) }),
    stringify: ({ bookId }) => ({ bookId: String(bookId) }),
  },
  loader: async ({ context: { queryClient }, params: { bookId } }) => {
    if (!bookId) throw notFound();
    try {
      await queryClient.ensureQueryData(bookQueryOptions(bookId));
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'not-found') throw notFound();
      throw error;
    }
  },
  pendingComponent: BookPending,
  notFoundComponent: BookNotFound,
  errorComponent: BookRouteError,
  component: EditQuizRoute,
});

function EditQuizRoute() {
  const { bookId } = Route.useParams();
  return <EditQuizPage bookId={bookId} />;
}
