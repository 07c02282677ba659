import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { booksQueryOptions } from '../features/books/api/get-books';
import { BooksError, BooksPage, BooksPending } from '../features/books/components/books-page';

export const Route = createFileRoute('/_protected/books')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(booksQueryOptions()),
  pendingComponent: BooksPending,
  errorComponent: BooksRouteError,
  component: BooksPage,
});

function BooksRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <BooksError
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
