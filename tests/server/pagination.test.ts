/**
 * Every list answers DRF's page shape `{count, next, previous, results}`, with `?page=` and
 * `?page_size=`, and a page past the end (or a malformed one) is 404 `{"detail": "Invalid page."}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, QUIZ } from '../helpers/quiz-fixture';
import { call, createOrganization, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;
let emptyToken: string;
let bookId: number;
let orgId: number;
let quizId: number;
const bookIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { organization } = await createOrganization(t, 'Paged Hospital', 'owner@x.example');
  orgId = organization.id;
  for (let i = 1; i <= 4; i++) await createUser(t, { email: `member${i}@x.example`, organization: { id: orgId, role: 'member' } });
  const owner = await t.app.repos.users.findByEmail('owner@x.example');
  for (let i = 1; i <= 5; i++)
    bookIds.push(await t.app.repos.books.create({ title: `Book ${i}`, author: '', description: '', cover_image_url: '' }, owner!.id));
  bookId = bookIds[0]!;
  // Orders deliberately out of insertion order: the list is by order, then id.
  for (const [title, order] of [
    ['Third', 3],
    ['First', 1],
    ['Second', 2],
    ['Also second', 2],
    ['Zeroth', 0],
  ] as const) {
    await t.app.repos.chapters.create(bookId, { title, order, content_delta: null });
  }
  quizId = (await t.app.repos.quizzes.saveNewVersion(bookId, 'Quiz', QUIZ, null)).quiz.id;
  token = (await login(t, 'owner@x.example')).access;
  await createUser(t, { email: 'newcomer@x.example' });
  emptyToken = (await login(t, 'newcomer@x.example')).access;
  for (let i = 0; i < 3; i++) {
    const res = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token, body: { answers: attemptAnswers(QUIZ, i % 2) } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

/** A next/previous link parsed: relative to the server's root unless PUBLIC_URL is set. */
const linkUrl = (link: string) => new URL(link, 'http://link.test');

/** The path and query of a next/previous link, to follow it with inject. */
const relative = (link: string) => {
  const url = linkUrl(link);
  return url.pathname + url.search;
};

describe('page shape', () => {
  it.each<[string, () => string, number]>([
    ['books', () => '/api/books/books/', 5],
    ['chapters', () => `/api/books/books/${bookId}/chapters/`, 5],
    ['members', () => `/api/accounts/organizations/${orgId}/users/`, 5],
    ['my-scores', () => '/api/books/my-scores/', 3],
  ])('%s answers {count, next, previous, results} and walks page by page', async (_name, url, total) => {
    const first = await call(t, 'GET', `${url()}?page_size=2`, { token });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(body.count).toBe(total);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    const next = linkUrl(body.next);
    expect(next.pathname).toBe(url());
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('page_size')).toBe('2');

    const seen = body.results.map((r: { id: number }) => r.id);
    let link: string | null = body.next;
    let pages = 1;
    let previous: string | null = null;
    while (link) {
      const res = await call(t, 'GET', relative(link), { token });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      pages++;
      expect(page.count).toBe(total);
      expect(page.previous).not.toBeNull();
      previous = page.previous;
      seen.push(...page.results.map((r: { id: number }) => r.id));
      link = page.next;
    }
    expect(pages).toBe(Math.ceil(total / 2));
    expect(new Set(seen).size).toBe(total);
    // The last page's previous link leads back one page.
    const back = linkUrl(previous!);
    expect(back.searchParams.get('page_size')).toBe('2');
    expect(back.searchParams.get('page') ?? '1').toBe(String(pages - 1));
  });

  it('the previous link of page 2 is the first page', async () => {
    const res = await call(t, 'GET', '/api/books/books/?page=2&page_size=2', { token });
    const previous = linkUrl(res.json().previous);
    expect(previous.searchParams.get('page') ?? '1').toBe('1');
    const first = await call(t, 'GET', relative(res.json().previous), { token });
    expect(first.json().previous).toBeNull();
    expect(first.json().results).toHaveLength(2);
  });

  it('books are newest first across pages, chapters by order then id', async () => {
    const all = (await call(t, 'GET', '/api/books/books/?page_size=5', { token })).json();
    expect(all.results.map((b: { id: number }) => b.id)).toEqual([...bookIds].reverse());
    const chapters = (await call(t, 'GET', `/api/books/books/${bookId}/chapters/?page=2&page_size=2`, { token })).json();
    expect(chapters.results.map((c: { title: string }) => c.title)).toEqual(['Second', 'Also second']);
  });

  it('a list without parameters is the first page of the default size, with no links', async () => {
    const res = await call(t, 'GET', '/api/books/books/', { token });
    expect(res.json()).toMatchObject({ count: 5, next: null, previous: null });
    expect(res.json().results).toHaveLength(5);
  });

  it('an empty list is one empty page', async () => {
    const res = await call(t, 'GET', '/api/books/my-scores/', { token: emptyToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('invalid pages', () => {
  it.each([
    '/api/books/books/?page=999',
    '/api/books/books/?page=4&page_size=2',
    '/api/books/books/?page=0',
    '/api/books/books/?page=-1',
    '/api/books/books/?page=abc',
    '/api/books/my-scores/?page=2',
    '/api/books/my-scores/?page=999',
  ])('%s → 404 {"detail": "Invalid page."}', async (url) => {
    const res = await call(t, 'GET', url, { token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Invalid page.' });
  });

  it.each<() => string>([() => `/api/books/books/${bookId}/chapters/?page=999`, () => `/api/accounts/organizations/${orgId}/users/?page=999`])(
    'page 999 of chapters and members → 404 Invalid page (%#)',
    async (url) => {
      const res = await call(t, 'GET', url(), { token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
    },
  );

  it('the last page exists; the one after it does not', async () => {
    expect((await call(t, 'GET', '/api/books/books/?page=3&page_size=2', { token })).json()).toMatchObject({ results: [{ id: bookIds[0] }], next: null });
    expect((await call(t, 'GET', '/api/books/books/?page=4&page_size=2', { token })).statusCode).toBe(404);
  });

  it('an invalid page is still a 401 for the anonymous', async () => {
    expect((await call(t, 'GET', '/api/books/books/?page=999')).statusCode).toBe(401);
  });
});

describe('next and previous links never come from the Host header', () => {
  const LISTS = [
    ['books', () => '/api/books/books/'],
    ['chapters', () => `/api/books/books/${bookId}/chapters/`],
    ['members', () => `/api/accounts/organizations/${orgId}/users/`],
    ['my-scores', () => '/api/books/my-scores/'],
  ] as const;

  it.each(LISTS)('%s: relative links whatever Host a client sends, malformed ones included', async (_name, url) => {
    for (const host of ['evil.example', '', 'a b', '[::1', '%', 'x:99999']) {
      const res = await call(t, 'GET', `${url()}?page=2&page_size=1`, { token, headers: { host } });
      expect(res.statusCode, `Host ${JSON.stringify(host)}`).toBe(200);
      expect(res.json()).toMatchObject({ next: `${url()}?page=3&page_size=1`, previous: `${url()}?page_size=1` });
    }
  });

  it('absolute links from PUBLIC_URL when it is set', async () => {
    const site = await createTestApp({ env: { PUBLIC_URL: 'https://learn.institute.example/' } });
    try {
      const owner = await createUser(site, { email: 'owner@site.example' });
      for (let i = 0; i < 3; i++) await site.app.repos.books.create({ title: `B${i}`, author: '', description: '', cover_image_url: '' }, owner.id);
      const access = (await login(site, 'owner@site.example')).access;
      const res = await call(site, 'GET', '/api/books/books/?page=2&page_size=1', { token: access, headers: { host: 'evil.example' } });
      expect(res.json()).toMatchObject({
        next: 'https://learn.institute.example/api/books/books/?page=3&page_size=1',
        previous: 'https://learn.institute.example/api/books/books/?page_size=1',
      });
    } finally {
      await site.close();
    }
  });
});
