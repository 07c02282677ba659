import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { bookQueryOptions, useBook } from '../features/books/api/get-book';
import { chapterListQueryOptions, useChapters } from '../features/books/api/get-chapters';
import { useCreateChapter, useDeleteChapter, useUpdateChapter } from '../features/books/api/chapter-mutations';
import { uploadImage, uploadVideo } from '../features/books/api/upload-media';
import { ChapterView } from '../features/editor/components/chapter-view';
import { BookReader } from '../features/reader/components/book-reader';
import { BookNotFound, BookPending } from '../features/reader/components/load-states';
import { canEditBook } from '../contract/permissions';
import type { ParsedBook } from '../contract/book-detail';
import type { Chapter } from '../contract/books';
import { AfterFirstPaint } from '../features/books/components/after-first-paint';
import { useLocalBook } from '../features/offline/hooks/use-downloads';
import { loadLocalBook, loadReadingPosition, NeedsConnectionError, refreshBookCopy } from '../features/offline/reading/local-book';
import { useReadingPosition } from '../features/offline/reading/use-reading-position';
import { ApiError } from '../lib/api-error';
import { parseBookId } from './-components/book-id';
import { BookRouteError } from './-components/book-route-parts';
import { useStoredUser } from '../lib/session';

// The editing toolbar and its dialogs load only when someone opens the chapter modal.
const ChapterEditor = lazy(() => import('../features/editor/components/chapter-editor').then((m) => ({ default: m.ChapterEditor })));
// The quiz engine loads when the quiz is opened; its notice, the authoring link and the
// download control load after the chapter text has painted: none is needed to start reading.
const bookQuiz = () => import('./-components/book-quiz');
const BookQuiz = lazy(() => bookQuiz().then((m) => ({ default: m.BookQuiz })));
const BookQuizNotice = lazy(() => bookQuiz().then((m) => ({ default: m.BookQuizNotice })));
const QuizAuthoringLink = lazy(() => bookQuiz().then((m) => ({ default: m.QuizAuthoringLink })));
const DownloadButton = lazy(() => import('../features/offline/components/download-button').then((m) => ({ default: m.DownloadButton })));

/** The height of the reader's download control (a small button), kept while it loads. */
const DOWNLOAD_CONTROL_HEIGHT = 31;

export const Route = createFileRoute('/_protected/book/$bookId')({
  params: {
    parse: (raw) => ({ bookId: parseBookId(raw.bookId) }),
    stringify: ({ bookId }) => ({ bookId: String(bookId) }),
  },
  // Local first: a downloaded book opens from IndexedDB at once and refreshes in the background;
  // a book that is not downloaded needs the network, and says so at once when offline.
  loader: async ({ context: { queryClient }, params: { bookId } }) => {
    if (!bookId) throw notFound();
    const [local, position] = await Promise.all([loadLocalBook(bookId), loadReadingPosition(bookId)]);
    if (local) {
      void refreshBookCopy(bookId);
      return { local, position };
    }
    if (!navigator.onLine) throw new NeedsConnectionError();
    try {
      await Promise.all([queryClient.ensureQueryData(bookQueryOptions(bookId)), queryClient.ensureQueryData(chapterListQueryOptions(bookId))]);
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'not-found') throw notFound();
      throw error;
    }
    return { local: null, position };
  },
  pendingComponent: BookPending,
  notFoundComponent: BookNotFound,
  errorComponent: BookRouteError,
  component: BookRoute,
});

function BookRoute() {
  const { local } = Route.useLoaderData();
  return local ? <LocalBookRoute /> : <NetworkBookRoute />;
}

/** A downloaded book: read from the device (live), refreshed in the background after edits. */
function LocalBookRoute() {
  const { bookId } = Route.useParams();
  const { local } = Route.useLoaderData();
  const live = useLocalBook(bookId);
  // The download was removed while reading: read from the network instead.
  if (live === null) return <NetworkBookRoute />;
  const { book, chapters } = live ?? local!;
  return <Reader book={book} chapters={chapters} onChanged={() => void refreshBookCopy(bookId, { force: true })} />;
}

function NetworkBookRoute() {
  const { bookId } = Route.useParams();
  const { data: book } = useBook(bookId);
  const { data: chapters } = useChapters(bookId);
  return <Reader book={book} chapters={chapters} />;
}

function Reader({ book, chapters, onChanged }: { book: ParsedBook; chapters: Chapter[]; onChanged?: () => void }) {
  const bookId = book.id;
  const { position } = Route.useLoaderData();
  const user = useStoredUser();
  const createChapter = useCreateChapter(bookId);
  const updateChapter = useUpdateChapter(bookId);
  const deleteChapter = useDeleteChapter(bookId);
  const { initialChapterId, onChapterShown } = useReadingPosition(user?.user_id ?? null, bookId, position);
  const changed = <T,>(result: T) => {
    onChanged?.();
    return result;
  };

  return (
    <BookReader
      book={book}
      chapters={chapters}
      canEdit={canEditBook(user, book)}
      initialChapterId={initialChapterId}
      onChapterShown={onChapterShown}
      aside={
        <AfterFirstPaint minHeight={DOWNLOAD_CONTROL_HEIGHT}>
          <DownloadButton bookId={bookId} bookTitle={book.title} />
          {canEditBook(user, book) && <QuizAuthoringLink bookId={bookId} hasQuiz={book.quiz !== null} />}
        </AfterFirstPaint>
      }
      renderContent={(chapter) => <ChapterView key={`${chapter.id}:${chapter.updated_at}`} content={chapter.content_delta} label={chapter.title} />}
      renderEditor={({ initialContent, handleRef, labelledBy }) => (
        <Suspense fallback={<div style={{ minHeight: 360 }}>Loading the editor...</div>}>
          <ChapterEditor ref={handleRef} initialContent={initialContent} uploadImage={uploadImage} uploadVideo={uploadVideo} labelledBy={labelledBy} />
        </Suspense>
      )}
      renderQuiz={(slot) => (
        <Suspense fallback={<div style={{ minHeight: 300 }}>Loading Quiz...</div>}>
          <BookQuiz bookId={bookId} {...slot} />
        </Suspense>
      )}
      renderQuizNotice={(startQuiz) => (
        <AfterFirstPaint>
          <BookQuizNotice bookId={bookId} quiz={book.quiz} onOpenQuiz={startQuiz} />
        </AfterFirstPaint>
      )}
      onCreateChapter={(chapter) => createChapter.mutateAsync(chapter).then(changed)}
      onUpdateChapter={(chapterId, chapter) => updateChapter.mutateAsync({ chapterId, fields: chapter }).then(changed)}
      onDeleteChapter={(chapterId) => deleteChapter.mutateAsync(chapterId).then(changed)}
    />
  );
}
