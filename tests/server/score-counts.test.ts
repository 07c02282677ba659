/**
 * my-scores counts a user's records from a counter the database keeps with triggers
 * (migrations/005-score-counts.ts), and reads deep pages from whichever end is nearer. The
 * count must stay exact whoever writes (here a second connection, as a script or another
 * instance would), and every page must be a slice of one walk down the list, newest first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { DEEP_PAGE_OFFSET } from '../../server/repositories/books';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let other: Db;
let userId: number;
let otherUserId: number;
let token: string;
let quizTitle = 'Imported quiz';

const score = (user: number, i: number) => ({
  user_id: user,
  quiz_id: null,
  quiz_title: quizTitle,
  quiz_version: null,
  correct_answers: i % 5,
  total_questions: 5,
  client_attempt_id: null,
  answers: null,
  // Some records share a time: the id breaks the tie.
  submitted_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
  received_at: new Date().toISOString(),
});

const page = async (query: string) => {
  const res = await call(t, 'GET', `/api/books/my-scores/?${query}`, { token });
  return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as { count: number; results: { id: number }[] }) : undefined };
};

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t, { email: 'learner@counts.example' })).id;
  otherUserId = (await createUser(t, { email: 'other@counts.example' })).id;
  token = (await login(t, 'learner@counts.example')).access;
  other = openDatabase({ ...t.config, pgSchema: t.db.schema });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

it('counts records written elsewhere, in one statement for two users, and deleted elsewhere', async () => {
  expect((await page('')).body?.count).toBe(0);
  await other.kysely
    .insertInto('quiz_scores')
    .values([...Array.from({ length: 7 }, (_, i) => score(userId, i)), ...Array.from({ length: 4 }, (_, i) => score(otherUserId, i))])
    .execute();
  expect((await page('')).body?.count).toBe(7);
  await other.kysely.deleteFrom('quiz_scores').where('user_id', '=', userId).where('correct_answers', '=', 0).execute();
  const left = await other.kysely.selectFrom('quiz_scores').select('id').where('user_id', '=', userId).execute();
  expect((await page('')).body?.count).toBe(left.length);
  await other.kysely.deleteFrom('quiz_scores').execute();
  expect((await page('')).body?.count).toBe(0);
  expect((await page('page=2')).status).toBe(404);
});

it('answers every page, near the start, the middle and the end, as a slice of one walk down the list', async () => {
  quizTitle = 'Many attempts';
  const total = DEEP_PAGE_OFFSET * 2 + 50;
  await other.kysely
    .insertInto('quiz_scores')
    .values(Array.from({ length: total }, (_, i) => score(userId, i)))
    .execute();
  const expected = (
    await other.kysely.selectFrom('quiz_scores').select('id').where('user_id', '=', userId).orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute()
  ).map((r) => r.id);
  expect(expected).toHaveLength(total);
  const ids = async (query: string) => {
    const { status, body } = await page(query);
    expect(status).toBe(200);
    expect(body!.count).toBe(total);
    return body!.results.map((r) => r.id);
  };
  expect([...(await ids('page_size=200')), ...(await ids('page=2&page_size=200')), ...(await ids('page=3&page_size=200'))]).toEqual(expected);
  for (const n of [29, 30, 31, 45, 58, 60, 64, 65]) expect(await ids(`page=${n}&page_size=7`), `page ${n}`).toEqual(expected.slice((n - 1) * 7, n * 7));
  expect((await page(`page=${Math.ceil(total / 7) + 1}&page_size=7`)).status).toBe(404);
});

it('answers the same slices whichever page sizes came before (a query of its own per size on SQLite, then the shared one)', async () => {
  const expected = (
    await other.kysely.selectFrom('quiz_scores').select('id').where('user_id', '=', userId).orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute()
  ).map((r) => r.id);
  // More sizes and offsets than are given queries of their own (PAGE_VARIANTS, 64), twice over.
  for (const round of [1, 2])
    for (let size = 1; size <= 70; size++) {
      const pageNumber = (size % 3) + 1;
      const { status, body } = await page(`page=${pageNumber}&page_size=${size}`);
      expect(status, `round ${round}, size ${size}`).toBe(200);
      expect(
        body!.results.map((r) => r.id),
        `round ${round}, size ${size}`,
      ).toEqual(expected.slice((pageNumber - 1) * size, pageNumber * size));
    }
});
