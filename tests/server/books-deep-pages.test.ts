/**
 * Deep pages of the books list are read from whichever end of the list is nearer (issue 12:
 * the last page of 10 000 books costs what the first does). Whatever end a page is read
 * from, the client must get the same books in the same order as one walk down the list.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEEP_PAGE_OFFSET } from '../../server/repositories/books';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;
let expected: number[];
const total = DEEP_PAGE_OFFSET * 2 + 50;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t, { email: 'su@x.example', superuser: true });
  token = (await login(t, 'su@x.example')).access;
  await t.app.repos.transaction(async (tx) => {
    for (let i = 0; i < total; i++) await tx.books.create({ title: `Book ${i}`, author: '', description: '', cover_image_url: '' }, owner.id);
  });
  // Newest first, ties (books made in the same millisecond) by id, newest first.
  expected = (await t.db.kysely.selectFrom('books').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
});
afterAll(() => t.close());

const ids = async (query: string) => {
  const res = await call(t, 'GET', `/api/books/books/?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as { count: number; results: { id: number }[] };
  expect(page.count).toBe(total);
  return page.results.map((b) => b.id);
};

it('answers every page, near the start, the middle and the end, as a slice of one walk down the list', async () => {
  expect(expected).toHaveLength(total);
  expect([...(await ids('page_size=200')), ...(await ids('page=2&page_size=200')), ...(await ids('page=3&page_size=200'))]).toEqual(expected);
  for (const page of [29, 30, 31, 45, 58, 60, 64, 65]) {
    expect(await ids(`page=${page}&page_size=7`), `page ${page}`).toEqual(expected.slice((page - 1) * 7, page * 7));
  }
  const last = Math.ceil(total / 7);
  expect((await call(t, 'GET', `/api/books/books/?page=${last + 1}&page_size=7`, { token })).statusCode).toBe(404);
});
