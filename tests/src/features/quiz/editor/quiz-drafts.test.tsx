/**
 * Issue 14 for the quiz editor: the form is autosaved on this device (IndexedDB, fake-indexeddb
 * here) as the author types, per user and book. Reopening the editor offers 'Restore draft' /
 * 'Discard'; restoring puts the exact form back; Save and Delete Quiz clear it; another user on
 * the same device is never offered it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../../../src/lib/db';
import { FakeApi } from '../../../../helpers/fake-api';
import { explainedSingleChoice, reorder, wrongChoice } from '../../../../helpers/quiz-fixture';
import { renderApp } from '../../../../helpers/render-app';
import { FACULTY, makeBook, makeChapter, page, signInAs, SUPERUSER } from '../../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

/** The stored quiz: two questions of the shared fixture, the first with an explanation to add to. */
const EXISTING = [explainedSingleChoice, reorder];

function serveBook(owner = FACULTY.user_id) {
  const book = makeBook({ owner, quiz: { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(EXISTING) } });
  api.on('GET', '/books/books/1/', { status: 200, data: book });
  api.on('GET', '/books/books/1/chapters/', page([makeChapter({ id: 11, title: 'Ergonomics' })]));
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const questionCard = (n: number) => within(screen.getByRole('listitem', { name: `Question ${n}` }));
const KEY = `quiz:${FACULTY.user_id}:1`;

/** Waits for the debounced autosave to have stored a draft with this title. */
async function draftStored(title: string) {
  await waitFor(async () => expect(((await db.drafts.get(KEY))?.value as { title?: string } | undefined)?.title).toBe(title), { timeout: 3000 });
}

/** Everything the form shows, question by question, in order. */
function formState() {
  const questions = screen.getAllByRole('listitem', { name: /^Question \d+$/ }).map((item) => {
    const card = within(item);
    const texts = card
      .getAllByRole('textbox')
      .map((box) => [
        box.getAttribute('aria-label') ?? box.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ?? '',
        (box as HTMLInputElement).value,
      ]);
    const marks = [...card.queryAllByRole('radio'), ...card.queryAllByRole('checkbox')].map((box) => [
      box.getAttribute('aria-label'),
      (box as HTMLInputElement).checked,
    ]);
    return { texts, marks };
  });
  return { title: (screen.getByRole('textbox', { name: 'Quiz Title' }) as HTMLInputElement).value, questions };
}

/** The author edits the title and a question (its explanation and its answer), adds a multiple-choice and a match question, and moves one. */
async function editQuiz(user: UserEvent) {
  await fill(user, await screen.findByRole('textbox', { name: 'Quiz Title' }), ' (revised)');
  await fill(user, questionCard(1).getByRole('textbox', { name: 'Explanation (optional)' }), ' Lower for children.');
  await user.click(questionCard(1).getByRole('radio', { name: `Option ${explainedSingleChoice.options.indexOf(wrongChoice) + 1} is correct` }));

  await user.click(screen.getByRole('combobox', { name: 'New question type' }));
  await user.click(screen.getByRole('option', { name: 'Multiple choice' }));
  await user.click(screen.getByRole('button', { name: 'Add Question' }));
  let q = questionCard(3);
  await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Which are trocar sites?');
  await fill(user, q.getByRole('textbox', { name: 'Option 1' }), 'Umbilicus');
  await fill(user, q.getByRole('textbox', { name: 'Option 2' }), 'Knee');
  await user.click(q.getByRole('checkbox', { name: 'Option 1 is correct' }));

  await user.click(screen.getByRole('combobox', { name: 'New question type' }));
  await user.click(screen.getByRole('option', { name: 'Match the following' }));
  await user.click(screen.getByRole('button', { name: 'Add Question' }));
  q = questionCard(4);
  await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Match instrument and use');
  await fill(user, q.getByRole('textbox', { name: 'Left 1' }), 'Veress');
  await fill(user, q.getByRole('textbox', { name: 'Right 1' }), 'Insufflation');
  await fill(user, q.getByRole('textbox', { name: 'Left 2' }), 'Grasper');
  await fill(user, q.getByRole('textbox', { name: 'Right 2' }), 'Holding');
  await fill(user, q.getByRole('textbox', { name: 'Explanation (optional)' }), 'Basics.');
  // The match question goes up one place.
  await user.click(screen.getByRole('button', { name: 'Move question 4 up' }));
}

describe('Quiz editor drafts', () => {
  it('keeps the unsaved form across a reload and restores it exactly; Save clears it', { timeout: 120_000 }, async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('PUT', '/books/books/1/quiz/', { status: 201, data: { id: 5, title: 'Self-assessment (revised)', version: 4, quiz_data: '[]' } });
    let { user } = await renderApp('/book/1/edit-quiz');
    await editQuiz(user);
    expect(questionCard(3).getByRole('textbox', { name: 'Question' })).toHaveValue('Match instrument and use');
    const typed = formState();
    expect(typed.questions).toHaveLength(4);
    expect(JSON.stringify(typed)).toContain('Veress');
    expect(JSON.stringify(typed)).toContain(`${explainedSingleChoice.explanation} Lower for children.`);
    await draftStored('Self-assessment (revised)');

    // A reload: the page goes away and comes back.
    cleanup();
    ({ user } = await renderApp('/book/1/edit-quiz'));
    const offer = await screen.findByText(/You have an unsaved draft of this quiz from/);
    // Until the author chooses, the form shows the stored quiz.
    expect(screen.getByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Self-assessment');
    expect(screen.getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(2);
    await user.click(within(offer.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Restore draft' }));
    expect(screen.queryByText(/You have an unsaved draft/)).not.toBeInTheDocument();
    expect(formState()).toEqual(typed);

    // Saving stores the quiz and clears the draft: reopening offers nothing.
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(await screen.findByText(/Quiz saved \(version 4\)/)).toBeInTheDocument();
    const body = api.callsTo('/books/books/1/quiz/', 'PUT')[0]!.body as { title: string; quiz_data: { type: string; question: string }[] };
    expect(body.title).toBe('Self-assessment (revised)');
    expect(body.quiz_data.map((q) => q.type)).toEqual(['single-choice', 'reorder', 'match-the-following', 'multiple-choice']);
    await waitFor(async () => expect(await db.drafts.get(KEY)).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await db.drafts.get(KEY)).toBeUndefined();
    cleanup();
    await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('textbox', { name: 'Quiz Title' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/You have an unsaved draft/)).not.toBeInTheDocument();
  });

  it("'Discard' drops the draft and keeps the stored quiz", { timeout: 60_000 }, async () => {
    signInAs(api, FACULTY);
    serveBook();
    let { user } = await renderApp('/book/1/edit-quiz');
    await fill(user, await screen.findByRole('textbox', { name: 'Quiz Title' }), ' (draft)');
    await draftStored('Self-assessment (draft)');
    cleanup();
    ({ user } = await renderApp('/book/1/edit-quiz'));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/You have an unsaved draft/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Self-assessment');
    await waitFor(async () => expect(await db.drafts.get(KEY)).toBeUndefined());
    cleanup();
    await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Self-assessment');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Restore draft' })).not.toBeInTheDocument();
  });

  it('keeps the draft when the author leaves the editor, and never offers it to another user', { timeout: 60_000 }, async () => {
    signInAs(api, FACULTY);
    serveBook();
    const { user, router } = await renderApp('/book/1/edit-quiz');
    await fill(user, await screen.findByRole('textbox', { name: 'Quiz Title' }), ' (mine)');
    // Leaving at once (before the autosave delay) still keeps the work, and says so.
    await user.click(screen.getByRole('link', { name: '← Back to Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the quiz editor?' });
    expect(within(dialog).getByText(/Your draft stays on this device/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1'));
    await draftStored('Self-assessment (mine)');

    // A superuser on the same device may edit the book's quiz, but is not offered the faculty member's draft.
    cleanup();
    window.localStorage.clear();
    signInAs(api, SUPERUSER);
    await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Self-assessment');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/You have an unsaved draft/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore draft' })).not.toBeInTheDocument();
    // The faculty member's draft is still there for them.
    expect(await db.drafts.get(KEY)).toBeDefined();
  });

  it('Delete Quiz clears the draft', { timeout: 60_000 }, async () => {
    signInAs(api, FACULTY);
    serveBook();
    api.on('DELETE', '/books/books/1/quiz/', { status: 204, data: null });
    const { user, router } = await renderApp('/book/1/edit-quiz');
    await fill(user, await screen.findByRole('textbox', { name: 'Quiz Title' }), ' (gone)');
    await draftStored('Self-assessment (gone)');
    await user.click(screen.getByRole('button', { name: 'Delete Quiz' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Quiz' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await db.drafts.get(KEY)).toBeUndefined();
  });
});
