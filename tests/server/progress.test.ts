/**
 * Issue 35 on the server: reading events, assignments, my-progress and my-assignments, the
 * organization's progress view, a member's detail and the CSV export. Hand-made fixtures: one
 * book with two chapters and a quiz of four questions (pass mark 70 %: 3 of 4 passes), one book
 * with one chapter and no quiz.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo, insertLearnerAndQuiz } from '../helpers/migrated-to';
import { csvRow, PROGRESS_PAGE_SIZE } from '../../src/contract/progress';
import { migrateToLatest } from '../../server/db/migrate';
import { createRepositories } from '../../server/repositories';
import { attemptAnswers, QUIZ } from '../helpers/quiz-fixture';
import { call, createOrganization, createUser, createTestApp, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let orgId: number;
let otherOrgId: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let surgery: { book: number; chapters: number[]; quiz: number };
let suturing: { book: number; chapter: number };

const people = [
  ['ravi', 'Ravi Kumar', 'member'],
  ['sunil', 'Sunil Rao', 'member'],
  ['zara', 'Zara Ali', 'member'],
  ['admin', 'Admin Anand', 'admin'],
] as const;

async function signIn(key: string, email: string) {
  tokens[key] = (await login(t, email, undefined, `10.0.0.${Object.keys(tokens).length + 1}`)).access;
}

beforeAll(async () => {
  t = await createTestApp();
  const coastal = await createOrganization(t, 'Coastal Medical College', 'owner@coastal.example');
  orgId = coastal.organization.id;
  ids.owner = coastal.owner.id;
  await t.db.kysely.updateTable('users').set({ full_name: 'Owner Olga' }).where('id', '=', ids.owner).execute();
  for (const [key, name, role] of people)
    ids[key] = (await createUser(t, { email: `${key}@coastal.example`, full_name: name, organization: { id: orgId, role } })).id;
  const hill = await createOrganization(t, 'Hill Hospital', 'owner@hill.example');
  otherOrgId = hill.organization.id;
  ids.hillAdmin = (await createUser(t, { email: 'admin@hill.example', full_name: 'Hill Admin', organization: { id: otherOrgId, role: 'admin' } })).id;
  ids.hillMember = (await createUser(t, { email: 'member@hill.example', full_name: 'Hill Member', organization: { id: otherOrgId, role: 'member' } })).id;
  ids.su = (await createUser(t, { email: 'su@institute.example', full_name: 'Staff', superuser: true })).id;
  ids.free = (await createUser(t, { email: 'free@x.example', full_name: 'Free Reader' })).id;

  const book = await t.app.repos.books.create({ title: 'Laparoscopic cholecystectomy', author: '', description: '', cover_image_url: '' }, ids.su);
  const c1 = await t.app.repos.chapters.create(book, { title: 'Ports', order: 1, content_delta: null });
  const c2 = await t.app.repos.chapters.create(book, { title: 'Critical view', order: 2, content_delta: null });
  const { quiz } = await t.app.repos.quizzes.saveNewVersion(book, 'Cholecystectomy quiz', QUIZ, ids.su);
  surgery = { book, chapters: [c1.id, c2.id], quiz: quiz.id };
  const book2 = await t.app.repos.books.create({ title: 'Suturing, "basic"', author: '', description: '', cover_image_url: '' }, ids.su);
  suturing = { book: book2, chapter: (await t.app.repos.chapters.create(book2, { title: 'Knots', order: 1, content_delta: null })).id };

  await signIn('owner', 'owner@coastal.example');
  for (const [key] of people) await signIn(key, `${key}@coastal.example`);
  await signIn('hillAdmin', 'admin@hill.example');
  await signIn('hillMember', 'member@hill.example');
  await signIn('su', 'su@institute.example');
  await signIn('free', 'free@x.example');
});
afterAll(() => t.close());

const read = (token: string, events: { chapter: number; read_at?: string; id?: string }[]) =>
  call(t, 'POST', '/api/books/reading/', {
    token,
    body: { events: events.map((e) => ({ client_event_id: e.id ?? randomUUID(), chapter: e.chapter, read_at: e.read_at ?? new Date().toISOString() })) },
  });
const score = (token: string, correct: number) =>
  call(t, 'POST', `/api/books/quizzes/${surgery.quiz}/scores/`, { token, body: { answers: attemptAnswers(QUIZ, correct), client_attempt_id: randomUUID() } });
const myProgress = async (token: string) => (await call(t, 'GET', '/api/books/my-progress/', { token })).json();
const assignmentsUrl = (org = orgId) => `/api/accounts/organizations/${org}/assignments/`;
const progressUrl = (org = orgId, query = '') => `/api/accounts/organizations/${org}/progress/${query}`;

describe('POST /api/books/reading/', () => {
  it('takes a batch, keeps the first read of each chapter, and ignores chapters that do not exist', async () => {
    const known = randomUUID();
    const unknown = randomUUID().toUpperCase();
    const res = await read(tokens.free!, [
      { id: known, chapter: surgery.chapters[0]!, read_at: '2026-03-01T10:00:00+05:30' },
      { id: unknown, chapter: 999_999 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: [known], ignored: [unknown.toLowerCase()] });
    expect(await myProgress(tokens.free!)).toEqual([
      {
        book: surgery.book,
        chapters_read: 1,
        chapter_count: 2,
        read_chapters: [surgery.chapters[0]],
        attempts: 0,
        best_percentage: null,
        last_activity: '2026-03-01T04:30:00.000Z',
      },
    ]);
  });

  it('changes nothing when the same batch comes twice, or the same chapter from a second device later', async () => {
    const batch = [{ id: randomUUID(), chapter: surgery.chapters[1]!, read_at: '2026-03-02T08:00:00Z' }];
    expect((await read(tokens.free!, batch)).statusCode).toBe(200);
    const before = await myProgress(tokens.free!);
    const again = await read(tokens.free!, batch);
    expect(again.json()).toEqual({ accepted: [batch[0]!.id], ignored: [] });
    expect((await read(tokens.free!, [{ chapter: surgery.chapters[1]!, read_at: '2026-03-05T08:00:00Z' }])).statusCode).toBe(200);
    expect(await myProgress(tokens.free!)).toEqual(before);
    expect(before[0]).toMatchObject({ chapters_read: 2, read_chapters: surgery.chapters });
  });

  it('keeps the earliest time when another device read the chapter before', async () => {
    await read(tokens.zara!, [{ chapter: suturing.chapter, read_at: '2026-04-10T00:00:00Z' }]);
    await read(tokens.zara!, [
      { chapter: suturing.chapter, read_at: '2026-04-01T00:00:00Z' },
      { chapter: suturing.chapter, read_at: '2026-04-03T00:00:00Z' },
    ]);
    const detail = await t.app.repos.progress.readChapters(ids.zara!, [suturing.book]);
    expect(detail.get(suturing.book)).toEqual([{ chapter_id: suturing.chapter, first_read_at: '2026-04-01T00:00:00.000Z' }]);
    await t.db.kysely.deleteFrom('chapter_reads').where('user_id', '=', ids.zara!).execute();
  });

  it('counts a read time in the future as the time it arrived', async () => {
    const before = Date.now();
    await read(tokens.hillMember!, [{ chapter: suturing.chapter, read_at: '2099-01-01T00:00:00Z' }]);
    const [progress] = await myProgress(tokens.hillMember!);
    expect(Date.parse(progress.last_activity)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(progress.last_activity)).toBeLessThanOrEqual(Date.now());
    await t.db.kysely.deleteFrom('chapter_reads').where('user_id', '=', ids.hillMember!).execute();
  });

  it('refuses anonymous callers and malformed batches', async () => {
    expect((await call(t, 'POST', '/api/books/reading/', { body: { events: [] } })).statusCode).toBe(401);
    for (const body of [{ events: [] }, { events: [{ client_event_id: 'x', chapter: 1, read_at: 'now' }] }, {}]) {
      const res = await call(t, 'POST', '/api/books/reading/', { token: tokens.free!, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/books/my-progress/', () => {
  it('counts quiz attempts and the best score with the chapters read, and follows a chapter deleted', async () => {
    expect((await score(tokens.free!, 2)).statusCode).toBe(201);
    expect((await score(tokens.free!, 3)).statusCode).toBe(201);
    expect((await score(tokens.free!, 1)).statusCode).toBe(201);
    const [progress] = await myProgress(tokens.free!);
    expect(progress).toMatchObject({ book: surgery.book, chapters_read: 2, chapter_count: 2, attempts: 3, best_percentage: 75 });

    const extra = await t.app.repos.chapters.create(surgery.book, { title: 'Closure', order: 3, content_delta: null });
    await read(tokens.free!, [{ chapter: extra.id }]);
    expect((await myProgress(tokens.free!))[0]).toMatchObject({ chapters_read: 3, chapter_count: 3 });
    await t.app.repos.chapters.delete(surgery.book, extra.id);
    expect((await myProgress(tokens.free!))[0]).toMatchObject({ chapters_read: 2, chapter_count: 2, read_chapters: surgery.chapters });
  });

  it('lists a book begun with the quiz alone, and nothing for someone who began nothing', async () => {
    expect((await score(tokens.sunil!, 1)).statusCode).toBe(201);
    expect(await myProgress(tokens.sunil!)).toEqual([
      { book: surgery.book, chapters_read: 0, chapter_count: 2, read_chapters: [], attempts: 1, best_percentage: 25, last_activity: expect.any(String) },
    ]);
    expect(await myProgress(tokens.zara!)).toEqual([]);
  });
});

describe('the per-book figures stay exact', () => {
  it('counts every score of a burst sent at once, and stamps the last sync with the score’s receipt', async () => {
    const key = 'burst';
    await createUser(t, { email: 'burst@x.example', full_name: 'Burst' });
    await signIn(key, 'burst@x.example');
    const answers = await Promise.all([1, 2, 3, 4, 2, 1].map((correct) => score(tokens[key]!, correct)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const replay = await call(t, 'POST', `/api/books/quizzes/${surgery.quiz}/scores/`, {
      token: tokens[key],
      body: { answers: attemptAnswers(QUIZ, 4), client_attempt_id: answers[3]!.json().client_attempt_id },
    });
    expect(replay.statusCode).toBe(200);
    expect((await myProgress(tokens[key]!))[0]).toMatchObject({ attempts: 6, best_percentage: 100 });
    const user = await t.app.repos.users.findByEmail('burst@x.example');
    const [member] = await t.db.kysely.selectFrom('learner_sync').selectAll().where('user_id', '=', user!.id).execute();
    expect(member!.last_synced_at).toBe(
      answers
        .map((a) => a.json().received_at as string)
        .sort()
        .at(-1),
    );
  });

  it('drops the attempts of a quiz deleted, and counts only the new quiz’s after', async () => {
    const book = await t.app.repos.books.create({ title: 'Short lived', author: '', description: '', cover_image_url: '' }, ids.su!);
    const chapter = await t.app.repos.chapters.create(book, { title: 'Only', order: 1, content_delta: null });
    const first = (await t.app.repos.quizzes.saveNewVersion(book, 'First', QUIZ, ids.su!)).quiz.id;
    await read(tokens.hillMember!, [{ chapter: chapter.id }]);
    const post = (quiz: number, correct: number) =>
      call(t, 'POST', `/api/books/quizzes/${quiz}/scores/`, { token: tokens.hillMember, body: { answers: attemptAnswers(QUIZ, correct) } });
    expect((await post(first, 4)).statusCode).toBe(201);
    const progressOf = async () => (await myProgress(tokens.hillMember!)).find((p: { book: number }) => p.book === book);
    expect(await progressOf()).toMatchObject({ chapters_read: 1, attempts: 1, best_percentage: 100 });
    await t.app.repos.quizzes.deleteByBook(book);
    expect(await progressOf()).toMatchObject({ chapters_read: 1, attempts: 0, best_percentage: null });
    const second = (await t.app.repos.quizzes.saveNewVersion(book, 'Second', QUIZ, ids.su!)).quiz.id;
    expect((await post(second, 2)).statusCode).toBe(201);
    expect(await progressOf()).toMatchObject({ attempts: 1, best_percentage: 50 });
    await t.app.repos.books.delete(book);
    expect(await progressOf()).toBeUndefined();
  });
});

describe('/api/accounts/organizations/:orgId/assignments/', () => {
  const everyone = () => ({ book: surgery.book, to_all: true, due_date: null, note: '  Before the rotation  ' });

  it('lets the owner, an admin and a superuser assign, and nobody else', async () => {
    const refused: [string | undefined, number][] = [
      [undefined, 401],
      [tokens.ravi, 403],
      [tokens.hillAdmin, 403],
      [tokens.free, 403],
    ];
    for (const [token, status] of refused) {
      expect((await call(t, 'POST', assignmentsUrl(), { token, body: everyone() })).statusCode).toBe(status);
      expect((await call(t, 'GET', assignmentsUrl(), { token })).statusCode).toBe(status);
    }
    expect((await call(t, 'GET', assignmentsUrl(), { token: tokens.su })).json()).toEqual([]);
    const created = await call(t, 'POST', assignmentsUrl(), { token: tokens.admin, body: everyone() });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      organization: orgId,
      book: surgery.book,
      book_title: 'Laparoscopic cholecystectomy',
      to_all: true,
      members: [],
      note: 'Before the rotation',
      pass_mark: 70,
      due_date: null,
    });
    ids.toAll = created.json().id;
    const named = await call(t, 'POST', assignmentsUrl(), {
      token: tokens.owner,
      body: { book: suturing.book, to_all: false, members: [ids.sunil, ids.zara], due_date: '2000-01-01', pass_mark: 80 },
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().members.map((m: { full_name: string }) => m.full_name)).toEqual(['Sunil Rao', 'Zara Ali']);
    ids.named = named.json().id;
    expect((await call(t, 'GET', assignmentsUrl(), { token: tokens.su })).json().map((a: { id: number }) => a.id)).toEqual([ids.toAll, ids.named]);
  });

  it('refuses members of another organization, unknown books and inconsistent choices with field errors', async () => {
    const outsider = await call(t, 'POST', assignmentsUrl(), {
      token: tokens.admin,
      body: { book: surgery.book, to_all: false, members: [ids.ravi, ids.hillMember] },
    });
    expect(outsider.statusCode).toBe(400);
    expect(Object.keys(outsider.json())).toEqual(['members']);
    expect(outsider.body).not.toContain('Hill Member');
    const book = await call(t, 'POST', assignmentsUrl(), { token: tokens.admin, body: { book: 999_999, to_all: true } });
    expect(book.statusCode).toBe(400);
    expect(Object.keys(book.json())).toEqual(['book']);
    for (const body of [
      { book: surgery.book, to_all: false },
      { book: surgery.book, to_all: true, members: [ids.ravi] },
      { book: surgery.book, to_all: true, due_date: '31/12/2026' },
    ]) {
      const res = await call(t, 'POST', assignmentsUrl(), { token: tokens.admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('reads, updates and withdraws an assignment of the organization only', async () => {
    const url = `${assignmentsUrl()}${ids.named}/`;
    expect((await call(t, 'GET', url, { token: tokens.owner })).json()).toMatchObject({ id: ids.named, due_date: '2000-01-01' });
    expect((await call(t, 'GET', url, { token: tokens.ravi })).statusCode).toBe(403);
    expect((await call(t, 'GET', `${assignmentsUrl(otherOrgId)}${ids.named}/`, { token: tokens.hillAdmin })).statusCode).toBe(404);
    expect((await call(t, 'PATCH', url, { token: tokens.hillAdmin, body: { note: 'x' } })).statusCode).toBe(403);
    const patched = await call(t, 'PATCH', url, { token: tokens.admin, body: { note: 'Read the knots', members: [ids.sunil] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      note: 'Read the knots',
      due_date: '2000-01-01',
      pass_mark: 80,
      members: [{ id: ids.sunil, full_name: 'Sunil Rao' }],
    });
    expect((await call(t, 'PATCH', url, { token: tokens.admin, body: { members: [ids.hillMember] } })).statusCode).toBe(400);

    const spare = await call(t, 'POST', assignmentsUrl(), { token: tokens.admin, body: { book: suturing.book, to_all: true } });
    const spareUrl = `${assignmentsUrl()}${spare.json().id}/`;
    expect((await call(t, 'DELETE', spareUrl, { token: tokens.ravi })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `${assignmentsUrl(otherOrgId)}${spare.json().id}/`, { token: tokens.hillAdmin })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', spareUrl, { token: tokens.admin })).statusCode).toBe(204);
    expect((await call(t, 'GET', spareUrl, { token: tokens.admin })).statusCode).toBe(404);
  });
});

describe('GET /api/books/my-assignments/ and the statuses', () => {
  const mine = async (key: string) => (await call(t, 'GET', '/api/books/my-assignments/', { token: tokens[key] })).json();

  it('is not started before anything is read, and in progress after one chapter', async () => {
    expect(await mine('ravi')).toEqual([
      {
        id: ids.toAll,
        organization: { id: orgId, name: 'Coastal Medical College' },
        book: surgery.book,
        book_title: 'Laparoscopic cholecystectomy',
        due_date: null,
        note: 'Before the rotation',
        pass_mark: 70,
        chapters_read: 0,
        chapter_count: 2,
        attempts: 0,
        best_percentage: null,
        has_quiz: true,
        status: 'not_started',
      },
    ]);
    await read(tokens.ravi!, [{ chapter: surgery.chapters[0]! }]);
    expect((await mine('ravi'))[0]).toMatchObject({ chapters_read: 1, status: 'in_progress' });
  });

  it('is done with every chapter read and the quiz passed, not before', async () => {
    await read(tokens.ravi!, [{ chapter: surgery.chapters[1]! }]);
    expect((await score(tokens.ravi!, 2)).statusCode).toBe(201);
    expect((await mine('ravi'))[0]).toMatchObject({ chapters_read: 2, attempts: 1, best_percentage: 50, status: 'in_progress' });
    expect((await score(tokens.ravi!, 3)).statusCode).toBe(201);
    expect((await mine('ravi'))[0]).toMatchObject({ attempts: 2, best_percentage: 75, status: 'done' });
  });

  it('is overdue after the due date, and done for a book without a quiz once read', async () => {
    const sunil = await mine('sunil');
    expect(sunil.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [ids.toAll, 'in_progress'],
      [ids.named, 'overdue'],
    ]);
    expect(sunil[1]).toMatchObject({ has_quiz: false, chapter_count: 1, note: 'Read the knots' });
    await read(tokens.sunil!, [{ chapter: suturing.chapter }]);
    expect((await mine('sunil'))[1]).toMatchObject({ chapters_read: 1, status: 'done' });
  });

  it('gives a member who joins later the assignments made to all members, and nothing outside an organization', async () => {
    const late = await createUser(t, { email: 'late@coastal.example', full_name: 'Late Joiner', organization: { id: orgId, role: 'member' } });
    ids.late = late.id;
    await signIn('late', 'late@coastal.example');
    expect((await mine('late')).map((a: { id: number }) => a.id)).toEqual([ids.toAll]);
    expect(await mine('free')).toEqual([]);
    expect(await mine('hillMember')).toEqual([]);
    expect((await call(t, 'GET', '/api/books/my-assignments/')).statusCode).toBe(401);
  });
});

describe('GET /api/accounts/organizations/:orgId/progress/', () => {
  type Row = {
    member: { id: number; full_name: string };
    last_synced: string | null;
    books: { assignment: number; status: string; chapters_read: number; best_percentage: number | null }[];
  };
  const page = async (query = '', token = tokens.admin) => {
    const res = await call(t, 'GET', progressUrl(orgId, query), { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; next: string | null; assignments: { id: number; book_title: string }[]; results: Row[] };
  };

  it('is for the organization’s admins, owner and superusers only', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [tokens.ravi, 403],
      [tokens.hillAdmin, 403],
      [tokens.free, 403],
    ] as const) {
      expect((await call(t, 'GET', progressUrl(), { token })).statusCode).toBe(status);
      expect((await call(t, 'GET', progressUrl(orgId, `${ids.ravi}/`), { token })).statusCode).toBe(status);
      expect((await call(t, 'GET', progressUrl(orgId, '?format=csv'), { token })).statusCode).toBe(status);
    }
    for (const token of [tokens.owner, tokens.admin, tokens.su]) expect((await call(t, 'GET', progressUrl(), { token })).statusCode).toBe(200);
    expect((await call(t, 'GET', progressUrl(999_999), { token: tokens.su })).statusCode).toBe(404);
    expect((await call(t, 'GET', progressUrl(orgId, '?sort=age'), { token: tokens.su })).statusCode).toBe(400);
  });

  it('shows one row per member, the figures per assigned book, and when each last synced', async () => {
    const body = await page();
    expect(body.assignments.map((a) => [a.id, a.book_title])).toEqual([
      [ids.toAll, 'Laparoscopic cholecystectomy'],
      [ids.named, 'Suturing, "basic"'],
    ]);
    expect(body.count).toBe(6);
    expect(body.results.map((r) => r.member.full_name)).toEqual(['Admin Anand', 'Late Joiner', 'Owner Olga', 'Ravi Kumar', 'Sunil Rao', 'Zara Ali']);
    const ravi = body.results.find((r) => r.member.id === ids.ravi)!;
    expect(ravi.books).toEqual([
      {
        assignment: ids.toAll,
        book: surgery.book,
        chapters_read: 2,
        chapter_count: 2,
        attempts: 2,
        best_percentage: 75,
        last_activity: expect.any(String),
        status: 'done',
      },
    ]);
    expect(ravi.last_synced).not.toBeNull();
    const sunil = body.results.find((r) => r.member.id === ids.sunil)!;
    expect(sunil.books.map((b) => [b.assignment, b.status])).toEqual([
      [ids.toAll, 'in_progress'],
      [ids.named, 'done'],
    ]);
    expect(body.results.find((r) => r.member.id === ids.late)!).toMatchObject({ last_synced: null, books: [{ status: 'not_started' }] });
    expect(body.results.find((r) => r.member.id === ids.zara)!.books.map((b) => b.status)).toEqual(['not_started']);
  });

  it('filters by status and sorts worst first', async () => {
    await call(t, 'PATCH', `${assignmentsUrl()}${ids.toAll}/`, { token: tokens.admin, body: { due_date: '2001-01-01' } });
    const overdue = await page('?status=overdue');
    expect(overdue.results.map((r) => r.member.full_name)).toEqual(['Admin Anand', 'Late Joiner', 'Owner Olga', 'Sunil Rao', 'Zara Ali']);
    expect((await page('?status=done')).results.map((r) => r.member.full_name)).toEqual(['Ravi Kumar', 'Sunil Rao']);
    await call(t, 'PATCH', `${assignmentsUrl()}${ids.toAll}/`, { token: tokens.admin, body: { due_date: null } });
    const byStatus = await page('?sort=status');
    expect(byStatus.results.map((r) => r.member.full_name)).toEqual(['Admin Anand', 'Late Joiner', 'Owner Olga', 'Zara Ali', 'Sunil Rao', 'Ravi Kumar']);
    expect((await page('?sort=-status')).results.map((r) => r.member.full_name)).toEqual([
      'Ravi Kumar',
      'Sunil Rao',
      'Admin Anand',
      'Late Joiner',
      'Owner Olga',
      'Zara Ali',
    ]);
    // The database ranks the whole organization; the pass mark is compared as the contract compares it (75 % of 3/4 passes, 76 % does not).
    for (const [passMark, done] of [
      [75, true],
      [76, false],
    ] as const) {
      await call(t, 'PATCH', `${assignmentsUrl()}${ids.toAll}/`, { token: tokens.admin, body: { pass_mark: passMark } });
      expect((await page('?status=done')).results.map((r) => r.member.full_name).includes('Ravi Kumar'), `pass mark ${passMark}`).toBe(done);
      const [ravi] = (await call(t, 'GET', '/api/books/my-assignments/', { token: tokens.ravi })).json();
      expect(ravi.status).toBe(done ? 'done' : 'in_progress');
      const row = (await page('?sort=status')).results.find((r) => r.member.id === ids.ravi)!;
      expect(row.books[0]!.status).toBe(ravi.status);
    }
    await call(t, 'PATCH', `${assignmentsUrl()}${ids.toAll}/`, { token: tokens.admin, body: { pass_mark: 70 } });
    expect((await page('?status=in_progress&sort=-last_synced')).results.map((r) => r.member.full_name)).toEqual(['Sunil Rao']);
    const synced = await page('?sort=-last_synced');
    expect(synced.results.slice(-3).every((r) => r.last_synced === null)).toBe(true);
    expect(synced.results[0]!.last_synced).not.toBeNull();
  });

  it('pages 50 members at a time', async () => {
    const big = await createOrganization(t, 'Big Hospital', 'owner@big.example');
    for (let i = 0; i < PROGRESS_PAGE_SIZE + 2; i++)
      await createUser(t, {
        email: `m${i}@big.example`,
        full_name: `Member ${String(i).padStart(3, '0')}`,
        organization: { id: big.organization.id, role: 'member' },
      });
    const first = await call(t, 'GET', progressUrl(big.organization.id), { token: tokens.su });
    expect(first.json()).toMatchObject({
      count: PROGRESS_PAGE_SIZE + 3,
      next: `/api/accounts/organizations/${big.organization.id}/progress/?page=2`,
      previous: null,
    });
    expect(first.json().results).toHaveLength(PROGRESS_PAGE_SIZE);
    const second = await call(t, 'GET', progressUrl(big.organization.id, '?page=2'), { token: tokens.su });
    expect(second.json().results.map((r: Row) => r.member.full_name)).toEqual(['Member 050', 'Member 051', 'owner']);
    expect((await call(t, 'GET', progressUrl(big.organization.id, '?page=3'), { token: tokens.su })).statusCode).toBe(404);
  });

  it('shows a member’s chapters and attempts per assigned book, and a removed member to nobody', async () => {
    const res = await call(t, 'GET', progressUrl(orgId, `${ids.ravi}/`), { token: tokens.owner });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.member).toEqual({ id: ids.ravi, full_name: 'Ravi Kumar', email: 'ravi@coastal.example', role: 'member' });
    expect(detail.books).toHaveLength(1);
    expect(detail.books[0]).toMatchObject({ assignment: ids.toAll, status: 'done', book_title: 'Laparoscopic cholecystectomy' });
    expect(detail.books[0].chapters.map((c: { title: string; read_at: string | null }) => [c.title, typeof c.read_at])).toEqual([
      ['Ports', 'string'],
      ['Critical view', 'string'],
    ]);
    expect(detail.books[0].attempts.map((a: { score_percentage: number }) => a.score_percentage)).toEqual([50, 75]);
    expect((await call(t, 'GET', progressUrl(orgId, `${ids.hillMember}/`), { token: tokens.owner })).statusCode).toBe(404);
    expect((await call(t, 'GET', progressUrl(otherOrgId, `${ids.ravi}/`), { token: tokens.hillAdmin })).statusCode).toBe(404);

    const membership = await t.app.repos.organizations.findMembershipOfUser(ids.ravi!);
    await t.app.repos.organizations.removeMembership(membership!.id);
    expect((await call(t, 'GET', progressUrl(orgId, `${ids.ravi}/`), { token: tokens.owner })).statusCode).toBe(404);
    const after = await page('', tokens.owner);
    expect(after.count).toBe(5);
    expect(after.results.map((r) => r.member.id)).not.toContain(ids.ravi);
    expect((await page('?status=done', tokens.owner)).results.map((r) => r.member.full_name)).toEqual(['Sunil Rao']);
    const csv = (await call(t, 'GET', progressUrl(orgId, '?format=csv'), { token: tokens.owner })).body;
    expect(csv).not.toContain('Ravi');
  });
});

describe('GET /api/accounts/organizations/:orgId/progress/?format=csv', () => {
  const hostile = ['=HYPERLINK("http://x","y")', '+1', '-2', '@x', 'Dr "Q" Quote', 'Rao, Sunil', 'Two\nLines', 'डॉ. अनीता'];
  let csvOrg: number;

  beforeAll(async () => {
    const org = await createOrganization(t, 'CSV Hospital', 'owner@csv.example');
    csvOrg = org.organization.id;
    for (const [i, name] of hostile.entries())
      ids[`csv${i}`] = (await createUser(t, { email: `h${i}@csv.example`, full_name: name, organization: { id: csvOrg, role: 'member' } })).id;
    await call(t, 'POST', assignmentsUrl(csvOrg), { token: tokens.su, body: { book: surgery.book, to_all: true, due_date: '2099-12-31' } });
    await call(t, 'POST', assignmentsUrl(csvOrg), { token: tokens.su, body: { book: suturing.book, to_all: false, members: [ids.csv7] } });
    const hindi = 'h7@csv.example';
    await signIn('hindi', hindi);
    await read(tokens.hindi!, [{ chapter: surgery.chapters[0]!, read_at: '2026-05-01T09:30:00Z' }]);
  });

  it('streams a UTF-8 file with a byte-order mark, one header row and every member, formulas neutralised', async () => {
    const res = await call(t, 'GET', progressUrl(csvOrg, '?format=csv'), { token: tokens.su });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="progress-organization-${csvOrg}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    const header = csvRow([
      'Member',
      'Email',
      'Role',
      'Last synced',
      ...['Laparoscopic cholecystectomy', 'Suturing, "basic"'].flatMap((b) => [
        `${b} — chapters read`,
        `${b} — attempts`,
        `${b} — best %`,
        `${b} — last activity`,
        `${b} — status`,
      ]),
    ]);
    expect(text.startsWith(header)).toBe(true);
    expect(header).toContain('"Suturing, ""basic"" — chapters read"');
    const body = text.slice(header.length);
    expect(body).toContain(`'=HYPERLINK(""http://x"",""y"")`);
    expect(body).toContain('"\'=HYPERLINK(""http://x"",""y"")",h0@csv.example,member,,0,0,,,Not started,,,,,\r\n');
    for (const line of ["'+1,h1@csv.example", "'-2,h2@csv.example", "'@x,h3@csv.example", '"Dr ""Q"" Quote",', '"Rao, Sunil",', '"Two\nLines",'])
      expect(body, line).toContain(line);
    expect(body).toMatch(/\r\nडॉ\. अनीता,h7@csv\.example,member,\d{4}-\d\d-\d\dT[\d:.]+Z,1,0,,2026-05-01T09:30:00\.000Z,In progress,0,0,,,Not started\r\n/);
    expect(body.split('@csv.example,').length - 1).toBe(hostile.length + 1);
  });
});

describe('migration 012-progress', () => {
  it('counts the scores a database already holds: attempts, best score and last sync per learner and book', async () => {
    const { db, close } = await databaseMigratedTo('011-search');
    try {
      const at = (minute: number) => `2026-02-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
      const { user, book, quiz } = await insertLearnerAndQuiz(db, at(0));
      for (const [correct, minute] of [
        [1, 5],
        [3, 7],
        [2, 9],
      ])
        await db.kysely
          .insertInto('quiz_scores')
          .values({
            user_id: user.id,
            quiz_id: quiz.id,
            quiz_title: 'Old quiz',
            quiz_version: 1,
            correct_answers: correct!,
            total_questions: 4,
            client_attempt_id: null,
            answers: null,
            submitted_at: at(minute!),
            received_at: at(minute! + 1),
            client_completed_at: null,
          })
          .execute();
      expect(await migrateToLatest(db)).toContain('012-progress');
      const progress = await createRepositories(db.kysely, db.dialect).progress.begunBooks(user.id);
      expect(progress.map((p) => ({ ...p, best_ratio: Number(p.best_ratio) }))).toEqual([
        { user_id: user.id, book_id: book.id, chapters_read: 0, attempts: 3, best_ratio: 0.75, last_activity: at(9) },
      ]);
      expect(await db.kysely.selectFrom('learner_sync').selectAll().execute()).toEqual([{ user_id: user.id, last_synced_at: at(10) }]);
    } finally {
      await close();
    }
  });
});
