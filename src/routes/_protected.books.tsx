import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { booksQueryOptions } from '../features/books/api/get-books';
import { BooksError, BooksPage, BooksPending } from '../features/books/components/books-page';
import { DownloadButton } from '../features/offline/components/download-button';
import { OfflineBooksPage, OfflineListNotice } from '../features/offline/components/offline-books';
import { useOnlineStatus } from '../lib/online-status';

export const Route = createFileRoute('/_protected/books')({
  // Offline the list never waits for the network: it shows as last loaded (the persisted
  // cache) or, on a device that never loaded it, as the downloaded books.
  loader: ({ context: { queryClient } }) => (navigator.onLine ? queryClient.ensureQueryData(booksQueryOptions()) : undefined),
  pendingComponent: BooksPending,
  errorComponent: BooksRouteError,
  component: BooksRoute,
});

function BooksRoute() {
  const online = useOnlineStatus();
  const { data } = useQuery(booksQueryOptions());
  if (data === undefined) return online ? <BooksPending /> : <OfflineBooksPage />;
  return (
    <BooksPage
      notice={<OfflineListNotice lastKnown />}
      renderCardExtra={(book) => <DownloadButton compact bookId={book.id} bookTitle={book.title} />}
    />
  );
}

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
