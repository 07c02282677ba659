/**
 * POST /api/books/quizzes/:id/scores/ bounded by the quiz (issue 32 point 6): each answer
 * within its question (one option, a subset, pairs over the two lists, a permutation), a body
 * no larger than any attempt, and a per-user rate of posts no learner reaches — while an
 * offline device's 100 queued scores still go through at once. On the run's database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let quizId: number;

/** A signed-in learner of its own, so that each test counts its own posts. */
async function learner(name: string) {
  await createUser(t, { email: `${name}@bounds.example` });
  return (await login(t, `${name}@bounds.example`)).access;
}

const post = (token: string, body: object) => call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token, body });

async function scoresOf(token: string): Promise<number> {
  return (await call(t, 'GET', '/api/books/my-scores/', { token })).json().count as number;
}

/** The bytes the score table takes: its pages on SQLite, its relation (with TOAST and indexes) on PostgreSQL. */
async function scoreTableBytes(): Promise<number> {
  if (t.db.dialect === 'postgres') {
    const { rows } = await sql<{ size: number }>`select pg_total_relation_size('quiz_scores')::int as size`.execute(t.db.kysely);
    return rows[0]!.size;
  }
  const { rows } = await sql<{ size: number }>`select sum(pgsize) as size from dbstat where name like '%quiz_scores%'`.execute(t.db.kysely);
  return rows[0]!.size;
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@bounds.example', superuser: true });
  const su = (await login(t, 'su@bounds.example')).access;
  const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'Bounds' } })).json();
  quizId = (await call(t, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: QUIZ } })).json().id;
});
afterAll(() => t.close());

/** The attempt with question `id`'s answer replaced. */
const withAnswer = (id: string | number, answer: unknown) =>
  attemptAnswers(QUIZ, QUIZ.length).map((record) => (record.questionId === id ? { ...record, answer } : record));

describe('answers bounded by their question', () => {
  it.each<[string, string | number, unknown]>([
    ['a single choice that is not an option', singleChoice.id, 'Helium'],
    ['a single choice of 2 000 characters', singleChoice.id, 'x'.repeat(2000)],
    ['a single choice given as a list', singleChoice.id, [singleChoice.answer]],
    ['a multiple choice with an option that does not exist', multipleChoice.id, ['5 mm', '8 mm']],
    ['a multiple choice naming an option twice', multipleChoice.id, ['5 mm', '5 mm']],
    ['a multiple choice given as text', multipleChoice.id, '5 mm'],
    ['a reorder missing an option', reorder.id, reorder.options.slice(1)],
    ['a reorder with an option twice', reorder.id, [...reorder.options.slice(1), reorder.options[1]]],
    ['a reorder with a foreign item', reorder.id, [...reorder.options.slice(1), 'Close']],
    ['a match pairing a left item twice', matchTheFollowing.id, [matchTheFollowing.answer[0], matchTheFollowing.answer[0]]],
    ['a match with a right item from nowhere', matchTheFollowing.id, [{ left: 'Grasper', right: 'Cutting' }]],
    ['a match given as options', matchTheFollowing.id, ['Grasper']],
  ])('refuses %s with a field error and records nothing', async (_name, id, answer) => {
    const token = await learner(`out-${randomUUID()}`);
    const res = await post(token, { answers: withAnswer(id, answer), client_attempt_id: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ answers: [expect.stringContaining(`question ${id} `)] });
    expect(await scoresOf(token)).toBe(0);
  });

  it('refuses an attempt that answers one question twice', async () => {
    const token = await learner('twice');
    const answers = [...attemptAnswers(QUIZ, QUIZ.length), { questionId: singleChoice.id, answer: 'Air', status: 'answered' }];
    const res = await post(token, { answers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ answers: [`Question ${singleChoice.id} is answered twice.`] });
  });

  it('records wrong answers that stay within their questions', async () => {
    const token = await learner('wrong');
    const answers = attemptAnswers(QUIZ, 0).map((record) => {
      const wrong: Record<string, unknown> = {
        [String(singleChoice.id)]: 'Air',
        [String(multipleChoice.id)]: ['30 mm'],
        [String(reorder.id)]: [...reorder.options].reverse(),
        [String(matchTheFollowing.id)]: [
          { left: 'Veress needle', right: 'Holding tissue' },
          { left: 'Grasper', right: 'Holding tissue' },
        ],
      };
      return { ...record, answer: wrong[String(record.questionId)], status: 'answered' };
    });
    const res = await post(token, { answers, client_attempt_id: randomUUID() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ correct_answers: 0, total_questions: QUIZ.length });
  });

  it('does not grow the database with 200 posts of large answers', { timeout: 120_000 }, async () => {
    const token = await learner('filler');
    const before = await scoreTableBytes();
    // ~500 KB each: 2 000-character answers to the single-choice question, as a probe sent them.
    const large = { answers: Array.from({ length: 240 }, () => ({ questionId: singleChoice.id, answer: 'x'.repeat(2000), status: 'answered' })) };
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(token, { ...large, client_attempt_id: randomUUID() })));
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await scoresOf(token)).toBe(0);
    expect(await scoreTableBytes()).toBeLessThanOrEqual(before + 64 * 1024);
  });
});

describe('the size and rate of score posts', () => {
  it('answers a body larger than any attempt with 413 in the error shape', async () => {
    const token = await learner('big');
    const res = await post(token, { answers: [{ questionId: singleChoice.id, answer: 'x'.repeat(600 * 1024), status: 'answered' }] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large.' });
  });

  it(
    "takes an offline device's 100 queued scores at once, then answers a learner past 300 in 10 minutes with 429 and Retry-After",
    { timeout: 120_000 },
    async () => {
      const token = await learner('flush');
      const queued = await Promise.all(
        Array.from({ length: 100 }, (_, i) => post(token, { answers: attemptAnswers(QUIZ, i % 4), client_attempt_id: randomUUID() })),
      );
      expect(queued.map((res) => res.statusCode)).toEqual(Array(100).fill(201));

      for (let i = 100; i < 300; i++) expect((await post(token, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: randomUUID() })).statusCode).toBe(201);
      const refused = await post(token, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: randomUUID() });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
      expect(await scoresOf(token)).toBe(300);

      // Another learner is not held back by it.
      const other = await learner('other');
      expect((await post(other, { answers: attemptAnswers(QUIZ, 1) })).statusCode).toBe(201);
    },
  );
});
