/**
 * Score forgery (issue 13, hole 2): the server grades attempts itself. A score without answers
 * is refused; totals in the body that disagree with the answers are never stored; a completion
 * time before the quiz version existed or in the future is refused; a replay is idempotent
 * (also when replays race); a client_attempt_id reused for another quiz is a 409.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../helpers/api-answers';
import { singleChoice, singleChoiceQuiz, wrongChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;
let quizId: number;
let otherQuizId: number;
let versionCreatedAt: number;

// Seven questions, as in the report: 1000/1000 must never be stored for them.
const QUESTIONS = singleChoiceQuiz(7);
const answersWith = (right: number) =>
  QUESTIONS.map((q, i) => ({ questionId: q.id, answer: i < right ? singleChoice.answer : wrongChoice, status: 'answered' as const }));

async function post(body: Record<string, unknown>, quiz = quizId) {
  return call(t, 'POST', `/api/books/quizzes/${quiz}/scores/`, { token, body });
}
async function myScores() {
  const res = await call(t, 'GET', '/api/books/my-scores/?page_size=100', { token });
  return (
    res.json() as {
      results: {
        id: number;
        quiz: number;
        correct_answers: number;
        total_questions: number;
        score_percentage: number;
        client_attempt_id: string | null;
        submitted_at: string;
      }[];
    }
  ).results;
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t, { email: 'author@forgery.example' });
  await createUser(t, { email: 'learner@forgery.example' });
  const book = await t.app.repos.books.create({ title: 'Forgery book', author: '', description: '', cover_image_url: '' }, author.id);
  const other = await t.app.repos.books.create({ title: 'Other book', author: '', description: '', cover_image_url: '' }, author.id);
  versionCreatedAt = Date.now();
  quizId = (await t.app.repos.quizzes.saveNewVersion(book, 'Seven questions', QUESTIONS, author.id)).quiz.id;
  otherQuizId = (await t.app.repos.quizzes.saveNewVersion(other, 'Other quiz', QUESTIONS, author.id)).quiz.id;
  token = (await login(t, 'learner@forgery.example')).access;
});
afterAll(() => t?.close());

describe('scores are graded by the server', () => {
  it('a score without answers is refused, and nothing is stored', async () => {
    const before = (await myScores()).length;
    const res = await post({ total_questions: 1000, correct_answers: 1000 });
    expect(res.statusCode).toBe(400);
    expect(errorShapeProblem(res.json())).toBeNull();
    expect(res.json()).toHaveProperty('answers');
    expect((await myScores()).length).toBe(before);
  });

  it('totals in the body that disagree with the answers are never stored', async () => {
    for (const forged of [
      { total_questions: 1000, correct_answers: 1000 },
      { total_questions: 7, correct_answers: 7 },
      { total_questions: 1, correct_answers: 1 },
    ]) {
      const res = await post({ ...forged, answers: answersWith(2) });
      expect([201, 400]).toContain(res.statusCode);
      if (res.statusCode === 201) expect(res.json()).toMatchObject({ correct_answers: 2, total_questions: 7 });
    }
    const stored = await myScores();
    expect(stored.length).toBeGreaterThan(0);
    for (const score of stored) {
      expect(score.total_questions).toBe(7);
      expect(score.correct_answers).toBeLessThanOrEqual(7);
      expect(score.score_percentage).toBeLessThanOrEqual(100);
    }
    expect(stored.some((s) => s.correct_answers === 1000 || s.correct_answers === 7)).toBe(false);
  });

  it('the answers alone give the server-graded record', async () => {
    const res = await post({ answers: answersWith(7) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ correct_answers: 7, total_questions: 7, score_percentage: 100 });
  });
});

describe('completion times', () => {
  it('a completion before the quiz version existed is refused (1999, and an hour before the version)', async () => {
    for (const completed_at of ['1999-01-01T00:00:00Z', new Date(versionCreatedAt - 3600_000).toISOString()]) {
      const res = await post({ answers: answersWith(3), completed_at, client_attempt_id: randomUUID() });
      expect(res.statusCode, completed_at).toBe(400);
      expect(res.json()).toHaveProperty('completed_at');
    }
    expect((await myScores()).some((s) => s.submitted_at.startsWith('1999'))).toBe(false);
  });

  it('a completion in the future (a phone clock ahead) is recorded at its receipt, never in the future; one just now is kept as sent', async () => {
    const before = Date.now();
    const future = await post({ answers: answersWith(3), completed_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.statusCode).toBe(201);
    const recorded = Date.parse((future.json() as { submitted_at: string }).submitted_at);
    expect(recorded).toBeGreaterThanOrEqual(before - 1000);
    expect(recorded).toBeLessThanOrEqual(Date.now());
    const now = new Date(Date.now() - 1000).toISOString();
    const ok = await post({ answers: answersWith(3), completed_at: now });
    expect(ok.statusCode).toBe(201);
    expect(Date.parse((ok.json() as { submitted_at: string }).submitted_at)).toBe(Date.parse(now));
  });
});

describe('replays', () => {
  it('the same client_attempt_id records once: a replay answers the stored record', async () => {
    const id = randomUUID();
    const first = await post({ answers: answersWith(4), client_attempt_id: id });
    expect(first.statusCode).toBe(201);
    const again = await post({ answers: answersWith(7), client_attempt_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await myScores()).filter((s) => s.client_attempt_id === id)).toHaveLength(1);
  });

  it('20 racing replays of one attempt store it once', async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ answers: answersWith(5), client_attempt_id: id })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    expect((await myScores()).filter((s) => s.client_attempt_id === id)).toHaveLength(1);
  });

  it('the same client_attempt_id sent for another quiz is a 409, and nothing is stored for that quiz', async () => {
    const id = randomUUID();
    expect((await post({ answers: answersWith(1), client_attempt_id: id })).statusCode).toBe(201);
    const res = await post({ answers: answersWith(1), client_attempt_id: id }, otherQuizId);
    expect(res.statusCode).toBe(409);
    expect(errorShapeProblem(res.json())).toBeNull();
    expect((await myScores()).filter((s) => s.quiz === otherQuizId)).toHaveLength(0);
  });
});
