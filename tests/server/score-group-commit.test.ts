/**
 * Scores submitted together are committed together on SQLite (issue 12: one disk wait per
 * batch, not per score). Each submitter must still get exactly its own answer: a burst of new
 * attempts all stored once, and replays of one attempt racing inside the same batch answered
 * with the one stored record (one 201, the rest 200), on either database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { QuizData } from '../../src/contract/quiz';
import { attemptAnswers, call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

const quiz: QuizData = [
  { id: 'q1', type: 'single-choice', question: 'Usual pressure?', options: ['8 mmHg', '12 mmHg'], answer: '12 mmHg' },
  { id: 'q2', type: 'single-choice', question: 'Veress first?', options: ['Yes', 'No'], answer: 'Yes' },
];

let t: TestApp;
let learner: string;
let quizId: number;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  await createUser(t, { email: 'learner@x.example' });
  const su = (await login(t, 'su@x.example')).access;
  learner = (await login(t, 'learner@x.example')).access;
  const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'Burst' } })).json();
  quizId = (await call(t, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: quiz } })).json().id;
});
afterAll(() => t.close());

const post = (attempt: string, correct: number) =>
  call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: learner, body: { answers: attemptAnswers(quiz, correct), client_attempt_id: attempt } });

it('stores a burst of attempts once each, and answers racing replays with the one stored record', async () => {
  const fresh = Array.from({ length: 30 }, (_, i) => ({ id: randomUUID(), correct: i % 3 }));
  const replayed = randomUUID();
  const answers = await Promise.all([
    ...fresh.map((a) => post(a.id, a.correct)),
    ...Array.from({ length: 10 }, () => post(replayed, 2)),
  ]);

  const firsts = answers.slice(0, 30);
  expect(firsts.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
  firsts.forEach((r, i) => {
    expect(r.json()).toMatchObject({ client_attempt_id: fresh[i]!.id, correct_answers: fresh[i]!.correct % 3, total_questions: 2 });
  });

  const replays = answers.slice(30);
  expect(replays.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  expect(new Set(replays.map((r) => r.json().id)).size).toBe(1);

  const mine = (await call(t, 'GET', '/api/books/my-scores/?page_size=200', { token: learner })).json();
  expect(mine.count).toBe(31);
  expect(new Set(mine.results.map((r: { client_attempt_id: string }) => r.client_attempt_id)).size).toBe(31);
});
