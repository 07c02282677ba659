/**
 * Scores submitted together are committed together (issue 12: on SQLite one disk wait per
 * batch, not per score; on PostgreSQL one INSERT and one commit per batch). Each submitter must
 * still get exactly its own answer: a burst of new attempts all stored once, and replays of one
 * attempt racing inside the same batch answered with the one stored record (one 201, the rest
 * 200), on either database; a score that cannot be written fails alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewScore } from '../../server/repositories/scores';
import { attemptAnswers, QUIZ } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let learner: string;
let learnerId: number;
let quizId: number;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  await createUser(t, { email: 'learner@x.example' });
  const su = (await login(t, 'su@x.example')).access;
  learner = (await login(t, 'learner@x.example')).access;
  learnerId = (await call(t, 'GET', '/api/accounts/profile/', { token: learner })).json().id;
  const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'Burst' } })).json();
  quizId = (await call(t, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: QUIZ } })).json().id;
});
afterAll(() => t.close());

const post = (attempt: string, correct: number) =>
  call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: learner, body: { answers: attemptAnswers(QUIZ, correct), client_attempt_id: attempt } });

it('stores a burst of attempts once each, and answers racing replays with the one stored record', async () => {
  const fresh = Array.from({ length: 30 }, (_, i) => ({ id: randomUUID(), correct: i % 3 }));
  const replayed = randomUUID();
  const answers = await Promise.all([...fresh.map((a) => post(a.id, a.correct)), ...Array.from({ length: 10 }, () => post(replayed, 2))]);

  const firsts = answers.slice(0, 30);
  expect(firsts.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
  firsts.forEach((r, i) => {
    expect(r.json()).toMatchObject({ client_attempt_id: fresh[i]!.id, correct_answers: fresh[i]!.correct % 3, total_questions: QUIZ.length });
  });

  const replays = answers.slice(30);
  expect(replays.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  expect(new Set(replays.map((r) => r.json().id)).size).toBe(1);

  const mine = (await call(t, 'GET', '/api/books/my-scores/?page_size=200', { token: learner })).json();
  expect(mine.count).toBe(31);
  expect(new Set(mine.results.map((r: { client_attempt_id: string }) => r.client_attempt_id)).size).toBe(31);
});

/** A score as recordAttempt would write it, for the repository's own tests. */
const score = (overrides: Partial<NewScore>): NewScore => ({
  user_id: learnerId,
  quiz_id: quizId,
  quiz_title: 'Burst',
  quiz_version: 1,
  correct_answers: 1,
  total_questions: 2,
  client_attempt_id: null,
  answers: '[]',
  submitted_at: '2026-11-27T10:00:00.000Z',
  received_at: '2026-11-27T10:00:01.000Z',
  client_completed_at: null,
  ...overrides,
});

it('answers each score of one batch with its own row, identical ones too, and fails only the one that cannot be written', async () => {
  const twin = score({});
  // Submitted in one turn of the event loop: one batch. A user that does not exist breaks its foreign key.
  const outcomes = await Promise.allSettled([
    t.app.repos.scores.create(twin),
    t.app.repos.scores.create({ ...twin }),
    t.app.repos.scores.create(score({ correct_answers: 2 })),
    t.app.repos.scores.create(score({ user_id: 987_654 })),
    t.app.repos.scores.create(score({ client_attempt_id: randomUUID(), correct_answers: 0 })),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  const records = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  expect(new Set(records.map((record) => record.id)).size).toBe(4);
  expect(records.map((record) => record.correct_answers)).toEqual([1, 1, 2, 0]);
});

it('stores a burst larger than one statement takes, each score with its own row', async () => {
  const ids = Array.from({ length: 1_200 }, () => randomUUID());
  const records = await Promise.all(ids.map((id) => t.app.repos.scores.create(score({ client_attempt_id: id }))));
  expect(records.map((record) => record.client_attempt_id)).toEqual(ids);
  expect(new Set(records.map((record) => record.id)).size).toBe(1_200);
});
