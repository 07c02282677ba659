/**
 * GET /api/books/books/:id/quiz/statistics/ (issue 35): who may read a quiz's question
 * statistics, the hand-worked example's figures as the server computes them from stored
 * attempts, versions kept apart, and an attempt posted through the scores route counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizStatisticsSchema, type QuizStatistics } from '../../src/contract/progress';
import { gradeAttempt } from '../../src/contract/quiz';
import { questionStatistics } from '../../src/contract/quiz-statistics';
import { ATTEMPTS, QUESTIONS } from '../helpers/quiz-statistics-example';
import { attemptAnswers } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: string;
let author: string;
let otherAuthor: string;
let learner: string;
let learnerId: number;
let bookId: number;
let quizId: number;

const statistics = (id: number, token?: string) => call(t, 'GET', `/api/books/books/${id}/quiz/statistics/`, { token });

/** Stores the example's attempts as the scores route would have (ids in the example's order). */
async function storeExampleAttempts(version: number) {
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto('quiz_scores')
    .values(
      ATTEMPTS.map((attempt) => ({
        user_id: learnerId,
        quiz_id: quizId,
        quiz_title: 'Example quiz',
        quiz_version: version,
        correct_answers: attempt.answers ? gradeAttempt(QUESTIONS, attempt.answers).correct : 2,
        total_questions: QUESTIONS.length,
        client_attempt_id: randomUUID(),
        answers: attempt.answers && JSON.stringify(attempt.answers),
        submitted_at: now,
        received_at: now,
        client_completed_at: null,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  const authorUser = await createUser(t, { email: 'author@x.example' });
  const otherAuthorUser = await createUser(t, { email: 'other-author@x.example' });
  learnerId = (await createUser(t, { email: 'learner@x.example' })).id;
  su = (await login(t, 'su@x.example')).access;
  author = (await login(t, 'author@x.example')).access;
  otherAuthor = (await login(t, 'other-author@x.example')).access;
  learner = (await login(t, 'learner@x.example')).access;
  bookId = await t.app.repos.books.create({ title: 'Port placement', author: 'Faculty', description: '', cover_image_url: '' }, authorUser.id);
  await t.app.repos.books.create({ title: 'Another book', author: 'Faculty', description: '', cover_image_url: '' }, otherAuthorUser.id);
  const saved = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token: author, body: { quiz_data: QUESTIONS } });
  expect(saved.statusCode).toBe(201);
  quizId = saved.json().id;
  await storeExampleAttempts(1);
});
afterAll(() => t.close());

describe('GET /api/books/books/:id/quiz/statistics/ permissions', () => {
  it('answers the book’s owner and superusers', async () => {
    for (const token of [author, su]) {
      const res = await statistics(bookId, token);
      expect(res.statusCode).toBe(200);
      expect(quizStatisticsSchema.parse(res.json()).quiz).toBe(quizId);
    }
  });

  it('refuses another signed-in user (a learner, another book’s owner) with 403 and anonymous callers with 401', async () => {
    for (const token of [learner, otherAuthor]) {
      const res = await statistics(bookId, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Only the book’s owner or a superuser may see its quiz statistics.' });
    }
    expect((await statistics(bookId)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown book and for a book without a quiz', async () => {
    const unknown = await statistics(999_999, su);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Book not found.' });
    const plain = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'No quiz here' } })).json();
    const noQuiz = await statistics(plain.id, su);
    expect(noQuiz.statusCode).toBe(404);
    expect(noQuiz.json()).toEqual({ detail: 'This book has no quiz.' });
  });
});

describe('GET /api/books/books/:id/quiz/statistics/ figures', () => {
  let body: QuizStatistics;
  beforeAll(async () => {
    body = (await statistics(bookId, author)).json();
  });

  it('counts every attempt of the version, also the one recorded without answers', () => {
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({ version: 1, attempts: 11, created_at: expect.any(String) });
  });

  it('gives the hand-worked figures of the example (tests/src/contract/quiz-statistics.test.ts)', () => {
    const questions = body.versions[0]!.questions;
    expect(questions).toEqual(questionStatistics(QUESTIONS, ATTEMPTS));
    // The same figures, as worked out by hand there.
    expect(questions.map((q) => [q.attempts, q.percent_correct, q.percent_unanswered, q.discrimination])).toEqual([
      [10, 40, 10, 0.33],
      [10, 40, 20, 1],
      [10, 50, 20, 1],
      [10, 10, 10, 0],
    ]);
    expect(questions.map((q) => q.most_chosen_wrong)).toEqual([{ option: 'B', count: 3 }, { option: 'Y', count: 3 }, null, { option: 'yes', count: 8 }]);
    expect(questions[3]).toMatchObject({
      flagged: true,
      flag_reasons: ['Fewer than 20 % answer it correctly.', 'It does not separate strong from weak attempts (discrimination 0.00).'],
    });
  });

  it('reads the attempts a page at a time and still sees every one', async () => {
    const seen: number[] = [];
    for await (const attempt of t.app.repos.scores.attemptsWithAnswers(quizId, 1, 3)) seen.push(attempt.id);
    expect(seen).toHaveLength(10);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('versions and new attempts', () => {
  it('keeps versions apart, newest first, lists only versions with attempts and leaves out attempts without a version', async () => {
    const v2 = QUESTIONS.slice(0, 2);
    expect((await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token: author, body: { quiz_data: v2 } })).statusCode).toBe(200);
    const posted = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
      token: learner,
      body: { answers: attemptAnswers(v2, 1), quiz_version: 2, client_attempt_id: randomUUID() },
    });
    expect(posted.statusCode).toBe(201);
    // A third version nobody has taken yet, and an old record without a version.
    expect((await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token: author, body: { quiz_data: QUESTIONS.slice(1) } })).statusCode).toBe(200);
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('quiz_scores')
      .values({
        user_id: learnerId,
        quiz_id: quizId,
        quiz_title: 'Example quiz',
        quiz_version: null,
        correct_answers: 0,
        total_questions: 4,
        client_attempt_id: null,
        answers: null,
        submitted_at: now,
        received_at: now,
        client_completed_at: null,
      })
      .execute();

    const body = quizStatisticsSchema.parse((await statistics(bookId, su)).json());
    expect(body.versions.map((v) => [v.version, v.attempts])).toEqual([
      [2, 1],
      [1, 11],
    ]);
    // The posted attempt answered the first question of version 2 right and left the second.
    expect(body.versions[0]!.questions.map((q) => [q.question, q.attempts, q.percent_correct, q.percent_unanswered, q.discrimination])).toEqual([
      ['q1', 1, 100, 0, null],
      ['q2', 1, 0, 100, null],
    ]);
    expect(body.versions[1]!.questions).toEqual(questionStatistics(QUESTIONS, ATTEMPTS));
  });

  it('counts an attempt posted through the scores route in the current version', async () => {
    const before = quizStatisticsSchema.parse((await statistics(bookId, author)).json());
    expect(before.versions[0]!.version).toBe(2);
    const v3 = QUESTIONS.slice(1);
    const posted = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
      token: learner,
      body: { answers: [{ questionId: 'q2', answer: ['Z'], status: 'answered' }], client_attempt_id: randomUUID() },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().quiz_version).toBe(3);
    const after = quizStatisticsSchema.parse((await statistics(bookId, author)).json());
    expect(after.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(after.versions[0]!.questions.map((q) => [q.question, q.attempts, q.percent_correct, q.percent_unanswered, q.most_chosen_wrong])).toEqual(
      v3.map((q) => [String(q.id), 1, 0, q.id === 'q2' ? 0 : 100, q.id === 'q2' ? { option: 'Z', count: 1 } : null]),
    );
  });
});
