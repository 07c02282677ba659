/**
 * The quiz inside the reader (the whole app, fake API): a finished attempt goes to the score
 * outbox and the results say honestly where the score is — sent, kept on the device while the
 * server cannot be reached, or refused by the server (with Retry).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../../src/lib/db';
import { type FakeHandler, FakeApi } from '../../../helpers/fake-api';
import { attemptAnswers, QUIZ, singleChoice } from '../../../helpers/quiz-fixture';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, page, signInAs } from '../books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(async () => {
  api = new FakeApi();
  uninstall = api.install();
  await Promise.all([db.attempts.clear(), db.outbox.clear()]);
});
afterEach(() => uninstall());

function serveBook(scores: FakeHandler) {
  signInAs(api, LEARNER);
  api.on('GET', '/books/books/1/', { status: 200, data: makeBook({ quiz: { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(QUIZ) } }) });
  api.on('GET', '/books/books/1/chapters/', page([]));
  api.on('GET', '/books/my-scores/', page([]));
  api.on('POST', '/books/quizzes/5/scores/', scores);
}

async function finishQuiz() {
  const view = await renderApp('/book/1');
  const { user } = view;
  await user.click(await screen.findByRole('button', { name: 'Start Quiz' }, { timeout: 5000 }));
  await user.click(await screen.findByRole('radio', { name: singleChoice.answer }));
  await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
  await user.click(screen.getByRole('button', { name: 'Next Question' }));
  await user.click(await screen.findByRole('button', { name: 'Submit Quiz' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Submit Quiz' })).getByRole('button', { name: 'Submit Quiz' }));
  return { ...view, results: await screen.findByTestId('quiz-results') };
}

describe('the quiz in the reader', () => {
  it("sends the finished attempt once, through the outbox, and says 'Score saved'", async () => {
    serveBook(() => ({ status: 201, data: {} }));
    const { results } = await finishQuiz();
    expect(await within(results).findByText('Score saved', {}, { timeout: 5000 })).toBeInTheDocument();
    const posts = api.callsTo('/books/quizzes/5/scores/', 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      quiz_version: 3,
      // The first question answered right; Submit Quiz on the second leaves it and the rest unanswered.
      answers: attemptAnswers(QUIZ, 1).map((answer, index) => ({ ...answer, isCorrect: index < 1 })),
    });
    expect((posts[0]!.body as { client_attempt_id: string }).client_attempt_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
  });

  it("keeps the score on the device when the server cannot be reached: 'Saved on this device — will sync when online'", async () => {
    serveBook(() => 'network');
    const { results } = await finishQuiz();
    expect(await within(results).findByText('Saved on this device — will sync when online', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(1);
  });

  it('says when the server refused the score, with its reason, and sends it again on Retry', async () => {
    let answer: { status: number; data: unknown } = { status: 409, data: { detail: 'This attempt was already recorded for another quiz.' } };
    serveBook(() => answer);
    const { results, user } = await finishQuiz();
    expect(
      await within(results).findByText(/Your score was not saved: This attempt was already recorded for another quiz\./, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    answer = { status: 201, data: {} };
    await user.click(within(results).getByRole('button', { name: 'Retry' }));
    expect(await within(results).findByText('Score saved', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/books/quizzes/5/scores/', 'POST')).toHaveLength(2));
  });
});
