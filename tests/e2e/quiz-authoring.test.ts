/**
 * Quiz authoring in Chromium against the real server: an author writes a quiz of all four types
 * in the editor, a learner takes it, the author changes it (a new version), and the earlier
 * attempt keeps its original grading while a new attempt is graded against the new version.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, DESKTOP_VIEWPORT, launchApp } from '../helpers/browser';
import { wrongChoice } from '../helpers/quiz-fixture';
import { apiLogin, type ApiSession, collectProblems, createBookViaApi, DIRECTOR, eventually, LEARNER, signInContext } from './book-helpers';
import { FOUR_TYPES_QUIZ, openQuiz, quizPane, scoresOf, takeFourTypeQuiz } from './quiz-helpers';

const baseURL = inject('baseURL');

const card = (page: Page, n: number) => page.getByRole('listitem', { name: `Question ${n}` });
const field = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

/** The editor's number of `item` in `list`, counted from 1 as in 'Option n is correct'. */
const nth = (list: readonly string[], item: string) => list.indexOf(item) + 1;

async function addQuestion(page: Page, type: string): Promise<void> {
  await page.getByRole('combobox', { name: 'New question type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Add Question' }).click();
}

describe('writing a quiz (author) and taking it (learner)', () => {
  let author: AppBrowser;
  let learnerApp: AppBrowser;
  let director: ApiSession;
  let learner: ApiSession;

  beforeAll(async () => {
    [director, learner] = await Promise.all([apiLogin(baseURL, DIRECTOR), apiLogin(baseURL, LEARNER)]);
    author = await launchApp(baseURL);
    await signInContext(author.context, director);
    learnerApp = await launchApp(baseURL);
    await signInContext(learnerApp.context, learner);
  });
  afterAll(async () => {
    await author?.close();
    await learnerApp?.close();
  });

  it('the author writes four types, the learner takes it, the author changes it, and the first attempt keeps its grading', async () => {
    const bookId = await createBookViaApi(baseURL, director, 'E2E authored quiz');
    const page = await author.open(`/book/${bookId}`);
    const problems = collectProblems(page);
    await page.getByRole('link', { name: 'Add Quiz' }).click();
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Add Quiz' }).count()).toBe(1);
    await field(page, 'Quiz Title').fill('Access and instruments');

    // The author types the browser tests' four-type quiz, which the learner then takes with takeFourTypeQuiz.
    const [gas, ports, instruments, steps] = FOUR_TYPES_QUIZ;
    // Single choice, with a contract message beside the field while it is wrong.
    await page.getByRole('button', { name: 'Add Question' }).click();
    let q = card(page, 1);
    await field(q, 'Question').fill(gas.question);
    await field(q, 'Option 1').fill(gas.options[0]!);
    await field(q, 'Option 2').fill(gas.options[0]!);
    await eventually(() => q.getByText('Options must be unique.').count()).toBe(1);
    for (const [i, option] of gas.options.entries()) {
      // A new question has two option fields.
      if (i >= 2) await q.getByRole('button', { name: 'Add Option' }).click();
      await field(q, `Option ${i + 1}`).fill(option);
    }
    await q.getByRole('radio', { name: `Option ${nth(gas.options, gas.answer)} is correct` }).check();
    await field(q, 'Explanation (optional)').fill(gas.explanation!);
    // The preview runs the question as a learner sees it.
    await q.getByRole('button', { name: 'Preview' }).click();
    const preview = q.getByTestId('question-preview');
    await preview.getByRole('radio', { name: gas.answer }).check();
    await preview.getByRole('button', { name: 'Submit Answer' }).click();
    await eventually(() => preview.getByText('Correct!').count()).toBe(1);

    await addQuestion(page, 'Multiple choice');
    q = card(page, 2);
    await field(q, 'Question').fill(ports.question);
    for (const [i, option] of ports.options.entries()) {
      if (i >= 2) await q.getByRole('button', { name: 'Add Option' }).click();
      await field(q, `Option ${i + 1}`).fill(option);
    }
    for (const option of ports.answer) await q.getByRole('checkbox', { name: `Option ${nth(ports.options, option)} is correct` }).check();

    await addQuestion(page, 'Match the following');
    q = card(page, 3);
    await field(q, 'Question').fill(instruments.question);
    for (const [i, { left, right }] of instruments.answer.entries()) {
      if (i >= 2) await q.getByRole('button', { name: 'Add Pair' }).click();
      await field(q, `Left ${i + 1}`).fill(left);
      await field(q, `Right ${i + 1}`).fill(right);
    }

    await addQuestion(page, 'Reorder');
    q = card(page, 4);
    await field(q, 'Question').fill(steps.question);
    // Items are typed in the correct order; learners see them shuffled.
    for (const [i, item] of steps.answer.entries()) {
      if (i >= 2) await q.getByRole('button', { name: 'Add Item' }).click();
      await field(q, `Item ${i + 1}`).fill(item);
    }

    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await eventually(() => page.getByText(/Quiz saved \(version 1\)/).count()).toBe(1);
    const { data: book } = (await (
      await fetch(`${baseURL}/api/books/books/${bookId}/`, { headers: { authorization: `Bearer ${director.access}` } })
    )
      .json()
      .then((data) => ({ data }))) as {
      data: { quiz: { id: number; version: number; quiz_data: string } };
    };
    expect(book.quiz.version).toBe(1);
    expect(JSON.parse(book.quiz.quiz_data).map((question: { type: string }) => question.type)).toEqual(FOUR_TYPES_QUIZ.map((question) => question.type));
    const quizId = book.quiz.id;

    // The learner takes it: the wrong choice for the gas (wrong in version 1), everything else right.
    const learnerPage = await learnerApp.open(`/book/${bookId}`);
    await openQuiz(learnerPage, bookId);
    await takeFourTypeQuiz(learnerPage, { wrongFirst: true });
    expect(await learnerPage.getByTestId('quiz-percentage').textContent()).toBe('75%');
    await eventually(() => learnerPage.getByTestId('quiz-results').getByText('Score saved').count()).toBe(1);
    expect((await scoresOf(baseURL, learner, quizId)).map((r) => [r.quiz_version, r.correct_answers, r.total_questions])).toEqual([[1, 3, 4]]);

    // The author makes the wrong choice the right answer of the first question: a new version.
    await card(page, 1)
      .getByRole('radio', { name: `Option ${nth(gas.options, wrongChoice)} is correct` })
      .check();
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await eventually(() => page.getByText(/Quiz saved \(version 2\)/).count()).toBe(1);

    // The earlier attempt keeps the grading of the version it was taken on.
    expect((await scoresOf(baseURL, learner, quizId)).map((r) => [r.quiz_version, r.correct_answers])).toEqual([[1, 3]]);

    // The same answers taken on version 2 are graded against version 2.
    await learnerPage.goto(`/book/${bookId}`);
    await openQuiz(learnerPage, bookId);
    await takeFourTypeQuiz(learnerPage, { wrongFirst: true });
    expect(await learnerPage.getByTestId('quiz-percentage').textContent()).toBe('100%');
    expect(await quizPane(learnerPage).getByRole('listitem', { name: 'Question 1' }).textContent()).toContain(`Correct answer${wrongChoice}`);
    await eventually(() => learnerPage.getByTestId('quiz-results').getByText('Score saved').count()).toBe(1);
    const records = await scoresOf(baseURL, learner, quizId);
    expect(records.map((r) => [r.quiz_version, r.correct_answers]).sort()).toEqual([
      [1, 3],
      [2, 4],
    ]);

    // The editor is usable on a 360 px phone: nothing runs off the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await card(page, 4).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP_VIEWPORT);

    // Leaving the editor with unsaved changes asks first.
    await field(page, 'Quiz Title').fill('Access and instruments (draft)');
    await page.getByRole('link', { name: '← Back to Book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the quiz editor?' });
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe(`/book/${bookId}`);
    expect(problems).toEqual([]);
    await learnerPage.close();
    await page.close();
  });
});
