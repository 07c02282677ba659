/**
 * Taking a quiz in Chromium against the real server: all four question types to the end on a
 * desktop and on a 390 px phone, skip and review, a reload mid-quiz that resumes exactly where
 * the learner was, and `my-scores` holding exactly one server-graded record per attempt.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, PHONE_VIEWPORT } from '../helpers/browser';
import { api, apiLogin, type ApiSession, collectProblems, DIRECTOR, eventually, LEARNER, signInContext } from './book-helpers';
import {
  bookWithQuiz,
  button,
  chooseMatches,
  CORRECT_MATCHES,
  expectQuestion,
  openQuiz,
  quizPane,
  reorderItems,
  scoresOf,
  takeFourTypeQuiz,
} from './quiz-helpers';

const baseURL = inject('baseURL');

describe('taking a quiz (learner)', () => {
  let app: AppBrowser;
  let learner: ApiSession;
  let director: ApiSession;

  beforeAll(async () => {
    [learner, director] = await Promise.all([apiLogin(baseURL, LEARNER), apiLogin(baseURL, DIRECTOR)]);
    app = await launchApp(baseURL);
    await signInContext(app.context, learner);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes a quiz of all four types to the end on a desktop; my-scores holds one server-graded record', async () => {
    const { bookId, quizId, quizTitle } = await bookWithQuiz(baseURL, director, 'E2E quiz desktop');
    // Written with [left, right] match pairs and quiz_data as a JSON string; stored in the one normal form.
    const { data: stored } = await api<{ quiz: { quiz_data: string } }>(baseURL, learner, 'GET', `/books/books/${bookId}/`);
    expect(JSON.parse(stored.quiz.quiz_data)[2].answer[0]).toEqual({ left: 'Veress needle', right: 'Insufflation' });
    const page = await app.open(`/book/${bookId}`);
    const problems = collectProblems(page);
    await openQuiz(page, bookId);
    expect(await quizPane(page).getByText('0 of 4 answered').count()).toBe(1);
    await takeFourTypeQuiz(page, { wrongFirst: true });

    const results = page.getByTestId('quiz-results');
    expect(await results.getByTestId('quiz-percentage').textContent()).toBe('75%');
    // At most 800 px wide, with the review of every question.
    expect((await results.boundingBox())!.width).toBeLessThanOrEqual(800);
    const first = results.getByRole('listitem', { name: 'Question 1' });
    expect(await first.textContent()).toContain('Your answerAir');
    expect(await first.textContent()).toContain('Correct answerCO2');
    expect(await results.getByRole('listitem', { name: 'Question 3' }).textContent()).toContain('Veress needle → Insufflation');
    await eventually(() => results.getByText('Score saved').count()).toBe(1);

    const records = await scoresOf(baseURL, learner, quizId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ quiz_title: quizTitle, quiz_version: 1, correct_answers: 3, total_questions: 4, score_percentage: 75 });

    // Retake: a second attempt is a second record, never a copy of the first.
    await button(page, 'Retake Quiz').click();
    await takeFourTypeQuiz(page);
    expect(await page.getByTestId('quiz-percentage').textContent()).toBe('100%');
    await eventually(() => page.getByTestId('quiz-results').getByText('Score saved').count()).toBe(1);
    const after = await scoresOf(baseURL, learner, quizId);
    expect(after.map((r) => r.correct_answers).sort()).toEqual([3, 4]);
    expect(new Set(after.map((r) => r.client_attempt_id)).size).toBe(2);

    // The dashboard's quiz history shows the new records.
    await page.goto('/dashboard');
    await eventually(() => page.getByRole('row').filter({ hasText: quizTitle }).count()).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('takes the quiz on a 390 px phone: nothing overflows, every control is at least 44 px tall', async () => {
    const { bookId, quizId } = await bookWithQuiz(baseURL, director, 'E2E quiz phone');
    const page = await app.open(`/book/${bookId}`);
    await page.setViewportSize(PHONE_VIEWPORT);
    await openQuiz(page, bookId);
    await expectQuestion(page, 'Which gas is used for pneumoperitoneum?');

    const tooSmall = async () =>
      quizPane(page).evaluate((pane) => {
        const targets = pane.querySelectorAll<HTMLElement>('button:not([disabled]), label, select, [role="combobox"]');
        return Array.from(targets)
          .filter((el) => el.offsetParent !== null)
          .filter((el) => el.getBoundingClientRect().height < 44)
          .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30) ?? ''} ${el.getBoundingClientRect().height}`);
      });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    expect(await tooSmall()).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await quizPane(page).getByRole('radio', { name: 'CO2' }).check();
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Which port sizes are standard?');
    await quizPane(page).getByRole('checkbox', { name: '5 mm' }).check();
    await quizPane(page).getByRole('checkbox', { name: '10 mm' }).check();
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Match each instrument to its use');
    expect(await tooSmall()).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Usable on the narrowest phones too.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await tooSmall()).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await chooseMatches(page, CORRECT_MATCHES);
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Put the steps of access in order');
    expect(await tooSmall()).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Keyboard path: the move buttons work from the keyboard too.
    const before = await reorderItems(page, 'Put the steps of access in order');
    await quizPane(page)
      .getByRole('button', { name: `Move "${before[1]}" up` })
      .focus();
    await page.keyboard.press('Enter');
    await eventually(() => reorderItems(page, 'Put the steps of access in order')).toEqual([before[1], before[0], ...before.slice(2)]);
    const submitted = await reorderItems(page, 'Put the steps of access in order');
    await button(page, 'Submit Answer').click();
    await button(page, 'Finish Quiz').click();

    const results = page.getByTestId('quiz-results');
    await eventually(() => results.getByText('Score saved').count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const reorderCorrect = submitted.join() === 'Access,Insufflate,Inspect,Dissect';
    const records = await scoresOf(baseURL, learner, quizId);
    expect(records.map((r) => [r.correct_answers, r.total_questions])).toEqual([[reorderCorrect ? 4 : 3, 4]]);
    await page.close();
  });

  it('skips questions and reviews them after the last one', async () => {
    const { bookId, quizId } = await bookWithQuiz(baseURL, director, 'E2E quiz skip');
    const page = await app.open(`/book/${bookId}`);
    await openQuiz(page, bookId);
    await expectQuestion(page, 'Which gas is used for pneumoperitoneum?');
    expect(await button(page, 'Submit Answer').isDisabled()).toBe(true);
    await button(page, 'Skip').click();
    await expectQuestion(page, 'Which port sizes are standard?');
    await button(page, 'Skip').click();
    await expectQuestion(page, 'Match each instrument to its use');
    await chooseMatches(page, CORRECT_MATCHES);
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Put the steps of access in order');
    await button(page, 'Skip').click();

    await expectQuestion(page, 'Which gas is used for pneumoperitoneum?');
    expect(await quizPane(page).getByText('Skipped 1/3').count()).toBe(1);
    await quizPane(page).getByRole('radio', { name: 'CO2' }).check();
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Which port sizes are standard?');
    expect(await quizPane(page).getByText('Skipped 2/3').count()).toBe(1);
    await button(page, 'Skip').click();
    await expectQuestion(page, 'Put the steps of access in order');
    expect(await quizPane(page).getByText('Skipped 3/3').count()).toBe(1);
    expect(await button(page, 'Skip').count()).toBe(0);
    await button(page, 'Submit Quiz').click();
    // It asks first, saying how many would be recorded as unanswered.
    const confirm = page.getByRole('dialog', { name: 'Submit Quiz' });
    expect(await confirm.textContent()).toContain('2 questions are unanswered. Submit anyway?');
    await confirm.getByRole('button', { name: 'Submit Quiz' }).click();

    const results = page.getByTestId('quiz-results');
    expect(await results.getByTestId('quiz-percentage').textContent()).toBe('50%');
    expect(await results.getByRole('listitem', { name: 'Question 2' }).textContent()).toContain('No answer');
    await eventually(() => results.getByText('Score saved').count()).toBe(1);
    expect((await scoresOf(baseURL, learner, quizId)).map((r) => r.correct_answers)).toEqual([2]);
    await page.close();
  });

  it('resumes after a reload exactly where the learner was (same question, shuffle, skips and answers)', async () => {
    const { bookId, quizId } = await bookWithQuiz(baseURL, director, 'E2E quiz resume');
    const page = await app.open(`/book/${bookId}`);
    await openQuiz(page, bookId);
    await expectQuestion(page, 'Which gas is used for pneumoperitoneum?');
    await quizPane(page).getByRole('radio', { name: 'CO2' }).check();
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await button(page, 'Skip').click();
    await expectQuestion(page, 'Match each instrument to its use');
    const shuffle = await quizPane(page).getByRole('combobox', { name: 'Match for Grasper' }).locator('option').allTextContents();
    await chooseMatches(page, CORRECT_MATCHES.slice(0, 1));

    await page.reload();
    // Opening the book again tells of the unfinished quiz; the quiz offers to resume or start over.
    await eventually(() => page.getByText('You have an unfinished quiz: 1 of 4 answered.').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue Quiz' }).click();
    await eventually(() =>
      quizPane(page)
        .getByText(/unfinished attempt at this quiz \(1 of 4 answered\)/)
        .count(),
    ).toBe(1);
    await button(page, 'Resume Quiz').click();
    await expectQuestion(page, 'Match each instrument to its use');
    expect(await quizPane(page).getByRole('combobox', { name: 'Match for Grasper' }).locator('option').allTextContents()).toEqual(shuffle);
    expect(await quizPane(page).getByRole('combobox', { name: 'Match for Veress needle' }).inputValue()).toBe('Insufflation');
    expect(await quizPane(page).getByText('1 of 4 answered').count()).toBe(1);
    await chooseMatches(page, CORRECT_MATCHES.slice(1));
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    await expectQuestion(page, 'Put the steps of access in order');
    await button(page, 'Submit Answer').click();
    await button(page, 'Next Question').click();
    // The skip made before the reload is still waiting for review.
    await expectQuestion(page, 'Which port sizes are standard?');
    expect(await quizPane(page).getByText('Skipped 1/1').count()).toBe(1);
    await quizPane(page).getByRole('checkbox', { name: '5 mm' }).check();
    await quizPane(page).getByRole('checkbox', { name: '10 mm' }).check();
    await button(page, 'Submit Answer').click();
    await button(page, 'Finish Quiz').click();
    await eventually(() => page.getByTestId('quiz-results').getByText('Score saved').count()).toBe(1);

    const records = await scoresOf(baseURL, learner, quizId);
    expect(records).toHaveLength(1);
    // Single, multiple and match right; the reorder list was submitted as shuffled (never the correct order).
    expect(records[0]!.correct_answers).toBe(3);

    // Opening the quiz again starts a new attempt: the finished one is not offered.
    await page.reload();
    await openQuiz(page, bookId);
    await expectQuestion(page, 'Which gas is used for pneumoperitoneum?');
    expect(await button(page, 'Resume Quiz').count()).toBe(0);
    expect(await page.getByText(/You have an unfinished quiz/).count()).toBe(0);
    await page.close();
  });
});
