import AddOutlined from '@mui/icons-material/AddOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RouterLink } from '../../../components/router-link';
import { chapterDeleteErrorMessage } from '../messages';
import type { ChapterSave, ReaderBook, ReaderChapter, RenderChapterContent, RenderChapterEditor, RenderChapterEnd, RenderQuiz } from '../types';
import { BookInfo } from './book-info';
import { ChapterPane } from './chapter-pane';
import { TableOfContents } from './table-of-contents';

// The chapter form (its fields and draft store) loads when an editor opens it, not with the text.
const ChapterDialog = lazy(() => import('./chapter-dialog').then((m) => ({ default: m.ChapterDialog })));

export const SELECT_CHAPTER_PROMPT = 'Select a chapter from the Table of Contents to begin reading.';

/** A book with no chapters: what its author can do, and what a reader is told. */
export const EMPTY_BOOK_TEXT = {
  author: 'This book has no chapters yet. Add the first chapter to start writing it.',
  reader: 'This book has no chapters yet.',
  add: 'Add the first chapter',
} as const;

export interface BookReaderProps {
  book: ReaderBook;
  /** In reading order. */
  chapters: ReaderChapter[];
  /** A signed-in superuser or the book's owner (SPEC §6). */
  canEdit: boolean;
  renderContent: RenderChapterContent;
  /** Placed right after the shown chapter's content (the route's "chapter read" sentinel). */
  renderChapterEnd?: RenderChapterEnd;
  renderEditor: RenderChapterEditor;
  /** The quiz pane (its questions parsed when it opens: `quizQuestions`). */
  renderQuiz: RenderQuiz;
  onCreateChapter: (chapter: ChapterSave) => Promise<{ id: number }>;
  onUpdateChapter: (chapterId: number, chapter: ChapterSave) => Promise<unknown>;
  onDeleteChapter: (chapterId: number) => Promise<unknown>;
  /** The chapter to open with (where the reader left off); the first chapter otherwise. */
  initialChapterId?: number | null;
  /** Hears the chapter shown whenever it changes (to remember where the reader left off). */
  onChapterShown?: (chapterId: number) => void;
  /** Shown under the book's details (the download control). */
  aside?: ReactNode;
  /** Shown under `aside` (an unfinished quiz to resume); `startQuiz` opens the quiz pane. */
  renderQuizNotice?: (startQuiz: () => void) => ReactNode;
  /** Shown under the Table of Contents ('Search in this book'): the contents stay on the first screen. */
  belowContents?: ReactNode;
}

type Modal = { kind: 'add' } | { kind: 'edit'; chapter: ReaderChapter } | { kind: 'delete'; chapter: ReaderChapter } | null;

/**
 * The book reader (SPEC §2, §4): book details and the Table of Contents on the left (a
 * collapsible section on phones), the chapter, the quiz or the start prompt on the right.
 * The first chapter is selected after loading; choosing a chapter leaves quiz mode and brings
 * its text into view.
 */
export function BookReader({
  book,
  chapters,
  canEdit,
  renderContent,
  renderChapterEnd,
  renderEditor,
  renderQuiz,
  onCreateChapter,
  onUpdateChapter,
  onDeleteChapter,
  initialChapterId = null,
  onChapterShown,
  aside,
  renderQuizNotice,
  belowContents,
}: BookReaderProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [requestedChapterId, setRequestedChapterId] = useState<number | null>(initialChapterId);
  const [quizMode, setQuizMode] = useState(false);
  const [tocExpanded, setTocExpanded] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // On a phone the open Table of Contents folds away first; scrolling before it has
  // finished would leave the text above the screen once the list's height is gone.
  const scrollAfterFold = useRef(false);

  // The chapter asked for, or the first one: a deleted or not-yet-chosen chapter falls back to it.
  const selectedIndex = Math.max(
    0,
    chapters.findIndex((chapter) => chapter.id === requestedChapterId),
  );
  const selected = chapters[selectedIndex] ?? null;

  const shownChapterId = quizMode ? null : (selected?.id ?? null);
  useEffect(() => {
    if (shownChapterId !== null) onChapterShown?.(shownChapterId);
  }, [shownChapterId, onChapterShown]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const pane = paneRef.current;
    if (!pane) return;
    pane.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // The pane's heading (chapter or quiz title) takes the focus, so screen readers start there.
    const focusHeading = () => {
      const heading = pane.querySelector<HTMLElement>('h2[tabindex="-1"]');
      heading?.focus({ preventScroll: true });
      return heading !== null;
    };
    if (focusHeading()) return;
    // The quiz's code loads on first use: its heading arrives a moment later.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(pane, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [focusRequest]);

  const bringIntoView = () => setFocusRequest((n) => n + 1);
  const showPane = () => {
    if (!wide && tocExpanded) {
      scrollAfterFold.current = true;
      setTocExpanded(false);
    } else {
      bringIntoView();
    }
  };
  const onTocCollapsed = () => {
    if (!scrollAfterFold.current) return;
    scrollAfterFold.current = false;
    bringIntoView();
  };

  const selectChapter = (chapterId: number) => {
    setRequestedChapterId(chapterId);
    setQuizMode(false);
    showPane();
  };

  const startQuiz = () => {
    setQuizMode(true);
    showPane();
  };

  const returnToBook = () => {
    setQuizMode(false);
    setRequestedChapterId(chapters[0]?.id ?? null);
    bringIntoView();
  };

  const nextOrder = chapters.reduce((max, chapter) => Math.max(max, chapter.order), 0) + 1;

  const confirmDelete = async () => {
    if (modal?.kind !== 'delete') return;
    setDeleting(true);
    try {
      await onDeleteChapter(modal.chapter.id);
      setNotice(null);
      if (modal.chapter.id === selected?.id) setRequestedChapterId(null);
    } catch (error) {
      setNotice(chapterDeleteErrorMessage(error));
    } finally {
      setDeleting(false);
      setModal(null);
    }
  };

  let pane;
  if (quizMode && book.quiz) {
    pane = renderQuiz({ quiz: book.quiz, onReturnToBook: returnToBook });
  } else if (selected) {
    pane = (
      <ChapterPane
        chapter={selected}
        previous={chapters[selectedIndex - 1] ?? null}
        next={chapters[selectedIndex + 1] ?? null}
        canEdit={canEdit}
        renderContent={renderContent}
        renderChapterEnd={renderChapterEnd}
        onSelectChapter={selectChapter}
        onEdit={() => setModal({ kind: 'edit', chapter: selected })}
        onDelete={() => setModal({ kind: 'delete', chapter: selected })}
      />
    );
  } else if (chapters.length === 0) {
    // An empty book: its author's next step is here, beside the text, also on a phone where the
    // Table of Contents (and its 'Add') is folded away.
    pane = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
        <Typography sx={{ fontSize: '1.1rem' }}>{canEdit ? EMPTY_BOOK_TEXT.author : EMPTY_BOOK_TEXT.reader}</Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setModal({ kind: 'add' })} sx={{ minHeight: 44 }}>
            {EMPTY_BOOK_TEXT.add}
          </Button>
        )}
        {book.quiz && (
          <Button variant="outlined" startIcon={<QuizOutlined />} onClick={startQuiz} sx={{ minHeight: 44 }}>
            Start Quiz
          </Button>
        )}
      </Stack>
    );
  } else {
    pane = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
        <Typography sx={{ fontSize: '1.1rem' }}>{SELECT_CHAPTER_PROMPT}</Typography>
        {book.quiz && (
          <Button variant="contained" startIcon={<QuizOutlined />} onClick={startQuiz}>
            Start Quiz
          </Button>
        )}
      </Stack>
    );
  }

  return (
    // The same maximum width as the footer (lg): the two columns are centred like the header and footer.
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <title>{book.title}</title>
      <RouterLink to="/books" sx={{ display: 'inline-block', mb: { xs: 2, md: 3 } }}>
        ← Back to Books
      </RouterLink>
      <Grid container spacing={{ xs: 3, md: 5 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack
            spacing={2.5}
            // On wide screens the column stays in view beside a long chapter and scrolls on its own.
            sx={{ position: { md: 'sticky' }, top: { md: 88 }, maxHeight: { md: 'calc(100vh - 104px)' }, overflowY: { md: 'auto' }, pr: { md: 1 } }}
          >
            <BookInfo book={book} />
            {aside}
            {book.quiz && !quizMode && renderQuizNotice?.(startQuiz)}
            <TableOfContents
              chapters={chapters}
              selectedChapterId={selected?.id ?? null}
              quizMode={quizMode}
              hasQuiz={Boolean(book.quiz)}
              canEdit={canEdit}
              collapsible={!wide}
              expanded={tocExpanded}
              onExpandedChange={setTocExpanded}
              onCollapsed={onTocCollapsed}
              onSelectChapter={selectChapter}
              onTakeQuiz={startQuiz}
              onAddChapter={() => setModal({ kind: 'add' })}
            />
            {belowContents}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Box ref={paneRef} data-testid="reader-pane" sx={{ scrollMarginTop: 80 }}>
            {notice && (
              <Alert severity="error" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
                {notice}
              </Alert>
            )}
            {pane}
          </Box>
        </Grid>
      </Grid>
      {(modal?.kind === 'add' || modal?.kind === 'edit') && (
        <Suspense fallback={null}>
          <ChapterDialog
            mode={modal.kind}
            initialTitle={modal.kind === 'edit' ? modal.chapter.title : ''}
            initialOrder={modal.kind === 'edit' ? modal.chapter.order : nextOrder}
            initialContent={modal.kind === 'edit' ? modal.chapter.content_delta : null}
            renderEditor={renderEditor}
            bookId={book.id}
            chapterId={modal.kind === 'edit' ? modal.chapter.id : null}
            onSave={async (chapter) => {
              if (modal.kind === 'edit') {
                await onUpdateChapter(modal.chapter.id, chapter);
              } else {
                const created = await onCreateChapter(chapter);
                setRequestedChapterId(created.id);
                setQuizMode(false);
              }
            }}
            onClose={() => setModal(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={modal?.kind === 'delete'}
        title="Delete Chapter"
        message={modal?.kind === 'delete' ? `Are you sure you want to delete the chapter "${modal.chapter.title}"?` : ''}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setModal(null)}
      />
    </Container>
  );
}
