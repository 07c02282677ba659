/**
 * Spaced review (issue 36) against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the cards a score makes, idempotent event batches, two devices' events
 * folded as the contract folds them, ownership, retired cards, validation, and the migration
 * that makes cards from the scores a database already holds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAnswer } from '../../src/contract/quiz';
import { foldCard, questionFingerprint, reviewCardsPageSchema, type ReviewCard } from '../../src/contract/review';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseMigratedTo, insertLearnerAndQuiz } from '../helpers/migrated-to';
import { matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice, wrongChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let quiz: number;
let book: number;
let otherQuiz: number;
let otherBook: number;
let su: number;

beforeAll(async () => {
  t = await createTestApp();
  su = (await createUser(t, { email: 'su@review.example', superuser: true })).id;
  for (const [key, i] of [
    ['ravi', 1],
    ['zara', 2],
    ['edit', 3],
  ] as const) {
    await createUser(t, { email: `${key}@review.example` });
    tokens[key] = (await login(t, `${key}@review.example`, undefined, `10.0.1.${i}`)).access;
  }
  book = await t.app.repos.books.create({ title: 'Laparoscopic cholecystectomy', author: '', description: '', cover_image_url: '' }, su);
  quiz = (await t.app.repos.quizzes.saveNewVersion(book, 'Cholecystectomy quiz', QUIZ, su)).quiz.id;
  otherBook = await t.app.repos.books.create({ title: 'Suturing', author: '', description: '', cover_image_url: '' }, su);
  otherQuiz = (await t.app.repos.quizzes.saveNewVersion(otherBook, 'Suturing quiz', QUIZ, su)).quiz.id;
  // Written days ago, so attempts completed hours ago (offline) are accepted.
  await t.db.kysely
    .updateTable('quiz_versions')
    .set({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() })
    .execute();
});
afterAll(() => t.close());

/** Every question right except those in `missed` (answered wrong) and `skipped`. */
function answers(missed: readonly (string | number)[], skipped: readonly (string | number)[] = []): UserAnswer[] {
  return QUIZ.map((q): UserAnswer => {
    if (skipped.includes(q.id)) return { questionId: q.id, answer: null, status: 'skipped' };
    if (!missed.includes(q.id)) return { questionId: q.id, answer: q.answer, status: 'answered' };
    const wrong =
      q.type === 'single-choice'
        ? wrongChoice
        : q.type === 'match-the-following'
          ? [...q.answer].reverse()
          : q.type === 'reorder'
            ? [...q.answer].reverse()
            : ['5 mm'];
    return { questionId: q.id, answer: wrong, status: 'answered' };
  });
}

const submit = (token: string, quizId: number, given: UserAnswer[], completedAt?: string) =>
  call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
    token,
    body: { answers: given, client_attempt_id: randomUUID(), ...(completedAt ? { completed_at: completedAt } : {}) },
  });

async function deck(token: string, query = ''): Promise<ReviewCard[]> {
  const res = await call(t, 'GET', `/api/review/cards/${query}`, { token });
  expect(res.statusCode).toBe(200);
  return reviewCardsPageSchema.parse(res.json()).results;
}

const event = (question: string, rating: 'again' | 'hard' | 'good', reviewedAt: string, quizId = quiz, id: string = randomUUID()) => ({
  client_event_id: id,
  quiz: quizId,
  question,
  rating,
  reviewed_at: reviewedAt,
});
const send = (token: string | undefined, events: unknown[]) => call(t, 'POST', '/api/review/events/', { token, body: { events } });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('cards from scores', () => {
  it('a score with two wrong answers makes two cards; a later attempt missing one again makes no duplicate', async () => {
    const completed = minutesAgo(120);
    expect((await submit(tokens.ravi!, quiz, answers([singleChoice.id, reorder.id]), completed)).statusCode).toBe(201);
    let cards = await deck(tokens.ravi!);
    expect(cards.map((c) => [c.quiz, c.question])).toEqual([
      [quiz, '4'],
      [quiz, 'q1'],
    ]);
    expect(cards[1]).toMatchObject({
      book,
      book_title: 'Laparoscopic cholecystectomy',
      created_at: completed,
      missed_version: 1,
      fingerprint: questionFingerprint(singleChoice),
      retired: false,
      events: [],
      state: { due: completed, state: 'new', reps: 0 },
    });

    // Missing q1 again (and skipping q2): q1 keeps its first miss, q2 is new.
    expect((await submit(tokens.ravi!, quiz, answers([singleChoice.id], [multipleChoice.id]))).statusCode).toBe(201);
    cards = await deck(tokens.ravi!);
    expect(cards.map((c) => c.question)).toEqual(['4', 'q1', 'q2'].sort());
    expect(cards.find((c) => c.question === 'q1')!.created_at).toBe(completed);
    const rows = await t.db.kysely
      .selectFrom('review_cards')
      .select('question_id')
      .where('quiz_id', '=', quiz)
      .where('user_id', '=', (await me(tokens.ravi!)).id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('a replayed attempt adds no card, and an attempt with everything right none', async () => {
    const id = randomUUID();
    const body = { answers: answers([matchTheFollowing.id]), client_attempt_id: id };
    expect((await call(t, 'POST', `/api/books/quizzes/${otherQuiz}/scores/`, { token: tokens.zara, body })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/books/quizzes/${otherQuiz}/scores/`, { token: tokens.zara, body })).statusCode).toBe(200);
    expect((await submit(tokens.zara!, otherQuiz, answers([]))).statusCode).toBe(201);
    expect((await deck(tokens.zara!)).map((c) => [c.quiz, c.question])).toEqual([[otherQuiz, '3']]);
  });

  it('scores written together (one group commit) each make their own cards, a replay in the same burst none', async () => {
    const burst = [];
    for (let i = 0; i < 4; i++) {
      await createUser(t, { email: `burst${i}@review.example` });
      burst.push((await login(t, `burst${i}@review.example`, undefined, `10.0.2.${i}`)).access);
    }
    const replayed = { answers: answers([reorder.id]), client_attempt_id: randomUUID() };
    const results = await Promise.all([
      ...burst.map((token, i) => submit(token, quiz, answers(i % 2 ? [singleChoice.id] : [reorder.id, multipleChoice.id]))),
      call(t, 'POST', `/api/books/quizzes/${quiz}/scores/`, { token: burst[0], body: replayed }),
      call(t, 'POST', `/api/books/quizzes/${quiz}/scores/`, { token: burst[0], body: replayed }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201, 201, 201, 201, 201]);
    for (const [i, token] of burst.entries()) expect((await deck(token)).map((c) => c.question)).toEqual(i % 2 ? ['q1'] : ['4', 'q2']);
  });
});

async function me(token: string): Promise<{ id: number }> {
  return (await call(t, 'GET', '/api/accounts/profile/', { token })).json();
}

describe('POST /api/review/events/', () => {
  it('stores a batch sent twice once, answering the same accepted ids', async () => {
    const batch = [event('q1', 'again', minutesAgo(60)), event('4', 'good', minutesAgo(59))];
    const first = await send(tokens.ravi, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: batch.map((e) => e.client_event_id) });
    const again = await send(tokens.ravi, batch);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const stored = await t.db.kysely
      .selectFrom('review_events')
      .select('client_event_id')
      .where(
        'client_event_id',
        'in',
        batch.map((e) => e.client_event_id),
      )
      .execute();
    expect(stored).toHaveLength(2);
    // The same event twice in one batch, in upper case: one row.
    const id = randomUUID();
    const twice = await send(tokens.ravi, [event('q2', 'hard', minutesAgo(58), quiz, id), event('q2', 'hard', minutesAgo(58), quiz, id.toUpperCase())]);
    expect(twice.json()).toEqual({ accepted: [id] });
    expect(await t.db.kysely.selectFrom('review_events').select('id').where('client_event_id', '=', id).execute()).toHaveLength(1);
  });

  it("keeps two devices' events (distinct ids) and folds them as the contract does, whatever order they arrived in", async () => {
    const laptop = [event('4', 'again', minutesAgo(50)), event('4', 'good', minutesAgo(30))];
    const phone = [event('4', 'hard', minutesAgo(40)), event('4', 'good', minutesAgo(20))];
    expect((await send(tokens.ravi, phone)).statusCode).toBe(200);
    expect((await send(tokens.ravi, laptop)).statusCode).toBe(200);
    const card = (await deck(tokens.ravi!)).find((c) => c.question === '4')!;
    expect(card.events).toHaveLength(5);
    expect(card.state).toEqual(foldCard(card.created_at, card.events));
    expect(card.state.reps).toBe(5);
    expect(Date.parse(card.state.due)).toBeGreaterThan(Date.now());
    // The stored times are the instants sent, whatever offset they were sent in.
    expect(card.events.map((e) => e.reviewed_at)).toEqual(expect.arrayContaining([...laptop, ...phone].map((e) => e.reviewed_at)));
  });

  it("refuses a whole batch with an event for a question the learner never missed, or another learner's card", async () => {
    const fine = event('q1', 'good', minutesAgo(10));
    // q3 of quiz: Ravi answered it right every time. otherQuiz's '3' is Zara's card, not his.
    for (const stranger of [event('3', 'good', minutesAgo(10)), event('3', 'good', minutesAgo(10), otherQuiz)]) {
      const res = await send(tokens.ravi, [fine, stranger]);
      expect(res.statusCode).toBe(400);
      expect(res.json().events[0]).toMatch(/no review card for question 3 of quiz/);
    }
    expect(await t.db.kysely.selectFrom('review_events').select('id').where('client_event_id', '=', fine.client_event_id).execute()).toEqual([]);
    // Zara's deck has no trace of Ravi's events, and Ravi's none of Zara's cards.
    expect((await deck(tokens.zara!)).flatMap((c) => c.events)).toEqual([]);
    expect((await deck(tokens.ravi!)).every((c) => c.quiz === quiz)).toBe(true);
  });

  it('refuses a review dated more than five minutes in the future, a bad rating and an empty batch', async () => {
    const future = await send(tokens.ravi, [event('q1', 'good', new Date(Date.now() + 10 * 60_000).toISOString())]);
    expect(future.statusCode).toBe(400);
    expect(future.json().events[0]).toMatch(/clock skew/);
    // Within the skew a device's clock ahead is accepted.
    expect((await send(tokens.ravi, [event('q1', 'good', new Date(Date.now() + 2 * 60_000).toISOString())])).statusCode).toBe(200);
    for (const body of [
      { events: [] },
      { events: [{ ...event('q1', 'good', minutesAgo(1)), rating: 'easy' }] },
      { events: [{ ...event('q1', 'good', minutesAgo(1)), reviewed_at: 'yesterday' }] },
      {},
    ]) {
      const res = await call(t, 'POST', '/api/review/events/', { token: tokens.ravi, body });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).length).toBeGreaterThan(0);
    }
  });

  it('answers 401 to anonymous requests', async () => {
    expect((await send(undefined, [event('q1', 'good', minutesAgo(1))])).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/review/cards/')).statusCode).toBe(401);
  });
});

describe('GET /api/review/cards/', () => {
  it('filters by book and retires a card once a new quiz version changes or removes its question', async () => {
    const editQuiz = (await t.app.repos.quizzes.saveNewVersion(otherBook, 'Suturing quiz', QUIZ, su)).quiz.id;
    expect(editQuiz).toBe(otherQuiz);
    expect((await submit(tokens.edit!, quiz, answers([singleChoice.id, multipleChoice.id, reorder.id]))).statusCode).toBe(201);
    expect((await submit(tokens.edit!, otherQuiz, answers([singleChoice.id]))).statusCode).toBe(201);
    expect((await deck(tokens.edit!, `?book=${otherBook}`)).map((c) => c.quiz)).toEqual([otherQuiz]);
    expect((await deck(tokens.edit!, `?book=${book}`)).map((c) => c.question)).toEqual(['4', 'q1', 'q2']);

    // Version 2: q1's answer changes, q2 is removed, reorder only moves.
    const changed = [reorder, { ...singleChoice, options: [...singleChoice.options], answer: 'N2O' }, matchTheFollowing];
    await t.app.repos.quizzes.saveNewVersion(book, 'Cholecystectomy quiz', changed, su);
    const cards = await deck(tokens.edit!, `?book=${book}`);
    expect(Object.fromEntries(cards.map((c) => [c.question, c.retired]))).toEqual({ '4': false, q1: true, q2: true });
    expect(cards.every((c) => c.missed_version === 1)).toBe(true);
  });

  it('answers 404 past the last page and 400 to a malformed book', async () => {
    expect((await call(t, 'GET', '/api/review/cards/?page=2', { token: tokens.ravi })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/review/cards/?book=x', { token: tokens.ravi })).statusCode).toBe(400);
  });
});

describe('migration 013-review', () => {
  it('makes the cards of the scores a database already holds, the first miss winning', async () => {
    const { db, close } = await databaseMigratedTo('012-progress');
    try {
      const at = (minute: number) => `2026-02-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
      const { user, book: oldBook, quiz: oldQuiz } = await insertLearnerAndQuiz(db, at(0), QUIZ);
      // Stored newest first: the migration still takes the earliest miss of q1.
      for (const [given, minute] of [
        [answers([singleChoice.id]), 9],
        [answers([singleChoice.id, reorder.id]), 5],
        [null, 7],
      ] as const)
        await db.kysely
          .insertInto('quiz_scores')
          .values({
            user_id: user.id,
            quiz_id: oldQuiz.id,
            quiz_title: 'Old quiz',
            quiz_version: 1,
            correct_answers: 2,
            total_questions: 4,
            client_attempt_id: null,
            answers: given && JSON.stringify(given),
            submitted_at: at(minute),
            received_at: at(minute + 1),
            client_completed_at: null,
          })
          .execute();
      expect(await migrateToLatest(db)).toContain('013-review');
      const cards = await db.kysely.selectFrom('review_cards').selectAll().orderBy('question_id').execute();
      expect(cards).toEqual([
        {
          user_id: user.id,
          quiz_id: oldQuiz.id,
          question_id: '4',
          book_id: oldBook.id,
          created_at: at(5),
          missed_version: 1,
          fingerprint: questionFingerprint(reorder),
        },
        {
          user_id: user.id,
          quiz_id: oldQuiz.id,
          question_id: 'q1',
          book_id: oldBook.id,
          created_at: at(5),
          missed_version: 1,
          fingerprint: questionFingerprint(singleChoice),
        },
      ]);
    } finally {
      await close();
    }
  });
});
