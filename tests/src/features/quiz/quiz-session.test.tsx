/**
 * The quiz session (SPEC §4) as a learner uses it: the four controls, skip and review, Submit
 * Quiz, retake, the results with their save status, and resume from IndexedDB (fake-indexeddb).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizData } from '../../../../src/contract/quiz';
import { QuizSession, type QuizSessionProps } from '../../../../src/features/quiz/components/quiz-session';
import type { FinishedAttempt } from '../../../../src/features/quiz/types';
import { db } from '../../../../src/lib/db';
import { getUpdateState } from '../../../../src/lib/sw-bridge';
import { explainedSingleChoice, matchPairs, matchTheFollowing, multipleChoice, reorder, singleChoice, wrongChoice } from '../../../helpers/quiz-fixture';

/** The shared quiz, with the explanation of its single-choice question, which the learner is shown. */
const QUESTIONS: QuizData = [explainedSingleChoice, multipleChoice, matchTheFollowing, reorder];

const QUIZ = { id: 5, title: 'Self-assessment', version: 2 };
const LEARNER_ID = 7;

/** A seeded random source, so two sessions built from different seeds shuffle differently. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

let completed: FinishedAttempt[];
let onComplete: ReturnType<typeof vi.fn<(attempt: FinishedAttempt) => Promise<unknown>>>;

beforeEach(async () => {
  await db.attempts.clear();
  completed = [];
  onComplete = vi.fn(async (attempt: FinishedAttempt) => {
    completed.push(attempt);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderQuiz(props: Partial<QuizSessionProps> = {}) {
  const user = userEvent.setup();
  const onReturnToBook = vi.fn();
  const view = render(
    <QuizSession
      quiz={QUIZ}
      questions={QUESTIONS}
      bookId={1}
      userId={LEARNER_ID}
      onComplete={onComplete}
      onReturnToBook={onReturnToBook}
      random={seeded(1)}
      {...props}
    />,
  );
  return { user, onReturnToBook, ...view };
}

const questionText = () => screen.getByRole('heading', { level: 3 }).textContent;
const button = (name: string) => screen.getByRole('button', { name });
/** 'Submit Quiz', then 'Submit Quiz' again in the confirmation it asks. */
async function submitQuiz(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Submit Quiz'));
  await user.click(within(await screen.findByRole('dialog', { name: 'Submit Quiz' })).getByRole('button', { name: 'Submit Quiz' }));
}
const firstMatch = () => screen.getByRole('combobox', { name: `Match for ${matchTheFollowing.left[0]}` });
const matchOrder = () =>
  within(firstMatch())
    .getAllByRole('option')
    .map((o) => o.textContent)
    .slice(1);
const reorderItems = () => screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/^\d+\./, ''));

type User = ReturnType<typeof userEvent.setup>;

async function answerSingle(user: User, option = singleChoice.answer) {
  await user.click(screen.getByRole('radio', { name: option }));
  await user.click(button('Submit Answer'));
}
async function answerMultiple(user: User, options = multipleChoice.answer) {
  for (const option of options) await user.click(screen.getByRole('checkbox', { name: option }));
  await user.click(button('Submit Answer'));
}
async function chooseMatches(user: User, pairs: [string, string][]) {
  for (const [left, right] of pairs) await user.selectOptions(screen.getByRole('combobox', { name: `Match for ${left}` }), right);
}
/** Moves items with the up buttons until the list reads `target`. */
async function putInOrder(user: User, target: string[]) {
  for (let i = 0; i < target.length; i++) {
    while (reorderItems().indexOf(target[i]!) > i) await user.click(button(`Move "${target[i]}" up`));
  }
}

async function waitForQuestion(text: string) {
  await waitFor(() => expect(questionText()).toBe(text));
}

describe('QuizSession', () => {
  it('shows Loading Quiz... while the questions load, and says when the quiz data is not available', async () => {
    const { rerender, user, onReturnToBook } = renderQuiz({ questions: undefined });
    expect(screen.getByText('Loading Quiz...')).toBeInTheDocument();
    rerender(<QuizSession quiz={QUIZ} questions={null} bookId={1} userId={LEARNER_ID} onComplete={onComplete} onReturnToBook={onReturnToBook} />);
    expect(screen.getByText('Quiz data is not available for this book.')).toBeInTheDocument();
    await user.click(button('Return to Book'));
    expect(onReturnToBook).toHaveBeenCalledTimes(1);
  });

  it('takes all four types to the end: Correct!/Incorrect!, the explanation, locked answers, progress, results and the score sent once', async () => {
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();

    await answerSingle(user, wrongChoice);
    expect(screen.getByText('Incorrect!')).toBeInTheDocument();
    expect(screen.getByTestId('correct-answer')).toHaveTextContent(`Correct answer: ${singleChoice.answer}`);
    expect(screen.getByText(explainedSingleChoice.explanation!)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: singleChoice.answer })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit Answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Quiz' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 4 answered')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress: 1 of 4 answered' })).toHaveAttribute('aria-valuenow', '25');
    // Keyboard path: the focus moves on to 'Next Question', then to the next question's text.
    expect(button('Next Question')).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitForQuestion(multipleChoice.question);
    expect(screen.getByRole('heading', { level: 3, name: multipleChoice.question })).toHaveFocus();
    // Selection order does not matter.
    await answerMultiple(user, [...multipleChoice.answer].reverse());
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    await user.click(button('Next Question'));

    await waitForQuestion(matchTheFollowing.question);
    await chooseMatches(user, matchPairs);
    await user.click(button('Submit Answer'));
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    await user.click(button('Next Question'));

    await waitForQuestion(reorder.question);
    expect(reorderItems()).not.toEqual(reorder.answer);
    await putInOrder(user, reorder.answer);
    await user.click(button('Submit Answer'));
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    await user.click(button('Finish Quiz'));

    const results = await screen.findByTestId('quiz-results');
    expect(within(results).getByRole('heading', { name: 'Quiz Results' })).toHaveFocus();
    expect(within(results).getByTestId('quiz-percentage')).toHaveTextContent('75%');
    expect(within(results).getByText('You answered 3 of 4 questions correctly.')).toBeInTheDocument();
    const first = within(results).getByRole('listitem', { name: 'Question 1' });
    expect(first).toHaveTextContent(`Your answer${wrongChoice}`);
    expect(first).toHaveTextContent(`Correct answer${singleChoice.answer}`);
    expect(first).toHaveTextContent(`Explanation${explainedSingleChoice.explanation}`);
    expect(await within(results).findByText('Score saved')).toBeInTheDocument();

    expect(onComplete).toHaveBeenCalledTimes(1);
    const [attempt] = completed;
    expect(attempt).toMatchObject({ quizId: 5, quizVersion: 2, userId: LEARNER_ID, bookId: 1, totalQuestions: 4, correctAnswers: 3 });
    expect(attempt!.attemptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attempt!.answers.map((a) => [a.questionId, a.status, a.isCorrect])).toEqual([
      [singleChoice.id, 'answered', false],
      [multipleChoice.id, 'answered', true],
      [matchTheFollowing.id, 'answered', true],
      [reorder.id, 'answered', true],
    ]);
    expect(attempt!.answers[1]!.answer).toEqual(multipleChoice.answer);
  });

  it('skip → review → finish: skipped questions come back one by one with the Skipped x/y badge', async () => {
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await user.click(button('Skip'));
    await waitForQuestion(multipleChoice.question);
    await user.click(button('Skip'));
    await waitForQuestion(matchTheFollowing.question);
    await chooseMatches(user, matchPairs);
    await user.click(button('Submit Answer'));
    await user.click(button('Next Question'));
    await waitForQuestion(reorder.question);
    await user.click(button('Submit Answer'));
    // Skipped questions wait: the last question leads on to them, not to the end.
    await user.click(button('Next Question'));

    await waitForQuestion(singleChoice.question);
    expect(screen.getByText('Skipped 1/2')).toBeInTheDocument();
    await answerSingle(user);
    await user.click(button('Next Question'));
    await waitForQuestion(multipleChoice.question);
    expect(screen.getByText('Skipped 2/2')).toBeInTheDocument();
    // Nothing is left to skip to on the last skipped question.
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await answerMultiple(user, multipleChoice.answer.slice(0, 1));
    expect(screen.getByText('Incorrect!')).toBeInTheDocument();
    await user.click(button('Finish Quiz'));

    await screen.findByTestId('quiz-results');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(completed[0]!.answers.map((a) => [a.questionId, a.status])).toEqual([
      [singleChoice.id, 'answered'],
      [multipleChoice.id, 'answered'],
      [matchTheFollowing.id, 'answered'],
      [reorder.id, 'answered'],
    ]);
    expect(completed[0]!.correctAnswers).toBe(2);
  });

  it('Submit Quiz ends at once: skipped and unanswered questions are recorded as unanswered', async () => {
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await answerSingle(user);
    await user.click(button('Next Question'));
    await waitForQuestion(multipleChoice.question);
    await user.click(button('Skip'));
    await waitForQuestion(matchTheFollowing.question);
    const submitQuiz = button('Submit Quiz');
    expect(submitQuiz).toHaveClass('MuiButton-sizeSmall', 'MuiButton-colorError');
    // It asks first, saying how many questions would be recorded as unanswered; 'Keep answering' goes back.
    await user.click(submitQuiz);
    let dialog = await screen.findByRole('dialog', { name: 'Submit Quiz' });
    expect(dialog).toHaveTextContent('3 questions are unanswered. Submit anyway?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 3, name: matchTheFollowing.question })).toBeInTheDocument();
    expect(completed).toEqual([]);
    await user.click(button('Submit Quiz'));
    dialog = await screen.findByRole('dialog', { name: 'Submit Quiz' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Quiz' }));

    const results = await screen.findByTestId('quiz-results');
    expect(within(results).getByTestId('quiz-percentage')).toHaveTextContent('25%');
    expect(within(results).getByRole('listitem', { name: 'Question 2' })).toHaveTextContent('Unanswered');
    expect(completed[0]!.answers).toEqual([
      { questionId: singleChoice.id, answer: singleChoice.answer, isCorrect: true, status: 'answered' },
      { questionId: multipleChoice.id, answer: null, isCorrect: false, status: 'unanswered' },
      { questionId: matchTheFollowing.id, answer: null, isCorrect: false, status: 'unanswered' },
      { questionId: reorder.id, answer: null, isCorrect: false, status: 'unanswered' },
    ]);
  });

  it('keeps Submit Answer disabled and inert while the answer is empty (nothing chosen, a match not complete)', async () => {
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    expect(button('Submit Answer')).toBeDisabled();
    await user.click(button('Submit Answer')).catch(() => undefined);
    expect(screen.queryByText(/Correct!|Incorrect!/)).not.toBeInTheDocument();
    await user.click(button('Skip'));

    await waitForQuestion(multipleChoice.question);
    await user.click(screen.getByRole('checkbox', { name: multipleChoice.options[0] }));
    expect(button('Submit Answer')).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: multipleChoice.options[0] }));
    expect(button('Submit Answer')).toBeDisabled();
    await user.click(button('Skip'));

    await waitForQuestion(matchTheFollowing.question);
    await chooseMatches(user, matchPairs.slice(0, 2));
    expect(button('Submit Answer')).toBeDisabled();
    await chooseMatches(user, matchPairs.slice(2));
    expect(button('Submit Answer')).toBeEnabled();
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
  });

  it('Retake Quiz resets everything, reshuffles and starts a new attempt id', async () => {
    // A random source that continues across both attempts, as Math.random does.
    const { user } = renderQuiz({ random: seeded(42) });
    await waitForQuestion(singleChoice.question);
    await user.click(button('Skip'));
    await user.click(button('Skip'));
    await waitForQuestion(matchTheFollowing.question);
    const firstShuffle = matchOrder();
    expect([...firstShuffle].sort()).toEqual([...matchTheFollowing.right].sort());
    await submitQuiz(user);
    await screen.findByTestId('quiz-results');
    await user.click(button('Retake Quiz'));

    await waitForQuestion(singleChoice.question);
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
    const shuffles: string[][] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      await user.click(button('Skip'));
      await user.click(button('Skip'));
      await waitForQuestion(matchTheFollowing.question);
      shuffles.push(matchOrder());
      await submitQuiz(user);
      await screen.findByTestId('quiz-results');
      await user.click(button('Retake Quiz'));
      await waitForQuestion(singleChoice.question);
    }
    // Each retake shuffles anew: not every attempt shows the first attempt's order.
    expect(shuffles.some((order) => order.join() !== firstShuffle.join())).toBe(true);
    const ids = completed.map((a) => a.attemptId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
  });

  it('resumes after a reload exactly where the learner was: same question, shuffle, skipped list and answers', async () => {
    const first = renderQuiz({ random: seeded(7) });
    await waitForQuestion(singleChoice.question);
    await answerSingle(first.user);
    await first.user.click(button('Next Question'));
    await waitForQuestion(multipleChoice.question);
    await first.user.click(button('Skip'));
    await waitForQuestion(matchTheFollowing.question);
    const shuffle = matchOrder();
    await chooseMatches(first.user, matchPairs.slice(0, 1));
    await waitFor(async () => expect((await db.attempts.toArray())[0]?.drafts[String(matchTheFollowing.id)]).toEqual(matchTheFollowing.answer.slice(0, 1)));
    first.unmount();

    // Another user on the same device is not offered this attempt.
    const other = renderQuiz({ userId: 8, random: seeded(99) });
    await waitForQuestion(singleChoice.question);
    expect(screen.queryByRole('button', { name: 'Resume Quiz' })).not.toBeInTheDocument();
    other.unmount();

    // Same user, new page (different random source: a fresh start would shuffle differently).
    const { user } = renderQuiz({ random: seeded(12345) });
    expect(await screen.findByText(/You have an unfinished attempt at this quiz \(1 of 4 answered\)/)).toBeInTheDocument();
    await user.click(button('Resume Quiz'));
    await waitForQuestion(matchTheFollowing.question);
    expect(matchOrder()).toEqual(shuffle);
    expect(firstMatch()).toHaveValue(matchPairs[0]![1]);
    expect(screen.getByText('1 of 4 answered')).toBeInTheDocument();
    await chooseMatches(user, matchPairs.slice(1));
    await user.click(button('Submit Answer'));
    await user.click(button('Next Question'));
    await waitForQuestion(reorder.question);
    await user.click(button('Submit Answer'));
    await user.click(button('Next Question'));
    // The skip made before the reload is still queued.
    await waitForQuestion(multipleChoice.question);
    expect(screen.getByText('Skipped 1/1')).toBeInTheDocument();
    await submitQuiz(user);
    await screen.findByTestId('quiz-results');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.answers.map((a) => a.status)).toEqual(['answered', 'unanswered', 'answered', 'answered']);
  });

  it("'Start Over' discards the unfinished attempt", async () => {
    const first = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await answerSingle(first.user);
    await waitFor(async () => expect(await db.attempts.count()).toBe(1));
    const oldId = (await db.attempts.toArray())[0]!.attemptId;
    first.unmount();

    const { user } = renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'Start Over' }));
    await waitForQuestion(singleChoice.question);
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: wrongChoice }));
    await waitFor(async () => expect((await db.attempts.toArray()).map((a) => a.attemptId)).not.toContain(oldId));
    expect(await db.attempts.count()).toBe(1);
  });

  it('says when the score was not saved and sends the same attempt again on Retry', async () => {
    onComplete.mockImplementationOnce(async () => {
      throw new Error('offline');
    });
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await submitQuiz(user);
    expect(await screen.findByText('Your score was not saved.')).toBeInTheDocument();
    await user.click(button('Retry'));
    expect(await screen.findByText('Score saved')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(onComplete.mock.calls[1]![0].attemptId).toBe(onComplete.mock.calls[0]![0].attemptId);
  });

  it("shows 'Saving your score...' while the host saves, or the host's own status line", async () => {
    let finish!: () => void;
    onComplete.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, unmount } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await submitQuiz(user);
    expect(await screen.findByText('Saving your score...')).toBeInTheDocument();
    await act(async () => finish());
    expect(await screen.findByText('Score saved')).toBeInTheDocument();
    unmount();

    const custom = renderQuiz({ renderSaveStatus: (save) => <p>Host says {save.status}</p> });
    // The finished attempt is not offered for resuming: a new one starts.
    await waitForQuestion(singleChoice.question);
    expect(screen.queryByRole('button', { name: 'Resume Quiz' })).not.toBeInTheDocument();
    await submitQuiz(custom.user);
    expect(await screen.findByText('Host says saved')).toBeInTheDocument();
  });

  it('holds back the new-version prompt while the quiz is in progress', async () => {
    const { user, unmount } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    // The hold is taken in an effect, which React may run just after the question is on screen.
    await waitFor(() => expect(getUpdateState().holds).toBe(1));
    await submitQuiz(user);
    await screen.findByTestId('quiz-results');
    await waitFor(() => expect(getUpdateState().holds).toBe(0));
    await user.click(button('Retake Quiz'));
    await waitForQuestion(singleChoice.question);
    await waitFor(() => expect(getUpdateState().holds).toBe(1));
    unmount();
    expect(getUpdateState().holds).toBe(0);
  });

  it('Return to Book leaves the quiz', async () => {
    const { user, onReturnToBook } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await user.click(button('Return to Book'));
    expect(onReturnToBook).toHaveBeenCalledTimes(1);
  });

  it('starts again, and says why, when the quiz changed since the unfinished attempt', async () => {
    const first = renderQuiz();
    await waitForQuestion(singleChoice.question);
    await answerSingle(first.user);
    await waitFor(async () => expect(await db.attempts.count()).toBe(1));
    first.unmount();

    renderQuiz({ quiz: { ...QUIZ, version: 3 } });
    expect(await screen.findByText('This quiz has changed since your unfinished attempt, so it starts again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume Quiz' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 4 answered')).toBeInTheDocument();
  });

  it('reorders by dragging with a mouse too (an extra to the move buttons)', async () => {
    const { user } = renderQuiz();
    await waitForQuestion(singleChoice.question);
    for (let i = 0; i < 3; i++) await user.click(button('Skip'));
    await waitForQuestion(reorder.question);
    const before = reorderItems();
    const items = screen.getAllByRole('listitem');
    fireEvent.dragStart(items[2]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    expect(reorderItems()).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
  });
});
