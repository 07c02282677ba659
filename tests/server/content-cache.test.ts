/**
 * Book answers (the list, a book with its quiz, a page of chapters) are kept between requests
 * while the content is unchanged (server/repositories/versioned-cache.ts). Every write must be
 * seen by the next request, whoever made it: here the writes come from a second connection to
 * the same database, as another instance behind the proxy or a command-line script would make
 * them, bypassing this app's repositories.
 */
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { singleChoice, wrongChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let other: Db;
let token: string;
let ownerId: number;

const now = () => new Date().toISOString();
/** A chapter document as the editor saves it: `text`, then enough of a text to be sent compressed. */
const lexical = (text: string) => lexicalDocument(textParagraph(text), textParagraph('Keep the camera port in line with the target. '.repeat(40)));
const get = async (url: string) => {
  const res = await call(t, 'GET', url, { token });
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : undefined };
};

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t, { email: 'su@cache.example', superuser: true })).id;
  token = (await login(t, 'su@cache.example')).access;
  other = openDatabase({ ...t.config, pgSchema: t.db.schema });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function addBookElsewhere(title: string): Promise<number> {
  const row = await other.kysely
    .insertInto('books')
    .values({ title, author: 'Elsewhere', description: '', cover_image_url: '', owner_id: ownerId, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('book answers kept between requests', () => {
  it('GET /api/books/books/ shows a book another instance added at once, with the exact count', async () => {
    await addBookElsewhere('First');
    const before = await get('/api/books/books/');
    expect((await get('/api/books/books/')).body).toEqual(before.body);
    const tag = String((await call(t, 'GET', '/api/books/books/', { token })).headers.etag);
    expect((await call(t, 'GET', '/api/books/books/', { token, headers: { 'if-none-match': tag } })).statusCode).toBe(304);
    await addBookElsewhere('Added by another instance');
    // The client's copy is out of date now: a conditional GET gets the new list, not a 304.
    const conditional = await call(t, 'GET', '/api/books/books/', { token, headers: { 'if-none-match': tag } });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.headers.etag).not.toBe(tag);
    const after = (await get('/api/books/books/')).body;
    expect(after.count).toBe(before.body.count + 1);
    expect(after.results[0].title).toBe('Added by another instance');
  });

  it('the book detail and chapter list show chapters and quizzes written elsewhere at once', async () => {
    const bookId = await addBookElsewhere('Chapters elsewhere');
    const created = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, {
      token,
      body: { title: 'One', order: 1, content_delta: lexical('first words') },
    });
    expect(created.statusCode).toBe(201);
    expect((await get(`/api/books/books/${bookId}/chapters/`)).body.results[0].content_delta).toEqual(lexical('first words'));
    expect((await get(`/api/books/books/${bookId}/`)).body).toMatchObject({ chapter_count: 1, quiz: null });

    const compressed = async () => {
      const res = await call(t, 'GET', `/api/books/books/${bookId}/chapters/`, { token, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString()).results[0].content_delta;
    };
    expect(await compressed()).toEqual(lexical('first words'));
    expect(await compressed()).toEqual(lexical('first words'));

    await other.kysely
      .updateTable('chapters')
      .set({ content_delta: JSON.stringify(lexical('changed elsewhere')) })
      .where('book_id', '=', bookId)
      .execute();
    expect((await get(`/api/books/books/${bookId}/chapters/`)).body.results[0].content_delta).toEqual(lexical('changed elsewhere'));
    // The compressed copy of the earlier answer is not sent again.
    expect(await compressed()).toEqual(lexical('changed elsewhere'));

    await other.kysely
      .insertInto('chapters')
      .values({ book_id: bookId, title: 'Two', order: 2, content_delta: null, created_at: now(), updated_at: now() })
      .execute();
    expect((await get(`/api/books/books/${bookId}/`)).body.chapter_count).toBe(2);
    expect((await get(`/api/books/books/${bookId}/chapters/`)).body.count).toBe(2);

    const quiz = await other.kysely
      .insertInto('quizzes')
      .values({ book_id: bookId, title: 'Quiz elsewhere', current_version: 1, created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await other.kysely.insertInto('quiz_versions').values({ quiz_id: quiz.id, version: 1, quiz_data: '[]', created_by: null, created_at: now() }).execute();
    expect((await get(`/api/books/books/${bookId}/`)).body.quiz).toEqual({ id: quiz.id, title: 'Quiz elsewhere', version: 1, quiz_data: '[]' });
    expect((await get('/api/books/books/')).body.results.find((b: { id: number }) => b.id === bookId).quiz).toEqual({ id: quiz.id });
  });

  it('a book deleted elsewhere is a 404 at once, and leaves the list', async () => {
    const bookId = await addBookElsewhere('Soon gone');
    expect((await get(`/api/books/books/${bookId}/`)).status).toBe(200);
    expect((await get(`/api/books/books/${bookId}/chapters/`)).status).toBe(200);
    const { count } = (await get('/api/books/books/')).body;
    await other.kysely.deleteFrom('books').where('id', '=', bookId).execute();
    expect((await get(`/api/books/books/${bookId}/`)).status).toBe(404);
    expect((await get(`/api/books/books/${bookId}/chapters/`)).status).toBe(404);
    const list = (await get('/api/books/books/')).body;
    expect(list.count).toBe(count - 1);
    expect(list.results.map((b: { id: number }) => b.id)).not.toContain(bookId);
  });

  it("the list's count stays exact through multi-row inserts and deletes", async () => {
    const rows = ['A', 'B', 'C'].map((title) => ({
      title,
      author: '',
      description: '',
      cover_image_url: '',
      owner_id: ownerId,
      created_at: now(),
      updated_at: now(),
    }));
    await other.kysely.insertInto('books').values(rows).execute();
    await other.kysely.deleteFrom('books').where('title', 'in', ['A', 'B']).execute();
    const { count } = await other.kysely
      .selectFrom('books')
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    expect((await get('/api/books/books/')).body.count).toBe(Number(count));
    // Each of those pages is answered too, the last one included.
    const last = Math.ceil(Number(count) / 2);
    expect((await get(`/api/books/books/?page_size=2&page=${last}`)).status).toBe(200);
    expect((await get(`/api/books/books/?page_size=2&page=${last + 1}`)).status).toBe(404);
  });

  it('grades a score against a quiz version written elsewhere at once, and refuses it once the quiz is gone', async () => {
    const bookId = await addBookElsewhere('Quiz changed elsewhere');
    const saved = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token, body: { title: 'Ports', quiz_data: [singleChoice] } });
    expect(saved.statusCode).toBe(201);
    const quizId = saved.json().id as number;
    const submit = () =>
      call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
        token,
        body: { answers: [{ questionId: singleChoice.id, answer: singleChoice.answer, status: 'answered' }], client_attempt_id: crypto.randomUUID() },
      });
    expect((await submit()).json()).toMatchObject({ correct_answers: 1, quiz_version: 1 });

    // Version 2 takes another option as the answer.
    const changed = [{ ...singleChoice, answer: wrongChoice }];
    await other.kysely
      .insertInto('quiz_versions')
      .values({ quiz_id: quizId, version: 2, quiz_data: JSON.stringify(changed), created_by: null, created_at: now() })
      .execute();
    await other.kysely.updateTable('quizzes').set({ current_version: 2 }).where('id', '=', quizId).execute();
    expect((await submit()).json()).toMatchObject({ correct_answers: 0, quiz_version: 2 });

    await other.kysely.deleteFrom('quizzes').where('id', '=', quizId).execute();
    expect((await submit()).statusCode).toBe(404);
  });
});
