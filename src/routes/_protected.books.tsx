import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { booksQueryOptions } from '../features/books/api/get-books';
import { preloadCover } from '../features/books/components/book-cover';
import { BooksError, BooksPage, BooksPending } from '../features/books/components/books-page';
import { DownloadControlPlace } from '../features/downloads/components/download-control-place';
import { useOnlineStatus } from '../lib/online-status';

// The device's copies and reads (Dexie) are not needed to show the list: each card's download control and chapters read load beside it.
const BookCardExtra = lazy(() => import('./-components/book-card-extra').then((m) => ({ default: m.BookCardExtra })));
const OfflineBooksPage = lazy(() => import('../features/downloads/components/offline-books').then((m) => ({ default: m.OfflineBooksPage })));
const OfflineListNotice = lazy(() => import('../features/downloads/components/offline-books').then((m) => ({ default: m.OfflineListNotice })));

export const Route = createFileRoute('/_protected/books')({
  // One chunk for the loader and the screens: fewer requests before the list can show.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  // Offline the list never waits for the network: it shows as last loaded (the persisted
  // cache) or, on a device that never loaded it, as the downloaded books.
  // The first card's cover (the largest image on a phone's first screen) starts loading with
  // the list's data, before the page renders (and while the session check may still run).
  loader: async ({ context: { queryClient } }) => {
    if (!navigator.onLine) return;
    const books = await queryClient.ensureQueryData(booksQueryOptions());
    if (books[0]) preloadCover(books[0].cover_image_url);
  },
  pendingComponent: BooksPending,
  errorComponent: BooksRouteError,
  component: BooksRoute,
});

function BooksRoute() {
  const online = useOnlineStatus();
  const { data } = useQuery(booksQueryOptions());
  if (data === undefined) {
    if (online) return <BooksPending />;
    return (
      <Suspense fallback={<BooksPending />}>
        <OfflineBooksPage />
      </Suspense>
    );
  }
  return (
    <BooksPage
      notice={
        !online && (
          <Suspense fallback={null}>
            <OfflineListNotice lastKnown />
          </Suspense>
        )
      }
      renderCardExtra={(book) => (
        <Suspense fallback={<DownloadControlPlace />}>
          <BookCardExtra book={book} />
        </Suspense>
      )}
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
