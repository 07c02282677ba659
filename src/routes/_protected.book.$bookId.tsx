import { createFileRoute, type ErrorComponentProps, notFound, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { bookQueryOptions, useBook } from '../features/books/api/get-book';
import { chapterListQueryOptions, useChapters } from '../features/books/api/get-chapters';
import { useCreateChapter, useDeleteChapter, useUpdateChapter } from '../features/books/api/chapter-mutations';
import { uploadImage, uploadVideo } from '../features/books/api/upload-media';
import { ChapterView } from '../features/editor/components/chapter-view';
import { BookReader } from '../features/reader/components/book-reader';
import { BookLoadError, BookNotFound, BookPending } from '../features/reader/components/load-states';
import { canEditBook } from '../contract/permissions';
import { ApiError } from '../lib/api-error';
import { BookQuiz } from './-components/book-quiz';
import { useStoredUser } from '../lib/session';

// The editing toolbar and its dialogs load only when someone opens the chapter modal.
const ChapterEditor = lazy(() => import('../features/editor/components/chapter-editor').then((m) => ({ default: m.ChapterEditor })));

/**
 * A book id is a positive integer; anything else is a book that does not exist. Plain code, not
 * a zod schema: route params are parsed in the entry chunk, and zod would load on a first visit to /.
 */
const parseBookId = (bookId: string) => (/^[1-9]\d{0,15}$/.test(bookId) ? Number(bookId) : 0);

export const Route = createFileRoute('/_protected/book/$bookId')({
  params: {
    parse: (raw) => ({ bookId: parseBookId(raw.bookId) }),
    stringify: ({ bookId }) => ({ bookId: String(bookId) }),
  },
  loader: async ({ context: { queryClient }, params: { bookId } }) => {
    if (!bookId) throw notFound();
    try {
      await Promise.all([queryClient.ensureQueryData(bookQueryOptions(bookId)), queryClient.ensureQueryData(chapterListQueryOptions(bookId))]);
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'not-found') throw notFound();
      throw error;
    }
  },
  pendingComponent: BookPending,
  notFoundComponent: BookNotFound,
  errorComponent: BookRouteError,
  component: BookRoute,
});

function BookRouteError({ error, reset }: ErrorComponentProps) {
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

function BookRoute() {
  const { bookId } = Route.useParams();
  const { data: book } = useBook(bookId);
  const { data: chapters } = useChapters(bookId);
  const user = useStoredUser();
  const createChapter = useCreateChapter(bookId);
  const updateChapter = useUpdateChapter(bookId);
  const deleteChapter = useDeleteChapter(bookId);

  return (
    <BookReader
      book={book}
      chapters={chapters}
      canEdit={canEditBook(user, book)}
      renderContent={(chapter) => <ChapterView key={`${chapter.id}:${chapter.updated_at}`} content={chapter.content_delta} label={chapter.title} />}
      renderEditor={({ initialContent, handleRef, labelledBy }) => (
        <Suspense fallback={<div style={{ minHeight: 360 }}>Loading the editor...</div>}>
          <ChapterEditor ref={handleRef} initialContent={initialContent} uploadImage={uploadImage} uploadVideo={uploadVideo} labelledBy={labelledBy} />
        </Suspense>
      )}
      renderQuiz={(slot) => <BookQuiz bookId={bookId} {...slot} />}
      onCreateChapter={(chapter) => createChapter.mutateAsync(chapter)}
      onUpdateChapter={(chapterId, chapter) => updateChapter.mutateAsync({ chapterId, fields: chapter })}
      onDeleteChapter={(chapterId) => deleteChapter.mutateAsync(chapterId)}
    />
  );
}
