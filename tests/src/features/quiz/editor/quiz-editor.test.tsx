/**
 * Quiz authoring at /book/{id}/edit-quiz against a fake API: a form per question type, the
 * contract's messages beside the fields as the author types, a preview that runs the question,
 * Save (PUT), Delete Quiz (asks first), leaving with unsaved changes (asks first), permissions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi } from '../../../../helpers/fake-api';
import { explainedSingleChoice, reorder } from '../../../../helpers/quiz-fixture';
import { renderApp } from '../../../../helpers/render-app';
import { FACULTY, LEARNER, makeBook, makeChapter, page, signInAs, SUPERUSER } from '../../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

/** The stored quiz the author edits: two questions of the shared fixture, one with an explanation. */
const EXISTING = [explainedSingleChoice, reorder];

function serveBook(quiz: unknown[] | null, owner = SUPERUSER.user_id) {
  const book = makeBook({ owner, quiz: quiz ? { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(quiz) } : null });
  api.on('GET', '/books/books/1/', { status: 200, data: book });
  api.on('GET', '/books/books/1/chapters/', page([makeChapter({ id: 11, title: 'Ergonomics' })]));
  return book;
}

/** Types into a field in one go (a paste): the editor re-checks the whole quiz on every change. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const questionCard = (n: number) => within(screen.getByRole('listitem', { name: `Question ${n}` }));

describe('Quiz editor', () => {
  it('lets an author write a quiz of all four types, checking it as they type, previewing and saving it', { timeout: 120_000 }, async () => {
    signInAs(api, FACULTY);
    serveBook(null, FACULTY.user_id);
    api.on('PUT', '/books/books/1/quiz/', ({ body }) => ({
      status: 201,
      data: { id: 9, title: (body as { title: string }).title, version: 1, quiz_data: JSON.stringify((body as { quiz_data: unknown }).quiz_data) },
    }));
    const { user } = await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Quiz' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Fundamentals of Laparoscopic Surgery — Quiz');

    // Saving an empty quiz says what is missing.
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(await screen.findByText('A quiz needs at least one question.')).toBeInTheDocument();
    expect(api.callsTo('/books/books/1/quiz/', 'PUT')).toHaveLength(0);

    // The quiz the author types is the input under test, not shared data: the PUT must carry exactly it.
    // Single choice.
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    let q = questionCard(1);
    // The new question's text takes the focus.
    expect(q.getByRole('textbox', { name: 'Question' })).toHaveFocus();
    await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Which gas is used?');
    await fill(user, q.getByRole('textbox', { name: 'Option 1' }), 'CO2');
    await fill(user, q.getByRole('textbox', { name: 'Option 2' }), 'CO2');
    // The contract's rule, beside the options, as the author types.
    expect(q.getByText('Options must be unique.')).toBeInTheDocument();
    await fill(user, q.getByRole('textbox', { name: 'Option 2' }), ' no');
    await user.clear(q.getByRole('textbox', { name: 'Option 2' }));
    await fill(user, q.getByRole('textbox', { name: 'Option 2' }), 'Air');
    expect(q.queryByText('Options must be unique.')).not.toBeInTheDocument();
    expect(q.getByText('Mark the correct option.')).toBeInTheDocument();
    await user.click(q.getByRole('radio', { name: 'Option 1 is correct' }));
    expect(q.queryByText('Mark the correct option.')).not.toBeInTheDocument();
    await fill(user, q.getByRole('textbox', { name: 'Explanation (optional)' }), 'CO2 is absorbed quickly.');

    // The preview runs the question as a learner sees it.
    await user.click(q.getByRole('button', { name: 'Preview' }));
    const preview = within(q.getByTestId('question-preview'));
    expect(preview.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
    await user.click(preview.getByRole('radio', { name: 'Air' }));
    await user.click(preview.getByRole('button', { name: 'Submit Answer' }));
    expect(preview.getByText('Incorrect!')).toBeInTheDocument();
    expect(preview.getByText('CO2 is absorbed quickly.')).toBeInTheDocument();

    // Multiple choice.
    await user.click(screen.getByRole('combobox', { name: 'New question type' }));
    await user.click(screen.getByRole('option', { name: 'Multiple choice' }));
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    q = questionCard(2);
    await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Which are port sizes?');
    await user.click(q.getByRole('button', { name: 'Add Option' }));
    await fill(user, q.getByRole('textbox', { name: 'Option 1' }), '5 mm');
    await fill(user, q.getByRole('textbox', { name: 'Option 2' }), '10 mm');
    await fill(user, q.getByRole('textbox', { name: 'Option 3' }), '30 mm');
    await user.click(q.getByRole('checkbox', { name: 'Option 1 is correct' }));
    await user.click(q.getByRole('checkbox', { name: 'Option 2 is correct' }));

    // Match the following.
    await user.click(screen.getByRole('combobox', { name: 'New question type' }));
    await user.click(screen.getByRole('option', { name: 'Match the following' }));
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    q = questionCard(3);
    await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Match the instrument');
    await fill(user, q.getByRole('textbox', { name: 'Left 1' }), 'Veress needle');
    await fill(user, q.getByRole('textbox', { name: 'Right 1' }), 'Insufflation');
    await fill(user, q.getByRole('textbox', { name: 'Left 2' }), 'Grasper');
    await fill(user, q.getByRole('textbox', { name: 'Right 2' }), 'Holding tissue');

    // Reorder.
    await user.click(screen.getByRole('combobox', { name: 'New question type' }));
    await user.click(screen.getByRole('option', { name: 'Reorder' }));
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    q = questionCard(4);
    await fill(user, q.getByRole('textbox', { name: 'Question' }), 'Order the steps');
    await fill(user, q.getByRole('textbox', { name: 'Item 1' }), 'Insufflate');
    await fill(user, q.getByRole('textbox', { name: 'Item 2' }), 'Access');
    await user.click(q.getByRole('button', { name: 'Move item 2 up' }));
    expect(q.getByRole('textbox', { name: 'Item 1' })).toHaveValue('Access');

    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(await screen.findByText(/Quiz saved \(version 1\)/)).toBeInTheDocument();
    const [put] = api.callsTo('/books/books/1/quiz/', 'PUT');
    expect(put!.body).toEqual({
      title: 'Fundamentals of Laparoscopic Surgery — Quiz',
      quiz_data: [
        { id: 1, type: 'single-choice', question: 'Which gas is used?', explanation: 'CO2 is absorbed quickly.', options: ['CO2', 'Air'], answer: 'CO2' },
        { id: 2, type: 'multiple-choice', question: 'Which are port sizes?', options: ['5 mm', '10 mm', '30 mm'], answer: ['5 mm', '10 mm'] },
        {
          id: 3,
          type: 'match-the-following',
          question: 'Match the instrument',
          left: ['Veress needle', 'Grasper'],
          right: ['Insufflation', 'Holding tissue'],
          answer: [
            { left: 'Veress needle', right: 'Insufflation' },
            { left: 'Grasper', right: 'Holding tissue' },
          ],
        },
        { id: 4, type: 'reorder', question: 'Order the steps', options: ['Access', 'Insufflate'], answer: ['Access', 'Insufflate'] },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Quiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Quiz' })).toBeInTheDocument();
  });

  it('edits a stored quiz: questions reordered and removed, blank fields refused beside the field, the server’s refusal shown', async () => {
    signInAs(api, SUPERUSER);
    serveBook(EXISTING);
    let answer: { status: number; data: unknown } = { status: 400, data: { quiz_data: ['This quiz is too long.'] } };
    api.on('PUT', '/books/books/1/quiz/', () => answer);
    const { user } = await renderApp('/book/1/edit-quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Quiz' })).toBeInTheDocument();
    expect(screen.getByText(/version 3/)).toBeInTheDocument();
    expect(questionCard(1).getByRole('textbox', { name: 'Question' })).toHaveValue(explainedSingleChoice.question);
    // Exactly the stored answer's option is marked correct.
    const marks = questionCard(1).getAllByRole('radio', { name: /^Option \d+ is correct$/ }) as HTMLInputElement[];
    expect(marks.map((mark) => mark.checked)).toEqual(explainedSingleChoice.options.map((option) => option === explainedSingleChoice.answer));
    expect(questionCard(2).getByRole('textbox', { name: 'Item 3' })).toHaveValue(reorder.answer[2]);

    await user.clear(questionCard(1).getByRole('textbox', { name: 'Question' }));
    expect(questionCard(1).getByText('This field may not be blank.')).toBeInTheDocument();
    await fill(user, questionCard(1).getByRole('textbox', { name: 'Question' }), 'Usual insufflation pressure?');

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(questionCard(1).getByRole('textbox', { name: 'Question' })).toHaveValue(reorder.question);

    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(await screen.findByText('quiz_data: This quiz is too long.')).toBeInTheDocument();

    answer = { status: 200, data: { id: 5, title: 'Self-assessment', version: 4, quiz_data: '[]' } };
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(await screen.findByText(/Quiz saved \(version 4\)/)).toBeInTheDocument();
    const last = api.callsTo('/books/books/1/quiz/', 'PUT').at(-1)!;
    expect(last.body).toEqual({ title: 'Self-assessment', quiz_data: [{ ...explainedSingleChoice, question: 'Usual insufflation pressure?' }] });
  });

  it('asks before deleting the quiz, then deletes it and returns to the book', async () => {
    signInAs(api, SUPERUSER);
    serveBook(EXISTING);
    api.on('DELETE', '/books/books/1/quiz/', { status: 204 });
    const { user, router } = await renderApp('/book/1/edit-quiz');
    await user.click(await screen.findByRole('button', { name: 'Delete Quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Quiz' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this quiz?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/books/books/1/quiz/', 'DELETE')).toHaveLength(0);

    serveBook(null);
    await user.click(screen.getByRole('button', { name: 'Delete Quiz' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Quiz' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1'));
    expect(api.callsTo('/books/books/1/quiz/', 'DELETE')).toHaveLength(1);
  });

  it('asks before leaving with unsaved changes, and leaves without asking when nothing changed', async () => {
    signInAs(api, SUPERUSER);
    serveBook(EXISTING);
    const { user, router } = await renderApp('/book/1/edit-quiz');
    await fill(user, await screen.findByRole('textbox', { name: 'Quiz Title' }), ' (draft)');
    await user.click(screen.getByRole('link', { name: '← Back to Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the quiz editor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/book/1/edit-quiz');
    expect(screen.getByRole('textbox', { name: 'Quiz Title' })).toHaveValue('Self-assessment (draft)');

    await user.click(screen.getByRole('link', { name: '← Back to Book' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave the quiz editor?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1'));

    // Untouched: no question.
    await router.navigate({ to: '/book/$bookId/edit-quiz', params: { bookId: 1 } });
    await user.click(await screen.findByRole('link', { name: '← Back to Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a learner that only the owner or a superuser can edit the quiz', async () => {
    signInAs(api, LEARNER);
    serveBook(EXISTING);
    await renderApp('/book/1/edit-quiz');
    expect(await screen.findByText("Only the book's owner or a superuser can edit its quiz.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Quiz' })).not.toBeInTheDocument();
  });

  it.each([
    ['the book owner', 'Edit Quiz', FACULTY, EXISTING],
    ['a superuser, on a book without a quiz,', 'Add Quiz', SUPERUSER, null],
  ] as const)("offers %s '%s' in the reader, leading to the editor", async (_who, label, who, quiz) => {
    signInAs(api, who);
    serveBook(quiz ? [...quiz] : null, FACULTY.user_id);
    const { user, router } = await renderApp('/book/1');
    await user.click(await screen.findByRole('link', { name: label }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/1/edit-quiz'));
    expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
  });

  it('offers no quiz authoring to a learner in the reader', async () => {
    signInAs(api, LEARNER);
    serveBook(EXISTING, FACULTY.user_id);
    await renderApp('/book/1');
    await screen.findByRole('button', { name: 'Take the Quiz' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /Edit Quiz|Add Quiz/ })).not.toBeInTheDocument();
  });
});
