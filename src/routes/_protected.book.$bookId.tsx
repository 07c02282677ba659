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
import type { ReaderBook } from '../features/reader/types';
import type { Book, Chapter } from '../contract/books';
import { AfterFirstPaint } from '../features/books/components/after-first-paint';
import { DOWNLOAD_CONTROL_HEIGHT, downloadControl, LazyDownloadButton } from '../features/offline/components/download-control';
import { NeedsConnectionError } from '../features/offline/reading/needs-connection-error';
import { getReadingPosition } from '../features/offline/reading/reading-positions';
import { useReadingPosition } from '../features/offline/reading/use-reading-position';
import { ApiError } from '../lib/api-error';
import { isHintedDownloaded } from '../lib/downloaded-hint';
import { parseBookId } from './-components/book-id';
import { BookRouteError } from './-components/book-route-parts';
import { lazyModule } from '../lib/lazy-part';
import { getStoredUser, useStoredUser } from '../lib/session';

// The editing toolbar and its dialogs load only when someone opens the chapter modal.
const ChapterEditor = lazy(() => import('../features/editor/components/chapter-editor').then((m) => ({ default: m.ChapterEditor })));
// The quiz engine loads when the quiz is opened; its notice, the authoring link and the
// download control load after the chapter text has painted: none is needed to start reading.
const bookQuiz = () => import('./-components/book-quiz');
const BookQuiz = lazy(() => bookQuiz().then((m) => ({ default: m.BookQuiz })));
const quizNotice = lazyModule(() => import('./-components/book-quiz-notice'), 'the quiz notice');
const BookQuizNotice = quizNotice.part('BookQuizNotice');
const QuizAuthoringLink = lazy(() => bookQuiz().then((m) => ({ default: m.QuizAuthoringLink })));

/**
 * The device's complete copy of the book (its background refresh started) with the reader's part
 * that watches it (IndexedDB's code, Dexie), or null. Loaded here, only for a book read from the
 * device, so that part renders at once. The loader's data carries it to the component: the router
 * splits a route's loader and component into chunks of their own unless `codeSplitGroupings` joins
 * them, and a module variable set in one chunk is not seen in the other.
 */
async function openLocalCopy(bookId: number) {
  const [{ loadLocalBook, refreshBookCopy }, { LocalBookReader }] = await Promise.all([import('../features/offline/reading/local-book'), import('./-components/local-book-reader')]);
  const local = await loadLocalBook(bookId);
  if (!local) return null;
  void refreshBookCopy(bookId);
  return { ...local, LocalBookReader };
}

export const Route = createFileRoute('/_protected/book/$bookId')({
  // One chunk for the loader and the screens: fewer requests before the chapter can show.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  params: {
    parse: (raw) => ({ bookId: parseBookId(raw.bookId) }),
    stringify: ({ bookId }) => ({ bookId: String(bookId) }),
  },
  // Local first: a downloaded book opens from IndexedDB at once and refreshes in the background;
  // a book that is not downloaded needs the network, and says so at once when offline. Online,
  // the downloaded books hint (localStorage) says which books the device holds, so a book it does
  // not name is read without loading IndexedDB's code and opening the database first. A copy the
  // hint missed is still found: offline at once, online when the network fails.
  loader: async ({ context: { queryClient }, params: { bookId } }) => {
    if (!bookId) throw notFound();
    const user = getStoredUser();
    const position = user ? getReadingPosition(user.user_id, bookId) : null;
    if (!navigator.onLine || (user && isHintedDownloaded(user.user_id, bookId))) {
      const local = await openLocalCopy(bookId);
      if (local) return { local, position };
      if (!navigator.onLine) throw new NeedsConnectionError();
    }
    try {
      await Promise.all([queryClient.ensureQueryData(bookQueryOptions(bookId)), queryClient.ensureQueryData(chapterListQueryOptions(bookId))]);
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'not-found') throw notFound();
      if (error instanceof ApiError && error.reason === 'network') {
        const local = await openLocalCopy(bookId);
        if (local) return { local, position };
      }
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
  const { LocalBookReader } = local!;
  return (
    <LocalBookReader bookId={bookId} initial={local!}>
      {/* The download was removed while reading: read from the network instead. */}
      {(copy, onChanged) => (copy ? <Reader book={copy.book} chapters={copy.chapters} onChanged={onChanged} /> : <NetworkBookRoute />)}
    </LocalBookReader>
  );
}

function NetworkBookRoute() {
  const { bookId } = Route.useParams();
  const { data: book } = useBook(bookId);
  const { data: chapters } = useChapters(bookId);
  return <Reader book={book} chapters={chapters} />;
}

function Reader({ book, chapters, onChanged }: { book: ReaderBook & Pick<Book, 'owner'>; chapters: Chapter[]; onChanged?: () => void }) {
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
        <AfterFirstPaint minHeight={DOWNLOAD_CONTROL_HEIGHT} preload={downloadControl.preload}>
          <LazyDownloadButton bookId={bookId} bookTitle={book.title} />
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
        <AfterFirstPaint preload={quizNotice.preload}>
          <BookQuizNotice bookId={bookId} quiz={book.quiz} onOpenQuiz={startQuiz} />
        </AfterFirstPaint>
      )}
      onCreateChapter={(chapter) => createChapter.mutateAsync(chapter).then(changed)}
      onUpdateChapter={(chapterId, chapter) => updateChapter.mutateAsync({ chapterId, fields: chapter }).then(changed)}
      onDeleteChapter={(chapterId) => deleteChapter.mutateAsync(chapterId).then(changed)}
    />
  );
}
