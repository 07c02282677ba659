/**
 * Helpers of the quiz browser tests: a quiz of all four types arranged through the API, the
 * learner's answers given through the real controls, and the server's score records.
 */
import type { Locator, Page } from 'playwright-core';
import type { Question } from '../../src/contract/quiz';
import { explainedSingleChoice, matchPairs, matchTheFollowing, multipleChoice, reorder, wrongChoice } from '../helpers/quiz-fixture';
import { api, type ApiSession, createBookViaApi, eventually } from './book-helpers';

type QuestionOf<T extends Question['type']> = Extract<Question, { type: T }>;

/**
 * The shared fixture's four questions, the first explained. The last three keep the texts (and the
 * multiple-choice question its port sizes) that tests/e2e/quiz.test.ts reads on screen as literals.
 */
export const FOUR_TYPES_QUIZ: [QuestionOf<'single-choice'>, QuestionOf<'multiple-choice'>, QuestionOf<'match-the-following'>, QuestionOf<'reorder'>] = [
  explainedSingleChoice,
  { ...multipleChoice, question: 'Which port sizes are standard?', options: ['5 mm', '10 mm', '30 mm'], answer: ['5 mm', '10 mm'] },
  { ...matchTheFollowing, question: 'Match each instrument to its use' },
  { ...reorder, question: 'Put the steps of access in order' },
];

export const CORRECT_MATCHES = matchPairs;

/** A new book (no chapters) with the four-type quiz; returns the book's and the quiz's ids. */
export async function bookWithQuiz(baseURL: string, author: ApiSession, title: string): Promise<{ bookId: number; quizId: number; quizTitle: string }> {
  const bookId = await createBookViaApi(baseURL, author, title);
  const quizTitle = `${title} — Quiz`;
  // Sent as JSON text with the match answer as [left, right] pairs, forms the server normalises.
  const quizData = FOUR_TYPES_QUIZ.map((question) => (question.type === 'match-the-following' ? { ...question, answer: matchPairs } : question));
  const { status, data } = await api<{ id: number }>(baseURL, author, 'PUT', `/books/books/${bookId}/quiz/`, {
    title: quizTitle,
    quiz_data: JSON.stringify(quizData),
  });
  if (status !== 201) throw new Error(`Setting the quiz failed: ${status} ${JSON.stringify(data)}`);
  return { bookId, quizId: data.id, quizTitle };
}

export interface ScoreRecord {
  quiz: number | null;
  quiz_title: string;
  quiz_version: number | null;
  correct_answers: number;
  total_questions: number;
  score_percentage: number;
  client_attempt_id: string | null;
}

/** The learner's score records of one quiz, from GET /books/my-scores/ (every page). */
export async function scoresOf(baseURL: string, learner: ApiSession, quizId: number): Promise<ScoreRecord[]> {
  const { status, data } = await api<{ results: ScoreRecord[] }>(baseURL, learner, 'GET', '/books/my-scores/?page_size=100');
  if (status !== 200) throw new Error(`my-scores answered ${status}`);
  return data.results.filter((record) => record.quiz === quizId);
}

export const quizPane = (page: Page) => page.getByTestId('reader-pane');
export const questionHeading = (page: Page) => quizPane(page).getByRole('heading', { level: 3 }).first();

/** Opens the book and its quiz through 'Start Quiz' (the book has no chapters). */
export async function openQuiz(page: Page, bookId: number): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith(`/book/${bookId}`)) await page.goto(`/book/${bookId}`);
  await quizPane(page).getByRole('button', { name: 'Start Quiz' }).click();
  // The quiz's code is fetched when it is opened: wait until the session is on screen.
  await quizPane(page)
    .getByText(/\d+ of \d+ answered/)
    .first()
    .waitFor({ timeout: 20_000 });
}

export async function expectQuestion(page: Page, text: string): Promise<void> {
  await eventually(() => questionHeading(page).textContent()).toBe(text);
}

export const button = (page: Page, name: string): Locator => quizPane(page).getByRole('button', { name, exact: true });

export async function chooseMatches(page: Page, pairs: [string, string][]): Promise<void> {
  for (const [left, right] of pairs)
    await quizPane(page)
      .getByRole('combobox', { name: `Match for ${left}` })
      .selectOption(right);
}

/** The reorder list as shown, top to bottom. */
export async function reorderItems(page: Page, question: string): Promise<string[]> {
  const items = await quizPane(page).getByRole('list', { name: question }).getByRole('listitem').allTextContents();
  return items.map((text) => text.replace(/^\d+\./, '').trim());
}

/** Moves items with their 'Move "x" up' buttons until the list reads `target`. */
export async function putInOrder(page: Page, question: string, target: string[]): Promise<void> {
  for (let i = 0; i < target.length; i++) {
    for (let guard = 0; guard < target.length; guard++) {
      const items = await reorderItems(page, question);
      if (items.indexOf(target[i]!) <= i) break;
      await quizPane(page)
        .getByRole('button', { name: `Move "${target[i]}" up` })
        .click();
    }
  }
}

/**
 * Answers the four-type quiz from its first question to the results: the gas question right, or
 * with the fixture's wrong choice with `wrongFirst`, every other answer right.
 */
export async function takeFourTypeQuiz(page: Page, { wrongFirst = false } = {}): Promise<void> {
  const [gas, ports, instruments, steps] = FOUR_TYPES_QUIZ;
  await expectQuestion(page, gas.question);
  await quizPane(page)
    .getByRole('radio', { name: wrongFirst ? wrongChoice : gas.answer })
    .check();
  await button(page, 'Submit Answer').click();
  // Which verdict depends on the quiz version (the results' percentage tells); either locks the question.
  await eventually(() =>
    quizPane(page)
      .getByText(/^(Correct|Incorrect)!$/)
      .count(),
  ).toBe(1);
  await eventually(() => quizPane(page).getByText(gas.explanation!).count()).toBe(1);
  await button(page, 'Next Question').click();

  await expectQuestion(page, ports.question);
  // Checked in reverse: the order of choosing does not matter.
  for (const option of [...ports.answer].reverse()) await quizPane(page).getByRole('checkbox', { name: option }).check();
  await button(page, 'Submit Answer').click();
  await eventually(() => quizPane(page).getByText('Correct!').count()).toBe(1);
  await button(page, 'Next Question').click();

  await expectQuestion(page, instruments.question);
  await chooseMatches(page, CORRECT_MATCHES);
  await button(page, 'Submit Answer').click();
  await eventually(() => quizPane(page).getByText('Correct!').count()).toBe(1);
  await button(page, 'Next Question').click();

  await expectQuestion(page, steps.question);
  await putInOrder(page, steps.question, steps.answer);
  await button(page, 'Submit Answer').click();
  await eventually(() => quizPane(page).getByText('Correct!').count()).toBe(1);
  await button(page, 'Finish Quiz').click();
  await eventually(() => page.getByTestId('quiz-results').count()).toBe(1);
}
