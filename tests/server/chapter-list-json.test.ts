/**
 * The chapter list is written as JSON text with each stored content document spliced in as it
 * is (issue 12: not parsed and serialised again). A client must see exactly what it would see
 * from a serialised object: every chapter equal to the one the write answered, awkward titles
 * and documents included, and the page links as before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chapterSchema } from '../../src/contract/books';
import { pageSchema } from '../../src/contract/fields';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  su = (await login(t, 'su@x.example')).access;
});
afterAll(() => t.close());

const awkward = 'Quotes " and \\ back\\slash, </script>, tab\t, line\u2028separator, emoji 🩺, ünïcödé';
const doc = (text: string) => ({
  root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text, format: 0 }] }] },
});

it('answers each chapter as the write answered it, on every page', async () => {
  const book = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'JSON' } })).json();
  const base = `/api/books/books/${book.id}/chapters/`;
  const written = [];
  for (const [order, title, content] of [
    [1, awkward, doc(awkward)],
    [2, 'Empty', null],
    [3, 'Legacy delta', { ops: [{ insert: 'Quill \u0001 text\n' }] }],
  ] as const) {
    const res = await call(t, 'POST', base, { token: su, body: { title, order, content_delta: content } });
    expect(res.statusCode).toBe(201);
    written.push(res.json());
  }

  const all = await call(t, 'GET', base, { token: su });
  expect(all.statusCode).toBe(200);
  expect(all.headers['content-type']).toBe('application/json; charset=utf-8');
  const page = pageSchema(chapterSchema).parse(all.json());
  expect(page).toEqual({ count: 3, next: null, previous: null, results: written });
  expect(page.results[0]!.content_delta).toEqual(doc(awkward));

  const second = await call(t, 'GET', `${base}?page=2&page_size=1`, { token: su });
  expect(second.json()).toEqual({
    count: 3,
    next: `${base}?page=3&page_size=1`,
    previous: `${base}?page_size=1`,
    results: [written[1]],
  });
  expect((await call(t, 'GET', `${base}?page=4&page_size=1`, { token: su })).statusCode).toBe(404);
});
