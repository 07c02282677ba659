import { createFileRoute, notFound } from '@tanstack/react-router';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { bookQueryOptions, useBook } from '../api/get-book';
import { chapterListQueryOptions, useChapters } from '../api/get-chapters';
import type { Book, Chapter } from '../contract/books';
import { canEditBook } from '../contract/permissions';
import { useCreateChapter, useDeleteChapter, useUpdateChapter } from '../features/books/api/chapter-mutations';
import { uploadImage, uploadVideo } from '../features/books/api/upload-media';
import { DownloadControlPlace } from '../features/downloads/components/download-control-place';
import { ChapterEndSentinel } from '../features/progress/components/chapter-end-sentinel';
import { ChapterView } from '../features/editor/components/chapter-view';
import { BookSearchPlace } from '../features/search/components/book-search-place';
import { BookReader } from '../features/reader/components/book-reader';
import { BookNotFound, BookPending } from '../features/reader/components/load-states';
import { type LocalBook, loadLocalBook, useLocalBook } from '../features/reader/local/local-book';
import { NeedsConnectionError } from '../features/reader/local/needs-connection-error';
import { getReadingPosition, keepOnlyPositionsOf } from '../lib/reading-positions';
import { useReadingPosition } from '../features/reader/local/use-reading-position';
import type { ReaderBook } from '../features/reader/types';
import { ApiError } from '../lib/api-error';
import { AfterAppStarted } from '../lib/app-started';
import { getStoredUser, useStoredUser } from '../lib/session';
import { parseBookId } from './-components/book-id';
import { BookQuizNotice } from './-components/book-quiz-notice';
import { BookRouteError } from './-components/book-route-parts';

// The editing toolbar and its dialogs load only when someone opens the chapter modal; the quiz
// engine when the quiz is opened.
const ChapterEditor = lazy(() => import('../features/editor/components/chapter-editor').then((m) => ({ default: m.ChapterEditor })));
const bookQuiz = () => import('./-components/book-quiz');
const BookQuiz = lazy(() => bookQuiz().then((m) => ({ default: m.BookQuiz })));
/** Refreshes the device's copy in the background; its code (the book's schemas, the download) loads with it, not before the chapter shows. */
const refreshCopy = (bookId: number, options?: { force?: boolean }) =>
  void import('../features/downloads/download/refresh-copy').then(
    ({ refreshBookCopy }) => refreshBookCopy(bookId, options),
    (error: unknown) => console.warn('The downloaded book could not be refreshed; the copy on this device is kept', error),
  );
// Beside the chapter, once the app has started (lib/app-started), each in a place of its height.
const DownloadButton = lazy(() => import('../features/downloads/components/download-button').then((m) => ({ default: m.DownloadButton })));
const BookSearchField = lazy(() => import('../features/search/components/book-search-field').then((m) => ({ default: m.BookSearchField })));
const ReviewBookLink = lazy(() => import('../features/review/components/review-links').then((m) => ({ default: m.ReviewBookLink })));
const QuizAuthoringLink = lazy(() => bookQuiz().then((m) => ({ default: m.QuizAuthoringLink })));

/** A search result opened here (`?chapter=&block=&q=`): plain code, parsed in the entry chunk like the params. */
interface BookSearchParams {
  chapter?: number;
  block?: number;
  q?: string;
}
const validateSearch = (search: Record<string, unknown>): BookSearchParams => {
  const chapter = parseBookId(String(search.chapter ?? ''));
  const block = Number(search.block);
  const q = typeof search.q === 'string' && search.q.length <= 1000 ? search.q : undefined;
  return {
    ...(chapter ? { chapter } : {}),
    ...(Number.isInteger(block) && block >= 0 && block < 1_000_000 ? { block } : {}),
    ...(q ? { q } : {}),
  };
};

/** The result's block brought into view with its words highlighted; the code loads only for a result opened here. */
function useSearchMatch({ chapter, block, q }: BookSearchParams): void {
  useEffect(() => {
    if (chapter === undefined || !q) return;
    let undo: (() => void) | null = null;
    let left = false;
    void import('../features/search/match-in-chapter').then(({ showMatchInChapter }) => {
      if (!left) undo = showMatchInChapter({ block, q });
    });
    return () => {
      left = true;
      undo?.();
    };
  }, [chapter, block, q]);
}

export const Route = createFileRoute('/_protected/book/$bookId')({
  // One chunk for the loader and the screens: fewer requests before the chapter can show.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  params: {
    parse: (raw) => ({ bookId: parseBookId(raw.bookId) }),
    stringify: ({ bookId }) => ({ bookId: String(bookId) }),
  },
  validateSearch,
  // Local first: a book downloaded on this device opens from IndexedDB at once, whatever the
  // network, and its copy is refreshed in the background; only a book that is not downloaded is
  // read from the server, and offline it says at once that it needs a connection.
  loader: async ({ context: { queryClient }, params: { bookId } }) => {
    if (!bookId) throw notFound();
    const user = getStoredUser();
    const [local] = await Promise.all([loadLocalBook(bookId), user && keepOnlyPositionsOf(user.user_id)]);
    const position = user ? getReadingPosition(user.user_id, bookId) : null;
    if (local) {
      refreshCopy(bookId);
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

/** A downloaded book: read from the device, live (an edit or a background refresh shows at once). */
function LocalBookRoute() {
  const { bookId } = Route.useParams();
  const initial = Route.useLoaderData().local as LocalBook;
  const live = useLocalBook(bookId);
  // The download was removed while reading: read from the network instead.
  if (live === null) return <NetworkBookRoute />;
  const copy = live ?? initial;
  return <Reader book={copy.book} chapters={copy.chapters} onChanged={() => refreshCopy(bookId, { force: true })} />;
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
  const match = Route.useSearch();
  const user = useStoredUser();
  const createChapter = useCreateChapter(bookId);
  const updateChapter = useUpdateChapter(bookId);
  const deleteChapter = useDeleteChapter(bookId);
  // A search result opens its chapter, at the top until the match is scrolled to.
  const start = useMemo(
    () => (match.chapter && user ? { userId: user.user_id, bookId, chapterId: match.chapter, scrollY: 0, updatedAt: 0 } : position),
    [match.chapter, user, bookId, position],
  );
  const { initialChapterId, onChapterShown } = useReadingPosition(user?.user_id ?? null, bookId, start);
  useSearchMatch(match);
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
        // One row of buttons of one height, wrapping when the column is narrow.
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <AfterAppStarted fallback={<DownloadControlPlace size="medium" />}>
            <Suspense fallback={<DownloadControlPlace size="medium" />}>
              <DownloadButton bookId={bookId} bookTitle={book.title} />
            </Suspense>
          </AfterAppStarted>
          {/* Once the chapter is shown (lib/app-started): the link's deck and request come after it. */}
          {user && (
            <AfterAppStarted>
              <Suspense fallback={null}>
                <ReviewBookLink userId={user.user_id} bookId={bookId} />
              </Suspense>
            </AfterAppStarted>
          )}
          {canEditBook(user, book) && (
            <Suspense fallback={null}>
              <QuizAuthoringLink bookId={bookId} hasQuiz={book.quiz !== null} />
            </Suspense>
          )}
        </Stack>
      }
      belowContents={
        <AfterAppStarted fallback={<BookSearchPlace />}>
          <Suspense fallback={<BookSearchPlace />}>
            <BookSearchField bookId={bookId} />
          </Suspense>
        </AfterAppStarted>
      }
      renderContent={(chapter) => <ChapterView key={`${chapter.id}:${chapter.updated_at}`} content={chapter.content_delta} label={chapter.title} />}
      // The chapter's end on screen counts it as read (issue 35), online or offline.
      renderChapterEnd={user ? (chapter) => <ChapterEndSentinel key={chapter.id} userId={user.user_id} bookId={bookId} chapterId={chapter.id} /> : undefined}
      renderEditor={({ initialContent, handleRef, labelledBy }) => (
        <Suspense fallback={<div style={{ minHeight: 360 }}>Loading the editor...</div>}>
          <ChapterEditor ref={handleRef} initialContent={initialContent} uploadImage={uploadImage} uploadVideo={uploadVideo} labelledBy={labelledBy} />
        </Suspense>
      )}
      renderQuiz={(slot) => (
        <Suspense fallback={<div style={{ minHeight: 300 }}>Loading Quiz...</div>}>
          <BookQuiz bookId={bookId} bookTitle={book.title} {...slot} />
        </Suspense>
      )}
      renderQuizNotice={(startQuiz) => <BookQuizNotice bookId={bookId} quiz={book.quiz} onOpenQuiz={startQuiz} />}
      onCreateChapter={(chapter) => createChapter.mutateAsync(chapter).then(changed)}
      onUpdateChapter={(chapterId, chapter) => updateChapter.mutateAsync({ chapterId, fields: chapter }).then(changed)}
      onDeleteChapter={(chapterId) => deleteChapter.mutateAsync(chapterId).then(changed)}
    />
  );
}
