import { createFileRoute, type ErrorComponentProps, notFound, useRouter } from '@tanstack/react-router';
import { bookQueryOptions } from '../features/books/api/get-book';
import { BookLoadError, BookNotFound, BookPending } from '../features/reader/components/load-states';
import { ApiError } from '../lib/api-error';
import { EditQuizPage } from './-components/edit-quiz-page';

/** A book id is a positive integer; anything else is a book that does not exist. */
const parseBookId = (bookId: string) => (/^[1-9]\d{0,15}$/.test(bookId) ? Number(bookId) : 0);

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
  errorComponent: EditQuizRouteError,
  component: EditQuizRoute,
});

function EditQuizRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <BookLoadError
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

function EditQuizRoute() {
  const { bookId } = Route.useParams();
  return <EditQuizPage bookId={bookId} />;
}
