import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chapter } from '../../../../src/features/books/api/types';
import { type FakeResponse, FakeApi, makeUser } from '../../../helpers/fake-api';
import { QUIZ, singleChoice } from '../../../helpers/quiz-fixture';
import { renderApp } from '../../../helpers/render-app';
import { deferred, FACULTY, LEARNER, makeBook, makeChapter, page, signInAs, SUPERUSER } from '../books/fixtures';
import { portPlacementDelta } from '../editor/port-placement-delta';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

const CHAPTERS = [
  makeChapter({ id: 11, title: 'Ergonomics', order: 1 }),
  makeChapter({ id: 12, title: 'Port Placement', order: 2, content_delta: portPlacementDelta }),
];

function serveBook(
  book = makeBook({ quiz: { id: 5, title: 'Self-assessment', version: 1, quiz_data: JSON.stringify(QUIZ) } }),
  chapters: Chapter[] | (() => Chapter[]) = CHAPTERS,
) {
  api.on('GET', `/books/books/${book.id}/`, { status: 200, data: book });
  api.on('GET', `/books/books/${book.id}/chapters/`, () => page(typeof chapters === 'function' ? chapters() : chapters));
  return book;
}

async function openReader(path = '/book/1') {
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const pane = () => within(screen.getByTestId('reader-pane'));
const toc = () => within(screen.getByRole('navigation', { name: 'Table of Contents' }));
const chapterTitle = () => pane().getAllByRole('heading', { level: 2 })[0];

describe('Book reader', () => {
  it('shows the book on the left and reads the first chapter by default', async () => {
    signInAs(api, LEARNER);
    serveBook(makeBook({ author: '', description: '', quiz: null }));
    await openReader();
    expect(screen.getByRole('link', { name: '← Back to Books' })).toHaveAttribute('href', '/books');
    expect(screen.getByRole('heading', { level: 1, name: 'Fundamentals of Laparoscopic Surgery' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Fundamentals of Laparoscopic Surgery' })).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('No description.')).toBeInTheDocument();
    expect(
      toc()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1.Ergonomics', '2.Port Placement']);
    expect(toc().queryByRole('button', { name: 'Take the Quiz' })).not.toBeInTheDocument();

    expect(chapterTitle()).toHaveTextContent('Ergonomics');
    expect(toc().getByRole('button', { name: /Ergonomics/ })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByText('Text of chapter 11.')).toBeInTheDocument();
  });

  it('gives a reader no editing controls', async () => {
    signInAs(api, LEARNER);
    serveBook();
    await openReader();
    expect(screen.queryByRole('button', { name: 'Add chapter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Chapter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Chapter' })).not.toBeInTheDocument();
  });

  it.each([
    ['shows', 'a superuser', SUPERUSER, makeBook({ owner: 99 }), true],
    ['shows', "the book's owner", FACULTY, makeBook({ owner: FACULTY.user_id }), true],
    ['does not show', 'an author of other books', FACULTY, makeBook({ owner: SUPERUSER.user_id }), false],
    ['does not show', 'a reader', makeUser({ user_id: 99 }), makeBook({ owner: null }), false],
  ])('%s the editing controls to %s', async (_verb, _who, user, book, shown) => {
    signInAs(api, user);
    serveBook(book);
    await openReader();
    for (const name of ['Add chapter', 'Edit Chapter', 'Delete Chapter']) {
      expect(Boolean(screen.queryByRole('button', { name }))).toBe(shown);
    }
  });

  it('moves between chapters and the quiz: choosing a chapter leaves quiz mode and brings it into view', async () => {
    signInAs(api, LEARNER);
    serveBook();
    const { user } = await openReader();
    const scrolled = Element.prototype.scrollIntoView as unknown as { mock: { calls: unknown[] }; mockClear(): void };
    scrolled.mockClear();

    await user.click(toc().getByRole('button', { name: /Port Placement/ }));
    expect(chapterTitle()).toHaveTextContent('Port Placement');
    expect(await pane().findByRole('heading', { level: 1, name: 'Port Placement in Laparoscopic Cholecystectomy' })).toBeInTheDocument();
    expect(scrolled.mock.calls.length).toBe(1);
    expect(document.activeElement).toBe(chapterTitle());

    await user.click(toc().getByRole('button', { name: 'Take the Quiz' }));
    // The quiz's code loads on first use.
    const quizTitle = await pane().findByRole('heading', { level: 2, name: 'Self-assessment' });
    await waitFor(() => expect(document.activeElement).toBe(quizTitle));
    expect(await pane().findByText(`Question 1 of ${QUIZ.length}`)).toBeInTheDocument();
    expect(pane().getByRole('heading', { level: 3, name: singleChoice.question })).toBeInTheDocument();
    expect(toc().getByRole('button', { name: 'Take the Quiz' })).toHaveAttribute('aria-current', 'true');
    expect(toc().getByRole('button', { name: /Port Placement/ })).not.toHaveAttribute('aria-current');

    await user.click(toc().getByRole('button', { name: /Port Placement/ }));
    expect(chapterTitle()).toHaveTextContent('Port Placement');
    expect(pane().queryByText(`Question 1 of ${QUIZ.length}`)).not.toBeInTheDocument();

    await user.click(pane().getByRole('button', { name: 'Previous: Ergonomics' }));
    expect(chapterTitle()).toHaveTextContent('Ergonomics');

    await user.click(toc().getByRole('button', { name: 'Take the Quiz' }));
    await user.click(pane().getByRole('button', { name: 'Return to Book' }));
    expect(chapterTitle()).toHaveTextContent('Ergonomics');
  });

  it('folds the Table of Contents on a phone, and scrolls to the chapter once it has folded', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      signInAs(api, LEARNER);
      serveBook();
      const { user } = await openReader();
      // Record, at each scroll, whether the list had finished folding away.
      const foldedAtScroll: boolean[] = [];
      Element.prototype.scrollIntoView = function scrollIntoView() {
        const collapse = document.getElementById('toc-panel')?.closest('.MuiCollapse-root');
        foldedAtScroll.push(Boolean(collapse?.classList.contains('MuiCollapse-hidden')));
      };
      const summary = screen.getByRole('button', { name: 'Table of Contents' });
      expect(summary).toHaveAttribute('aria-expanded', 'false');
      await user.click(summary);
      expect(summary).toHaveAttribute('aria-expanded', 'true');
      await user.click(toc().getByRole('button', { name: /Port Placement/ }));
      expect(summary).toHaveAttribute('aria-expanded', 'false');
      expect(chapterTitle()).toHaveTextContent('Port Placement');
      await waitFor(() => expect(foldedAtScroll).toEqual([true]));
    } finally {
      window.innerWidth = width;
    }
  });

  it("tells a reader a book without chapters has none yet, with 'Start Quiz', and no prompt to pick a chapter", async () => {
    signInAs(api, LEARNER);
    serveBook(undefined, []);
    const { user } = await openReader();
    expect(pane().getByText('This book has no chapters yet.')).toBeInTheDocument();
    expect(pane().queryByText('Select a chapter from the Table of Contents to begin reading.')).not.toBeInTheDocument();
    expect(pane().queryByRole('button', { name: 'Add the first chapter' })).not.toBeInTheDocument();
    await user.click(pane().getByRole('button', { name: 'Start Quiz' }));
    expect(pane().getByRole('heading', { level: 2, name: 'Self-assessment' })).toBeInTheDocument();
  });

  it("gives the author of an empty book its next step beside the text: 'Add the first chapter' opens the new chapter's form", async () => {
    signInAs(api, SUPERUSER);
    serveBook(makeBook({ quiz: null }), []);
    const { user } = await openReader();
    expect(pane().getByText('This book has no chapters yet. Add the first chapter to start writing it.')).toBeInTheDocument();
    await user.click(pane().getByRole('button', { name: 'Add the first chapter' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Chapter' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("says 'Quiz data is not available for this book.' when the quiz cannot be read", async () => {
    signInAs(api, LEARNER);
    serveBook(makeBook({ quiz: { id: 5, title: 'Broken', version: 1, quiz_data: '{not json' } }));
    const { user } = await openReader();
    await user.click(toc().getByRole('button', { name: 'Take the Quiz' }));
    expect(pane().getByText('Quiz data is not available for this book.')).toBeInTheDocument();
  });

  it.each(['/book/404', '/book/abc', '/book/0'])("says 'Book not found.' for %s", async (path) => {
    signInAs(api, LEARNER);
    api.on('GET', '/books/books/404/', { status: 404, data: { detail: 'Book not found.' } });
    api.on('GET', '/books/books/404/chapters/', { status: 404, data: { detail: 'Book not found.' } });
    await renderApp(path);
    expect(await screen.findByText('Book not found.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorWarning');
  });

  it.each([
    [{ status: 403, data: { detail: 'You do not have permission to perform this action.' } }, 'You do not have permission to perform this action.'],
    ['network' as const, 'Failed to load book details or chapters.'],
  ])('shows a load failure in a red alert with a retry (%#)', async (answer, message) => {
    signInAs(api, LEARNER);
    serveBook();
    api.on('GET', '/books/books/1/chapters/', () => answer);
    await renderApp('/book/1');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Chapter modal', () => {
  it('validates the title and order, then adds the chapter and shows it', async () => {
    signInAs(api, SUPERUSER);
    let chapters = [...CHAPTERS];
    serveBook(undefined, () => chapters);
    const saving = deferred<FakeResponse>();
    api.on('POST', '/books/books/1/chapters/', () => saving.promise);
    const { user } = await openReader();

    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New Chapter' }));
    expect(dialog.getByRole('spinbutton', { name: 'Order' })).toHaveValue(3);
    expect(await dialog.findByText('Start writing your amazing chapter...')).toBeInTheDocument();
    await user.clear(dialog.getByRole('spinbutton', { name: 'Order' }));
    await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
    expect(dialog.getByText('Chapter title is required.')).toBeInTheDocument();
    expect(dialog.getByText('Order is required.')).toBeInTheDocument();
    await user.type(dialog.getByRole('spinbutton', { name: 'Order' }), '-2');
    await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
    expect(dialog.getByText('Order must be a whole number, 0 or more.')).toBeInTheDocument();
    expect(api.callsTo('/books/books/1/chapters/', 'POST')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: 'Chapter Title' }), 'Pneumoperitoneum');
    await user.clear(dialog.getByRole('spinbutton', { name: 'Order' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Order' }), '3');
    await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();

    const sent = api.callsTo('/books/books/1/chapters/', 'POST')[0]!.body as { title: string; order: number; content_delta: { root: unknown } };
    expect(sent).toMatchObject({ title: 'Pneumoperitoneum', order: 3 });
    expect(sent.content_delta.root).toMatchObject({ type: 'root' });

    const created = makeChapter({ id: 13, title: 'Pneumoperitoneum', order: 3 });
    chapters = [...chapters, created];
    saving.resolve({ status: 201, data: created });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(chapterTitle()).toHaveTextContent('Pneumoperitoneum'));
    expect(
      toc()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('3.Pneumoperitoneum');
  });

  it('keeps a legacy chapter unchanged when only its title and order are edited', async () => {
    signInAs(api, SUPERUSER);
    let chapters = [...CHAPTERS];
    serveBook(undefined, () => chapters);
    api.on('PATCH', '/books/books/1/chapters/12/', (request) => {
      chapters = chapters.map((c) => (c.id === 12 ? { ...c, ...(request.body as object), updated_at: '2026-02-01T00:00:00Z' } : c));
      return { status: 200, data: chapters.find((c) => c.id === 12) };
    });
    const { user } = await openReader();
    await user.click(toc().getByRole('button', { name: /Port Placement/ }));
    await user.click(screen.getByRole('button', { name: 'Edit Chapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Chapter' }));
    expect(dialog.getByRole('textbox', { name: 'Chapter Title' })).toHaveValue('Port Placement');
    expect(
      await within(await screen.findByTestId('chapter-editor', {}, { timeout: 10_000 })).findByText('Port Placement in Laparoscopic Cholecystectomy'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByRole('textbox', { name: 'Chapter Title' }));
    await user.type(dialog.getByRole('textbox', { name: 'Chapter Title' }), 'Ports and triangulation');
    await user.clear(dialog.getByRole('spinbutton', { name: 'Order' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Order' }), '0');
    await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.callsTo('/books/books/1/chapters/12/', 'PATCH')[0]!.body).toEqual({ title: 'Ports and triangulation', order: 0 });
    await waitFor(() => expect(chapterTitle()).toHaveTextContent('Ports and triangulation'));
  });

  it('shows why the server refused a save and keeps the modal open', async () => {
    signInAs(api, FACULTY);
    serveBook(makeBook({ owner: FACULTY.user_id }));
    api.on('POST', '/books/books/1/chapters/', { status: 400, data: { content_delta: ['Content is larger than 2 MiB.'] } });
    const { user } = await openReader();
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New Chapter' }));
    await user.type(dialog.getByRole('textbox', { name: 'Chapter Title' }), 'Huge');
    await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
    expect(await dialog.findByText('Content is larger than 2 MiB.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save Chapter' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    // Unsaved work: closing asks first.
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('chapter drafts', () => {
    const draftRows = async () => (await import('../../../../src/lib/db')).db.drafts.toArray();

    it('asks before Esc or Cancel closes unsaved work, keeps a draft and offers it back; Discard removes it', async () => {
      signInAs(api, FACULTY);
      serveBook(makeBook({ owner: FACULTY.user_id }));
      const { user } = await openReader();
      await user.click(screen.getByRole('button', { name: 'Add chapter' }));
      let dialog = within(await screen.findByRole('dialog', { name: 'Add New Chapter' }));
      await user.type(dialog.getByRole('textbox', { name: 'Chapter Title' }), 'Trocar safety');
      await waitFor(async () => expect(await draftRows()).toHaveLength(1));
      expect((await draftRows())[0]).toMatchObject({ key: `chapter:${FACULTY.user_id}:1:new`, kind: 'chapter', value: { title: 'Trocar safety' } });

      await user.keyboard('{Escape}');
      const leave = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
      await user.click(leave.getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument());
      expect(dialog.getByRole('textbox', { name: 'Chapter Title' })).toHaveValue('Trocar safety');

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Add chapter' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Add New Chapter' }));
      expect(await dialog.findByText(/You have an unsaved draft of this chapter from/)).toBeInTheDocument();
      expect(dialog.getByRole('textbox', { name: 'Chapter Title' })).toHaveValue('');
      await user.click(dialog.getByRole('button', { name: 'Restore draft' }));
      expect(dialog.getByRole('textbox', { name: 'Chapter Title' })).toHaveValue('Trocar safety');

      await user.clear(dialog.getByRole('textbox', { name: 'Chapter Title' }));
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
      await user.click(screen.getByRole('button', { name: 'Add chapter' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Add New Chapter' }));
      await user.click(await dialog.findByRole('button', { name: 'Discard' }));
      await waitFor(async () => expect(await draftRows()).toHaveLength(0));
      // Nothing typed: closes without asking.
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('restores an edit draft and sends it; saving clears the draft', async () => {
      signInAs(api, SUPERUSER);
      let chapters = [...CHAPTERS];
      serveBook(undefined, () => chapters);
      api.on('PATCH', '/books/books/1/chapters/11/', (request) => {
        chapters = chapters.map((c) => (c.id === 11 ? { ...c, ...(request.body as object) } : c));
        return { status: 200, data: chapters.find((c) => c.id === 11) };
      });
      const { user } = await openReader();
      await user.click(screen.getByRole('button', { name: 'Edit Chapter' }));
      let dialog = within(await screen.findByRole('dialog', { name: 'Edit Chapter' }));
      await user.type(dialog.getByRole('textbox', { name: 'Chapter Title' }), ' and posture');
      await waitFor(async () => expect((await draftRows())[0]?.key).toBe(`chapter:${SUPERUSER.user_id}:1:11`));
      await user.keyboard('{Escape}');
      await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Edit Chapter' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Edit Chapter' }));
      await user.click(await dialog.findByRole('button', { name: 'Restore draft' }));
      await user.click(dialog.getByRole('button', { name: 'Save Chapter' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('/books/books/1/chapters/11/', 'PATCH')[0]!.body).toMatchObject({ title: 'Ergonomics and posture' });
      await waitFor(async () => expect(await draftRows()).toHaveLength(0));
    });
  });

  it('deletes a chapter after confirming and returns to the first chapter', async () => {
    signInAs(api, SUPERUSER);
    let chapters = [...CHAPTERS];
    serveBook(undefined, () => chapters);
    api.on('DELETE', '/books/books/1/chapters/12/', () => {
      chapters = chapters.filter((c) => c.id !== 12);
      return { status: 204 };
    });
    const { user } = await openReader();
    await user.click(toc().getByRole('button', { name: /Port Placement/ }));
    await user.click(screen.getByRole('button', { name: 'Delete Chapter' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Chapter' }));
    expect(confirm.getByText('Are you sure you want to delete the chapter "Port Placement"?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        toc()
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['1.Ergonomics', 'Take the Quiz']),
    );
    expect(chapterTitle()).toHaveTextContent('Ergonomics');
    expect(api.callsTo('/books/books/1/', 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
