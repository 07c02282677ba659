/**
 * POST /api/books/quizzes/:id/scores/ — issue 13 hole 2 (scores graded by the server only,
 * completed_at bounded) and issue 10's replay rules (a replay is answered from the stored
 * record before anything else; the same attempt id for another quiz is a 409).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAttemptIds } from '../../server/db/migrations/008-score-clock';
import { attemptAnswers, matchTheFollowing, multipleChoice, QUIZ, singleChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: string;
let learner: string;

async function bookWithQuiz(title: string) {
  const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title } })).json();
  const saved = await call(t, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: QUIZ } });
  expect(saved.statusCode).toBe(201);
  return { bookId: book.id as number, quizId: saved.json().id as number };
}

const post = (quizId: number, body: object, token = learner) => call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  await createUser(t, { email: 'learner@x.example' });
  su = (await login(t, 'su@x.example')).access;
  learner = (await login(t, 'learner@x.example')).access;
});
afterAll(() => t.close());

describe('scores are graded by the server only', () => {
  let quizId: number;
  beforeAll(async () => {
    ({ quizId } = await bookWithQuiz('Forgery'));
  });

  it('refuses a score without answers', async () => {
    const res = await post(quizId, { total_questions: 1000, correct_answers: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ answers: ['This field is required.'] });
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: learner })).json();
    expect(mine.results.filter((s: { score_percentage: number }) => s.score_percentage === 100)).toEqual([]);
  });

  it("stores the server's count, whatever totals the body claims", async () => {
    const res = await post(quizId, { total_questions: 4, correct_answers: 4, answers: attemptAnswers(QUIZ, 1) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ correct_answers: 1, total_questions: 4, score_percentage: 25 });
    const claimsAll = await post(quizId, {
      answers: [
        { questionId: singleChoice.id, answer: singleChoice.answer, isCorrect: true, status: 'answered' },
        { questionId: multipleChoice.id, answer: multipleChoice.answer.slice(0, 1), isCorrect: true, status: 'answered' },
      ],
    });
    expect(claimsAll.json()).toMatchObject({ correct_answers: 1, total_questions: 4 });
  });

  it('refuses a completion time before the quiz version was written', async () => {
    for (const completed_at of ['1999-01-01T00:00:00Z', new Date(Date.now() - 86_400_000).toISOString()]) {
      const res = await post(quizId, { answers: attemptAnswers(QUIZ, 3), completed_at });
      expect(res.statusCode, completed_at).toBe(400);
      expect(res.json()).toEqual({ completed_at: ['The completion time is before this version of the quiz was written.'] });
    }
    const recent = new Date(Date.now() - 1000).toISOString();
    const ok = await post(quizId, { answers: attemptAnswers(QUIZ, 3), completed_at: recent });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().submitted_at).toBe(recent);
  });

  /** The completion time the device sent, as stored beside the record. */
  const clientCompletedAt = async (id: number) =>
    (await t.db.kysely.selectFrom('quiz_scores').select('client_completed_at').where('id', '=', id).executeTakeFirstOrThrow()).client_completed_at;

  it("accepts a score from a phone whose clock runs hours ahead: taken at the server's receipt, the device's time kept beside it", async () => {
    const ahead = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const res = await post(quizId, { answers: attemptAnswers(QUIZ, 2), completed_at: ahead, client_attempt_id: randomUUID() });
    expect(res.statusCode).toBe(201);
    const record = res.json();
    expect(record.submitted_at).toBe(record.received_at);
    expect(Date.parse(record.received_at)).toBeLessThanOrEqual(Date.now());
    expect(await clientCompletedAt(record.id)).toBe(ahead);
    // Listed by when it arrived, not at the top for the next two hours.
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: learner })).json();
    expect(mine.results.every((s: { submitted_at: string }) => Date.parse(s.submitted_at) <= Date.now())).toBe(true);
  });

  it('accepts a score from a phone whose clock runs behind, once the version is older than the gap', async () => {
    const { quizId: older } = await bookWithQuiz('Written last week');
    await t.db.kysely
      .updateTable('quiz_versions')
      .set({ created_at: new Date(Date.now() - 7 * 86_400_000).toISOString() })
      .where('quiz_id', '=', older)
      .execute();
    const behind = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await post(older, { answers: attemptAnswers(QUIZ, 1), completed_at: behind });
    expect(res.statusCode).toBe(201);
    expect(res.json().submitted_at).toBe(behind);
    expect(await clientCompletedAt(res.json().id)).toBe(behind);
  });

  it('refuses a quiz_version past the id range with 400, not a database error', async () => {
    for (const quiz_version of [2_147_483_648, 2 ** 53, 0]) {
      const res = await post(quizId, { answers: attemptAnswers(QUIZ, 1), quiz_version });
      expect(res.statusCode, String(quiz_version)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['quiz_version']);
    }
    expect((await post(quizId, { answers: attemptAnswers(QUIZ, 1), quiz_version: 2_147_483_647 })).json()).toEqual({
      quiz_version: ['This quiz has no such version.'],
    });
  });
});

describe('replays of an attempt', () => {
  it('lowers the attempt ids stored before in another case, but one whose lower-case twin is stored too', async () => {
    const { quizId } = await bookWithQuiz('Stored upper-case');
    const [alone, twinned] = [randomUUID(), randomUUID()];
    const user = (await call(t, 'GET', '/api/accounts/profile/', { token: learner })).json().id as number;
    const row = (client_attempt_id: string) => ({
      user_id: user,
      quiz_id: quizId,
      quiz_title: 'Stored upper-case',
      quiz_version: 1,
      correct_answers: 1,
      total_questions: 4,
      client_attempt_id,
      answers: '[]',
      submitted_at: new Date().toISOString(),
      received_at: new Date().toISOString(),
      client_completed_at: null,
    });
    await t.db.kysely
      .insertInto('quiz_scores')
      .values([row(alone.toUpperCase()), row(twinned.toUpperCase()), row(twinned)])
      .execute();
    await canonicalAttemptIds(t.db.kysely as unknown as Kysely<unknown>);
    const stored = await t.db.kysely.selectFrom('quiz_scores').select('client_attempt_id').where('quiz_id', '=', quizId).execute();
    expect(stored.map((s) => s.client_attempt_id).sort()).toEqual([alone, twinned, twinned.toUpperCase()].sort());
    // The replay in either case finds the one record of the attempt stored alone.
    expect((await post(quizId, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: alone.toUpperCase() })).statusCode).toBe(200);
  });

  it('takes an upper-case copy of a client_attempt_id for the same attempt', async () => {
    const { quizId } = await bookWithQuiz('One form');
    const attempt = randomUUID();
    const first = await post(quizId, { answers: attemptAnswers(QUIZ, 2), client_attempt_id: attempt });
    expect(first.statusCode).toBe(201);
    const upper = await post(quizId, { answers: attemptAnswers(QUIZ, 2), client_attempt_id: attempt.toUpperCase() });
    expect(upper.statusCode).toBe(200);
    expect(upper.json()).toEqual(first.json());
    // Sent upper-case first, it is stored lower-case: the lower-case replay finds it too.
    const shouted = randomUUID().toUpperCase();
    const stored = await post(quizId, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: shouted });
    expect(stored.json().client_attempt_id).toBe(shouted.toLowerCase());
    expect((await post(quizId, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: shouted.toLowerCase() })).statusCode).toBe(200);
    const mine = (await call(t, 'GET', '/api/books/my-scores/?page_size=200', { token: learner })).json();
    const ids = mine.results.map((s: { client_attempt_id: string | null }) => s.client_attempt_id?.toLowerCase());
    expect(ids.filter((id: string | undefined) => id === attempt || id === shouted.toLowerCase())).toHaveLength(2);
  });

  it('answers a replay from the stored record even after the quiz was deleted', async () => {
    const { bookId, quizId } = await bookWithQuiz('Deleted later');
    const body = { answers: attemptAnswers(QUIZ, 2), client_attempt_id: randomUUID() };
    const first = await post(quizId, body);
    expect(first.statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/books/books/${bookId}/quiz/`, { token: su })).statusCode).toBe(204);
    const replay = await post(quizId, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...first.json(), quiz: null });
    // A new attempt at the deleted quiz is still a 404.
    expect((await post(quizId, { answers: attemptAnswers(QUIZ, 2), client_attempt_id: randomUUID() })).statusCode).toBe(404);
  });

  it('answers 409 when the same client_attempt_id is sent for another quiz', async () => {
    const a = await bookWithQuiz('Quiz A');
    const b = await bookWithQuiz('Quiz B');
    const attempt = randomUUID();
    expect((await post(a.quizId, { answers: attemptAnswers(QUIZ, 3), client_attempt_id: attempt })).statusCode).toBe(201);
    const other = await post(b.quizId, { answers: attemptAnswers(QUIZ, 1), client_attempt_id: attempt });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'This client_attempt_id was already used for an attempt at another quiz. Start a new attempt with a new id.' });
    const mine = (await call(t, 'GET', '/api/books/my-scores/?page_size=200', { token: learner })).json();
    expect(mine.results.filter((s: { client_attempt_id: string }) => s.client_attempt_id === attempt)).toEqual([
      expect.objectContaining({ quiz: a.quizId, correct_answers: 3 }),
    ]);
  });

  it('lets another user use the same client_attempt_id for their own attempt', async () => {
    const { quizId } = await bookWithQuiz('Shared id');
    await createUser(t, { email: 'second@x.example' });
    const second = (await login(t, 'second@x.example')).access;
    const attempt = randomUUID();
    expect((await post(quizId, { answers: attemptAnswers(QUIZ, 3), client_attempt_id: attempt })).statusCode).toBe(201);
    const theirs = await post(quizId, { answers: attemptAnswers(QUIZ, 0), client_attempt_id: attempt }, second);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({ correct_answers: 0 });
  });
});

describe('quiz data written elsewhere is stored in one normal form', () => {
  const explained = { ...matchTheFollowing, explanation: 'The Veress needle makes the pneumoperitoneum.' };
  const pairsAsLists = matchTheFollowing.answer.map(({ left, right }) => [left, right]);
  const matchQuiz = [{ ...explained, answer: pairsAsLists }];
  const normal = [explained];

  it('stores [left, right] pairs and a JSON-text quiz_data as {left, right} objects, and grades pair answers', async () => {
    const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'Pairs' } })).json();
    const saved = await call(t, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: JSON.stringify(matchQuiz) } });
    expect(saved.statusCode).toBe(201);
    expect(JSON.parse(saved.json().quiz_data)).toEqual(normal);
    const detail = (await call(t, 'GET', `/api/books/books/${book.id}/`, { token: learner })).json();
    expect(JSON.parse(detail.quiz.quiz_data)).toEqual(normal);

    const attempt = randomUUID();
    const res = await post(saved.json().id, {
      client_attempt_id: attempt,
      answers: [{ questionId: matchTheFollowing.id, answer: pairsAsLists, status: 'answered' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ correct_answers: 1, total_questions: 1 });
    const stored = await t.db.kysely.selectFrom('quiz_scores').select('answers').where('client_attempt_id', '=', attempt).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.answers!)).toEqual([{ questionId: matchTheFollowing.id, answer: matchTheFollowing.answer, status: 'answered' }]);
  });
});
