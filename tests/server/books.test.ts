import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice, wrongChoice } from '../helpers/quiz-fixture';
import { call, createUser, createTestApp, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: { access: string };
let reader: { access: string };
let author: { access: string };
let authorId: number;

const lexical = (text: string, extra: object[] = []) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [{ type: 'text', version: 1, text, format: 0, style: '', mode: 'normal', detail: 0 }],
      },
      ...extra,
    ],
  },
});

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  await createUser(t, { email: 'reader@x.example' });
  authorId = (await createUser(t, { email: 'author@x.example', staff: true })).id;
  su = await login(t, 'su@x.example');
  reader = await login(t, 'reader@x.example');
  author = await login(t, 'author@x.example');
});
afterAll(() => t.close());

async function newBook(title = 'Fundamentals of Laparoscopy', owner?: number) {
  if (owner) return t.app.repos.books.create({ title, author: 'Faculty', description: '', cover_image_url: '' }, owner);
  const res = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { title, author: 'Faculty', description: 'Core skills' } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe('books', () => {
  it('creates a book for a superuser and shows it with owner, chapter count and no quiz', async () => {
    const res = await call(t, 'POST', '/api/books/books/', {
      token: su.access,
      body: { title: '  Hernia Repair ', author: 'Dept. of Surgery', description: 'TAPP and TEP', cover_image_url: 'https://images.example/cover.webp' },
    });
    expect(res.statusCode).toBe(201);
    const book = res.json();
    expect(book).toMatchObject({
      title: 'Hernia Repair',
      author: 'Dept. of Surgery',
      chapter_count: 0,
      quiz: null,
      cover_image_url: 'https://images.example/cover.webp',
    });
    const detail = await call(t, 'GET', `/api/books/books/${book.id}/`, { token: reader.access });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: book.id, owner: expect.any(Number), quiz: null, created_at: expect.any(String) });
  });

  it('requires a title and refuses unsafe cover addresses', async () => {
    const missing = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { author: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ title: ['This field is required.'] });
    const blank = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { title: '   ' } });
    expect(blank.json()).toEqual({ title: ['This field may not be blank.'] });
    for (const cover of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/media/images/not-issued.png', 'ftp://x.example/a.png']) {
      const res = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { title: 'Cover test', cover_image_url: cover } });
      expect(res.statusCode, cover).toBe(400);
      expect(Object.keys(res.json())).toEqual(['cover_image_url']);
    }
  });

  it('refuses mass assignment of the owner', async () => {
    const res = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { title: 'Owned', owner: authorId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ owner: ['Unknown field.'] });
  });

  it('lists books newest first with a paginated answer', async () => {
    await newBook('Older book');
    const newest = await newBook('Newest book');
    const res = await call(t, 'GET', '/api/books/books/', { token: reader.access });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: expect.any(Number), next: null, previous: null });
    expect(body.results[0].id).toBe(newest);
    expect(body.results[0]).toHaveProperty('chapter_count');
  });

  it('answers 404 with a detail for a missing book', async () => {
    const res = await call(t, 'GET', '/api/books/books/999999/', { token: reader.access });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Book not found.' });
  });
});

describe('chapters', () => {
  it('lets the owner add, edit and delete chapters, ordered by order then id', async () => {
    const bookId = await newBook('Owned by author', authorId);
    const base = `/api/books/books/${bookId}/chapters/`;
    const a = await call(t, 'POST', base, { token: author.access, body: { title: 'Port placement', order: 2, content_delta: lexical('Triangulation') } });
    expect(a.statusCode).toBe(201);
    const b = await call(t, 'POST', base, { token: author.access, body: { title: 'Ergonomics', order: 1, content_delta: lexical('Monitor at eye level') } });
    const c = await call(t, 'POST', base, { token: author.access, body: { title: 'Also order 2', order: 2 } });
    expect(c.json().content_delta).toBeNull();
    let list = (await call(t, 'GET', base, { token: reader.access })).json();
    expect(list.results.map((r: { title: string }) => r.title)).toEqual(['Ergonomics', 'Port placement', 'Also order 2']);
    expect(list.results[0].content_delta).toEqual(lexical('Monitor at eye level'));

    const patched = await call(t, 'PATCH', `${base}${a.json().id}/`, { token: author.access, body: { order: 0 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Port placement', order: 0 });
    const put = await call(t, 'PUT', `${base}${b.json().id}/`, {
      token: author.access,
      body: { title: 'Ergonomics and set-up', order: 5, content_delta: lexical('Table height') },
    });
    expect(put.json()).toMatchObject({ title: 'Ergonomics and set-up', order: 5 });
    const del = await call(t, 'DELETE', `${base}${c.json().id}/`, { token: author.access });
    expect(del.statusCode).toBe(204);
    list = (await call(t, 'GET', base, { token: reader.access })).json();
    expect(list.results.map((r: { title: string }) => r.title)).toEqual(['Port placement', 'Ergonomics and set-up']);
    expect((await call(t, 'GET', `/api/books/books/${bookId}/`, { token: reader.access })).json().chapter_count).toBe(2);
  });

  it('validates title and order like the chapter modal', async () => {
    const bookId = await newBook();
    const base = `/api/books/books/${bookId}/chapters/`;
    const res = await call(t, 'POST', base, { token: su.access, body: { title: '', order: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: ['This field may not be blank.'], order: ['Ensure this value is greater than or equal to 0.'] });
    for (const order of ['3', 1.5, true, null, [3]]) {
      const bad = await call(t, 'POST', base, { token: su.access, body: { title: 'Coercion', order } });
      expect(bad.statusCode, JSON.stringify(order)).toBe(400);
    }
    expect((await call(t, 'GET', base, { token: su.access })).json().count).toBe(0);
  });

  it('neutralises unsafe links in stored content, whatever the client sent', async () => {
    const bookId = await newBook();
    const link = (url: string) => ({
      type: 'link',
      version: 1,
      url,
      rel: null,
      target: null,
      title: null,
      direction: 'ltr',
      format: '',
      indent: 0,
      children: [{ type: 'text', version: 1, text: 'click me', format: 0, style: '', mode: 'normal', detail: 0 }],
    });
    const doc = lexical('See', [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [link('javascript:alert(document.cookie)'), link('https://www.sages.org/')],
      },
    ]);
    const res = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, { token: su.access, body: { title: 'Links', order: 0, content_delta: doc } });
    expect(res.statusCode).toBe(201);
    const stored = JSON.stringify(res.json().content_delta);
    expect(stored).not.toContain('javascript:');
    expect(stored).toContain('click me');
    expect(stored).toContain('https://www.sages.org/');
  });

  it('refuses content that is not an editor document, too deep or too large', async () => {
    const bookId = await newBook();
    const url = `/api/books/books/${bookId}/chapters/`;
    const notObject = await call(t, 'POST', url, { token: su.access, body: { title: 'x', order: 0, content_delta: [1, 2] } });
    expect(notObject.json()).toEqual({ content_delta: ['Content must be a JSON object.'] });
    let deep: object = { ops: [] };
    for (let i = 0; i < 100; i++) deep = { root: { type: 'root', children: [deep] } };
    const tooDeep = await call(t, 'POST', url, { token: su.access, body: { title: 'x', order: 0, content_delta: deep } });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().content_delta[0]).toMatch(/nested more than 64/);
    const big = lexical('x'.repeat(2.2 * 1024 * 1024));
    const tooBig = await call(t, 'POST', url, { token: su.access, body: { title: 'x', order: 0, content_delta: big } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().content_delta).toEqual(['Content is larger than 2 MiB.']);
    const huge = await call(t, 'POST', url, { token: su.access, body: { title: 'x', order: 0, content_delta: lexical('y'.repeat(3.5 * 1024 * 1024)) } });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses at save a node type the reader cannot show, and keeps the chapter as it was', async () => {
    const bookId = await newBook();
    const saved = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, {
      token: su.access,
      body: { title: 'Kept', order: 0, content_delta: lexical('Kept') },
    });
    expect(saved.statusCode).toBe(201);
    const table = { type: 'table', version: 1, children: [{ type: 'tablerow', version: 1, children: [] }] };
    const res = await call(t, 'PUT', `/api/books/books/${bookId}/chapters/${saved.json().id}/`, {
      token: su.access,
      body: { title: 'Changed', order: 0, content_delta: lexical('Before', [table]) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ content_delta: ['Content has a node of type "table", which a chapter cannot show.'] });
    const list = (await call(t, 'GET', `/api/books/books/${bookId}/chapters/`, { token: su.access })).json();
    expect(list.results[0]).toMatchObject({ title: 'Kept', content_delta: lexical('Kept') });
  });

  it('answers 404 for a chapter of another book', async () => {
    const one = await newBook('One');
    const two = await newBook('Two');
    const chapter = (await call(t, 'POST', `/api/books/books/${one}/chapters/`, { token: su.access, body: { title: 'c', order: 0 } })).json();
    const res = await call(t, 'PATCH', `/api/books/books/${two}/chapters/${chapter.id}/`, { token: su.access, body: { title: 'moved?' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('quizzes and scores', () => {
  let bookId: number;
  let quizId: number;

  beforeAll(async () => {
    bookId = await newBook('Hernia quiz book');
    const res = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token: su.access, body: { quiz_data: QUIZ } });
    expect(res.statusCode).toBe(201);
    quizId = res.json().id;
  });

  it('shows the quiz on the book as a JSON string', async () => {
    const book = (await call(t, 'GET', `/api/books/books/${bookId}/`, { token: reader.access })).json();
    expect(book.quiz).toMatchObject({ id: quizId, version: 1 });
    expect(JSON.parse(book.quiz.quiz_data)).toEqual(QUIZ);
  });

  it('validates quiz data against the four question types', async () => {
    const cases: [unknown, string][] = [
      [[{ ...singleChoice, answer: 'not an option' }], 'quiz_data'],
      [[singleChoice, { ...multipleChoice, id: singleChoice.id }], 'quiz_data'],
      [[{ ...reorder, answer: reorder.options.slice(1) }], 'quiz_data'],
      [[{ id: 9, type: 'essay', question: 'Describe', answer: 'x' }], 'quiz_data'],
      [[], 'quiz_data'],
    ];
    for (const [data, field] of cases) {
      const res = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, { token: su.access, body: { quiz_data: data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
  });

  it('records a score and answers the record', async () => {
    const res = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: reader.access, body: { answers: attemptAnswers(QUIZ, 3) } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quiz_title: 'Hernia quiz book — Quiz', correct_answers: 3, total_questions: 4, score_percentage: 75 });
  });

  it('never records the same attempt twice', async () => {
    const attempt = randomUUID();
    const body = { answers: attemptAnswers(QUIZ, 2), client_attempt_id: attempt };
    const first = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: reader.access, body });
    const again = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: reader.access, body: { ...body, answers: attemptAnswers(QUIZ, 4) } });
    const racing = await Promise.all([1, 2, 3].map(() => call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: reader.access, body })));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const r of racing) expect(r.json().id).toBe(first.json().id);
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: reader.access })).json();
    expect(mine.results.filter((s: { client_attempt_id: string }) => s.client_attempt_id === attempt)).toHaveLength(1);
  });

  it('grades sent answers itself against the version taken, and keeps old versions', async () => {
    // Right on version 1: the single choice and the multiple choice (in another order); the pairs are shifted by one.
    const shiftedPairs = matchTheFollowing.answer.map((pair, i, all) => ({ left: pair.left, right: all[(i + 1) % all.length]!.right }));
    const answers = [
      { questionId: singleChoice.id, answer: singleChoice.answer, isCorrect: true, status: 'answered' },
      { questionId: multipleChoice.id, answer: [...multipleChoice.answer].reverse(), isCorrect: true, status: 'answered' },
      { questionId: matchTheFollowing.id, answer: shiftedPairs, isCorrect: true, status: 'answered' },
      { questionId: reorder.id, answer: null, isCorrect: false, status: 'skipped' },
    ];
    // A new version changes the single choice's answer; the attempt was made on version 1.
    const v2 = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, {
      token: su.access,
      body: { quiz_data: [{ ...singleChoice, answer: wrongChoice }, multipleChoice, matchTheFollowing, reorder] },
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ id: quizId, version: 2 });
    const res = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
      token: reader.access,
      body: { total_questions: 4, correct_answers: 4, quiz_version: 1, answers, client_attempt_id: randomUUID() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ correct_answers: 2, total_questions: 4, quiz_version: 1, score_percentage: 50 });
    const unknown = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
      token: reader.access,
      body: { answers: [{ questionId: 77, answer: 'x', status: 'answered' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ answers: ['Unknown question ids: 77.'] });
    const noVersion = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: reader.access, body: { quiz_version: 9, answers } });
    expect(noVersion.json()).toEqual({ quiz_version: ['This quiz has no such version.'] });
  });

  it('validates the score payload strictly', async () => {
    const url = `/api/books/quizzes/${quizId}/scores/`;
    const answers = attemptAnswers(QUIZ, 1);
    const bad: [object, string][] = [
      [{ total_questions: 4, correct_answers: 5 }, 'correct_answers'],
      [{ total_questions: 0, correct_answers: 0 }, 'total_questions'],
      [{ total_questions: '4', correct_answers: 1 }, 'total_questions'],
      [{ total_questions: 4, correct_answers: true }, 'correct_answers'],
      [{ total_questions: 4, correct_answers: 1, client_attempt_id: 'not-a-uuid' }, 'client_attempt_id'],
      [{ total_questions: 4, correct_answers: 1, completed_at: '1999-01-01T00:00:00Z' }, 'completed_at'],
      [{ total_questions: 4, correct_answers: 1, completed_at: 'yesterday' }, 'completed_at'],
      [{ total_questions: 4, correct_answers: 1, user: 1 }, 'user'],
    ];
    for (const [fields, field] of bad) {
      const body = { answers, ...fields };
      const res = await call(t, 'POST', url, { token: reader.access, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await call(t, 'POST', '/api/books/quizzes/999999/scores/', { token: reader.access, body: { answers } })).statusCode).toBe(404);
  });

  it('uses completed_at as the submission time and keeps the time received', async () => {
    const completed = new Date(Date.now() - 60_000).toISOString();
    const res = await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, {
      token: reader.access,
      body: { answers: attemptAnswers(QUIZ, 1), quiz_version: 1, completed_at: completed, client_attempt_id: randomUUID() },
    });
    expect(res.json().submitted_at).toBe(completed);
    expect(Date.parse(res.json().received_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lists only the user's own scores, newest first", async () => {
    await createUser(t, { email: 'other-reader@x.example' });
    const other = await login(t, 'other-reader@x.example');
    await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: other.access, body: { answers: attemptAnswers(QUIZ, 4), quiz_version: 1 } });
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: reader.access })).json();
    const theirs = (await call(t, 'GET', '/api/books/my-scores/', { token: other.access })).json();
    expect(theirs.count).toBe(1);
    expect(theirs.results[0]).toMatchObject({ correct_answers: 4, score_percentage: 100, quiz_title: 'Hernia quiz book — Quiz' });
    const times = mine.results.map((s: { submitted_at: string }) => s.submitted_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(mine.results[0])).toEqual(
      expect.arrayContaining(['id', 'quiz_title', 'correct_answers', 'total_questions', 'score_percentage', 'submitted_at']),
    );
  });

  it('keeps quiz history when the book is deleted', async () => {
    const doomed = await newBook('Doomed book');
    const q = (await call(t, 'PUT', `/api/books/books/${doomed}/quiz/`, { token: su.access, body: { quiz_data: QUIZ, title: 'Doomed quiz' } })).json();
    await call(t, 'POST', `/api/books/quizzes/${q.id}/scores/`, { token: reader.access, body: { answers: attemptAnswers(QUIZ, 3) } });
    const del = await call(t, 'DELETE', `/api/books/books/${doomed}/`, { token: su.access });
    expect(del.statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/books/books/${doomed}/`, { token: su.access })).statusCode).toBe(404);
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: reader.access })).json();
    expect(mine.results.find((s: { quiz_title: string }) => s.quiz_title === 'Doomed quiz')).toMatchObject({ correct_answers: 3, quiz: null });
    expect((await call(t, 'POST', `/api/books/quizzes/${q.id}/scores/`, { token: reader.access, body: { answers: attemptAnswers(QUIZ, 3) } })).statusCode).toBe(
      404,
    );
  });

  it('deletes a quiz on request of the owner', async () => {
    const b = await newBook('Quiz to drop', authorId);
    expect((await call(t, 'PUT', `/api/books/books/${b}/quiz/`, { token: author.access, body: { quiz_data: JSON.stringify(QUIZ) } })).statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/books/books/${b}/quiz/`, { token: author.access })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/books/books/${b}/`, { token: author.access })).json().quiz).toBeNull();
    expect((await call(t, 'DELETE', `/api/books/books/${b}/quiz/`, { token: author.access })).statusCode).toBe(404);
  });
});
