/**
 * Who may call what: every protected endpoint of the API against every kind of caller, over
 * real HTTP (app.inject) on a freshly migrated database. Destructive calls get a fresh target
 * per row, and each row checks that a refused call changed nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, QUIZ } from '../helpers/quiz-fixture';
import { call, createOrganization, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

const ACTORS = ['anonymous', 'individual', 'member of A', 'admin of A', 'owner of A', 'admin of B', 'book owner', 'superuser'] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
const tokens = {} as Record<Exclude<Actor, 'anonymous'>, string>;
const ids = {} as Record<Exclude<Actor, 'anonymous'> | 'owner of B', number>;
let orgA: number;
let orgB: number;
let ownBook: number; // owned by "book owner"
let otherBook: number; // owned by the superuser
let quizId: number;
let png: Buffer;
let mp4: Buffer;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

/** A multipart body with one file, as a browser's FormData sends it. */
async function multipart(field: string, data: Buffer, type: string, filename: string) {
  const form = new FormData();
  form.append(field, new Blob([data], { type }), filename);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** An ISO BMFF box. */
function box(type: string, body: Buffer) {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}

const newBook = (owner: number, title = unique('Book')) =>
  t.app.repos.books.create({ title, author: 'Dr. Mishra', description: 'Basics', cover_image_url: '' }, owner);
const newChapter = async (bookId: number) => (await t.app.repos.chapters.create(bookId, { title: unique('Chapter'), order: 1, content_delta: null })).id;
const newQuiz = async (bookId: number) => (await t.app.repos.quizzes.saveNewVersion(bookId, 'Quiz', QUIZ, null)).quiz.id;

beforeAll(async () => {
  t = await createTestApp({ env: { ACCESS_TOKEN_LIFETIME: '600' } });
  const a = await createOrganization(t, 'Hospital A', 'owner-a@x.example');
  const b = await createOrganization(t, 'Hospital B', 'owner-b@x.example');
  orgA = a.organization.id;
  orgB = b.organization.id;
  ids['owner of A'] = a.owner.id;
  ids['owner of B'] = b.owner.id;
  ids.individual = (await createUser(t, { email: 'individual@x.example' })).id;
  ids['member of A'] = (await createUser(t, { email: 'member-a@x.example', organization: { id: orgA, role: 'member' } })).id;
  ids['admin of A'] = (await createUser(t, { email: 'admin-a@x.example', organization: { id: orgA, role: 'admin' } })).id;
  ids['admin of B'] = (await createUser(t, { email: 'admin-b@x.example', organization: { id: orgB, role: 'admin' } })).id;
  ids['book owner'] = (await createUser(t, { email: 'author@x.example' })).id;
  ids.superuser = (await createUser(t, { email: 'root@x.example', superuser: true })).id;
  ownBook = await newBook(ids['book owner'], 'Own book');
  otherBook = await newBook(ids.superuser, 'Institute book');
  quizId = await newQuiz(otherBook);

  const emails: Record<Exclude<Actor, 'anonymous'>, string> = {
    individual: 'individual@x.example',
    'member of A': 'member-a@x.example',
    'admin of A': 'admin-a@x.example',
    'owner of A': 'owner-a@x.example',
    'admin of B': 'admin-b@x.example',
    'book owner': 'author@x.example',
    superuser: 'root@x.example',
  };
  for (const [actor, email] of Object.entries(emails)) tokens[actor as keyof typeof emails] = (await login(t, email)).access;

  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const ftyp = Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
  mp4 = Buffer.concat([box('ftyp', ftyp), box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(256, 7))]);
});
afterAll(() => t?.close());

function send(actor: Actor, request: Prepared) {
  const token = actor === 'anonymous' ? undefined : tokens[actor];
  if (request.multipart) {
    return t.app.inject({
      method: 'POST',
      url: request.url,
      headers: { 'content-type': request.multipart.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: request.multipart.payload,
    });
  }
  return call(t, request.method, request.url, { token, body: request.body });
}

interface Prepared {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  multipart?: { payload: Buffer; contentType: string };
  /** Runs after the call: `allowed` says whether the call should have had its effect. */
  verify?: (allowed: boolean) => Promise<void>;
}

interface Endpoint {
  name: string;
  allowed: readonly Actor[];
  success: 200 | 201 | 204;
  prepare: () => Promise<Prepared>;
  /** Checks the body of a successful answer. */
  check?: (res: LightMyRequestResponse) => void;
}

const SIGNED_IN = ACTORS.filter((a) => a !== 'anonymous');
const ORG_A_MANAGERS: Actor[] = ['admin of A', 'owner of A', 'superuser'];
const BOOK_EDITORS: Actor[] = ['book owner', 'superuser'];
const SUPERUSER: Actor[] = ['superuser'];

/** Files under the media folder (tmp/ included). */
function mediaFileCount(dir: string = t.config.mediaDir): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? mediaFileCount(path.join(dir, e.name)) : 1), 0);
}
/** A verify step: one new file under media/<kind>/ when allowed, none anywhere otherwise. */
async function fileCountChanges(kind: 'images' | 'videos') {
  const before = { all: mediaFileCount(), kind: mediaFileCount(path.join(t.config.mediaDir, kind)) };
  return async (allowed: boolean) => {
    expect(mediaFileCount(path.join(t.config.mediaDir, kind))).toBe(before.kind + (allowed ? 1 : 0));
    expect(mediaFileCount()).toBe(before.all + (allowed ? 1 : 0));
  };
}

const membershipOf = (userId: number) => t.app.repos.organizations.findMembershipOfUser(userId);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET members of A',
    allowed: ORG_A_MANAGERS,
    success: 200,
    prepare: async () => ({ method: 'GET', url: `/api/accounts/organizations/${orgA}/users/` }),
    check: (res) => {
      const body = res.json();
      expect(body).toMatchObject({ count: 3, next: null, previous: null });
      expect(body.results.map((m: { email: string }) => m.email).sort()).toEqual(['admin-a@x.example', 'member-a@x.example', 'owner-a@x.example']);
    },
  },
  {
    name: 'POST add-member to A',
    allowed: ORG_A_MANAGERS,
    success: 201,
    prepare: async () => {
      const email = `${unique('recruit')}@x.example`;
      const user = await createUser(t, { email });
      return {
        method: 'POST',
        url: `/api/accounts/organizations/${orgA}/add-member/`,
        body: { email, role: 'member' },
        verify: async (allowed) => {
          // An invitation, never a membership: the person accepts or declines.
          expect(await membershipOf(user.id)).toBeUndefined();
          const invited = (await t.app.repos.organizations.invitationsFor(email)).map((i) => i.organization_id);
          expect(invited).toEqual(allowed ? [orgA] : []);
        },
      };
    },
    check: (res) =>
      expect(res.json()).toMatchObject({
        detail: expect.stringMatching(/^Invitation sent to recruit-\d+@x\.example\.$/),
        invitation: { email: expect.stringMatching(/^recruit-\d+@x\.example$/), role: 'member' },
      }),
  },
  {
    name: 'DELETE a member of A',
    allowed: ORG_A_MANAGERS,
    success: 204,
    prepare: async () => {
      const user = await createUser(t, { email: `${unique('leaver')}@x.example`, organization: { id: orgA, role: 'member' } });
      const membership = (await membershipOf(user.id))!;
      return {
        method: 'DELETE',
        url: `/api/accounts/organizations/${orgA}/members/${membership.id}/`,
        verify: async (allowed) => expect(Boolean(await membershipOf(user.id))).toBe(!allowed),
      };
    },
  },
  {
    name: 'GET the contact messages',
    allowed: SUPERUSER,
    success: 200,
    prepare: async () => {
      await t.app.repos.contactMessages.create({ name: 'Matrix visitor', email: 'visitor@x.example', message: unique('Hello') });
      return { method: 'GET', url: '/api/contact/messages/' };
    },
    check: (res) => expect(res.json().results[0]).toMatchObject({ name: 'Matrix visitor', handled: false }),
  },
  {
    name: 'PATCH a contact message handled',
    allowed: SUPERUSER,
    success: 200,
    prepare: async () => {
      const created = await t.app.repos.contactMessages.create({ name: 'Matrix visitor', email: 'visitor@x.example', message: unique('Hello') });
      return {
        method: 'PATCH',
        url: `/api/contact/messages/${created.id}/`,
        body: { handled: true },
        verify: async (allowed) => {
          const { rows } = await t.app.repos.contactMessages.list({ page: 1, size: 200, offset: 0 });
          expect(rows.find((m) => m.id === created.id)!.handled).toBe(allowed);
        },
      };
    },
    check: (res) => expect(res.json()).toMatchObject({ handled: true }),
  },
  {
    name: 'GET books',
    allowed: SIGNED_IN,
    success: 200,
    prepare: async () => ({ method: 'GET', url: '/api/books/books/' }),
    check: (res) => expect(res.json()).toMatchObject({ count: expect.any(Number), next: null, previous: null, results: expect.any(Array) }),
  },
  {
    name: 'POST a book',
    allowed: SUPERUSER,
    success: 201,
    prepare: async () => {
      const title = unique('Created book');
      return {
        method: 'POST',
        url: '/api/books/books/',
        body: { title, author: 'Faculty', description: '', cover_image_url: '' },
        verify: async (allowed) => {
          const all = await t.app.repos.books.list({ page: 1, size: 200, offset: 0 });
          expect(all.rows.filter((b) => b.title === title)).toHaveLength(allowed ? 1 : 0);
        },
      };
    },
    check: (res) => expect(res.json()).toMatchObject({ id: expect.any(Number), owner: ids.superuser, chapter_count: 0, quiz: null }),
  },
  {
    name: 'GET a book',
    allowed: SIGNED_IN,
    success: 200,
    prepare: async () => ({ method: 'GET', url: `/api/books/books/${otherBook}/` }),
    check: (res) => {
      const body = res.json();
      expect(body).toMatchObject({ id: otherBook, title: 'Institute book', owner: ids.superuser, quiz: { id: quizId, quiz_data: expect.any(String) } });
      expect(JSON.parse(body.quiz.quiz_data)).toEqual(QUIZ);
    },
  },
  {
    name: 'DELETE a book (its owner is not a superuser)',
    allowed: SUPERUSER,
    success: 204,
    prepare: async () => {
      const id = await newBook(ids['book owner']);
      return {
        method: 'DELETE',
        url: `/api/books/books/${id}/`,
        verify: async (allowed) => expect(Boolean(await t.app.repos.books.findById(id))).toBe(!allowed),
      };
    },
  },
  {
    name: 'GET chapters',
    allowed: SIGNED_IN,
    success: 200,
    prepare: async () => ({ method: 'GET', url: `/api/books/books/${otherBook}/chapters/` }),
    check: (res) => expect(res.json()).toMatchObject({ count: expect.any(Number), results: expect.any(Array) }),
  },
  ...(
    [
      ['own book', BOOK_EDITORS, () => ownBook],
      ["another's book", SUPERUSER, () => otherBook],
    ] as const
  ).flatMap(([which, allowed, book]): Endpoint[] => [
    {
      name: `POST a chapter (${which})`,
      allowed,
      success: 201,
      prepare: async () => {
        const title = unique('New chapter');
        return {
          method: 'POST',
          url: `/api/books/books/${book()}/chapters/`,
          body: { title, order: 3, content_delta: null },
          verify: async (allowed) => {
            const { rows } = await t.app.repos.chapters.list(book(), { page: 1, size: 200, offset: 0 });
            expect(rows.filter((c) => c.title === title)).toHaveLength(allowed ? 1 : 0);
          },
        };
      },
      check: (res) => expect(res.json()).toMatchObject({ id: expect.any(Number), book: book(), order: 3 }),
    },
    ...(['PUT', 'PATCH'] as const).map((method): Endpoint => ({
      name: `${method} a chapter (${which})`,
      allowed,
      success: 200,
      prepare: async () => {
        const chapterId = await newChapter(book());
        return {
          method,
          url: `/api/books/books/${book()}/chapters/${chapterId}/`,
          body: { title: 'Renamed', order: 2, ...(method === 'PUT' ? { content_delta: null } : {}) },
          verify: async (allowed) => {
            const chapter = await t.app.repos.chapters.find(book(), chapterId);
            expect(chapter?.title === 'Renamed').toBe(allowed);
          },
        };
      },
      check: (res) => expect(res.json()).toMatchObject({ title: 'Renamed', order: 2, book: book() }),
    })),
    {
      name: `DELETE a chapter (${which})`,
      allowed,
      success: 204,
      prepare: async () => {
        const chapterId = await newChapter(book());
        return {
          method: 'DELETE',
          url: `/api/books/books/${book()}/chapters/${chapterId}/`,
          verify: async (allowed) => expect(Boolean(await t.app.repos.chapters.find(book(), chapterId))).toBe(!allowed),
        };
      },
    },
    {
      name: `PUT the quiz (${which})`,
      allowed,
      success: 201,
      prepare: async () => {
        const id = await newBook(which === 'own book' ? ids['book owner'] : ids.superuser);
        return {
          method: 'PUT',
          url: `/api/books/books/${id}/quiz/`,
          body: { quiz_data: QUIZ },
          verify: async (allowed) => expect(Boolean(await t.app.repos.quizzes.findByBook(id))).toBe(allowed),
        };
      },
      check: (res) => {
        expect(res.json()).toMatchObject({ id: expect.any(Number), version: 1, quiz_data: expect.any(String) });
        expect(JSON.parse(res.json().quiz_data)).toEqual(QUIZ);
      },
    },
    {
      name: `DELETE the quiz (${which})`,
      allowed,
      success: 204,
      prepare: async () => {
        const id = await newBook(which === 'own book' ? ids['book owner'] : ids.superuser);
        await newQuiz(id);
        return {
          method: 'DELETE',
          url: `/api/books/books/${id}/quiz/`,
          verify: async (allowed) => expect(Boolean(await t.app.repos.quizzes.findByBook(id))).toBe(!allowed),
        };
      },
    },
    {
      name: `GET the quiz's question statistics (${which})`,
      allowed,
      success: 200,
      prepare: async () => {
        const id = await newBook(which === 'own book' ? ids['book owner'] : ids.superuser);
        await newQuiz(id);
        return { method: 'GET', url: `/api/books/books/${id}/quiz/statistics/` };
      },
      check: (res) => expect(res.json()).toEqual({ quiz: expect.any(Number), versions: [] }),
    },
  ]),
  {
    name: 'POST a quiz score',
    allowed: SIGNED_IN,
    success: 201,
    prepare: async () => ({ method: 'POST', url: `/api/books/quizzes/${quizId}/scores/`, body: { answers: attemptAnswers(QUIZ, 1) } }),
    check: (res) => expect(res.json()).toMatchObject({ quiz: quizId, correct_answers: 1, total_questions: 4, score_percentage: 25 }),
  },
  {
    name: 'GET my-scores',
    allowed: SIGNED_IN,
    success: 200,
    prepare: async () => ({ method: 'GET', url: '/api/books/my-scores/' }),
    check: (res) => expect(res.json()).toMatchObject({ count: expect.any(Number), results: expect.any(Array) }),
  },
  {
    name: 'GET my review cards',
    allowed: SIGNED_IN,
    success: 200,
    prepare: async () => ({ method: 'GET', url: '/api/review/cards/' }),
    check: (res) => expect(res.json()).toMatchObject({ count: expect.any(Number), results: expect.any(Array) }),
  },
  {
    name: 'POST upload-image',
    allowed: BOOK_EDITORS,
    success: 201,
    prepare: async () => ({
      method: 'POST',
      url: '/api/media/upload-image/',
      multipart: await multipart('image', png, 'image/png', 'cover.png'),
      verify: await fileCountChanges('images'),
    }),
    check: (res) => expect(res.json()).toEqual({ imageUrl: expect.stringMatching(/^\/media\/images\/.+\.png$/) }),
  },
  {
    name: 'POST upload-video',
    allowed: BOOK_EDITORS,
    success: 201,
    prepare: async () => ({
      method: 'POST',
      url: '/api/media/upload-video/',
      multipart: await multipart('video', mp4, 'video/mp4', 'clip.mp4'),
      verify: await fileCountChanges('videos'),
    }),
    check: (res) => expect(res.json()).toEqual({ videoUrl: expect.stringMatching(/^\/media\/videos\/.+\.mp4$/) }),
  },
];

const expectedStatus = (endpoint: Endpoint, actor: Actor) => (actor === 'anonymous' ? 401 : endpoint.allowed.includes(actor) ? endpoint.success : 403);

const ROWS = ENDPOINTS.flatMap((endpoint) =>
  ACTORS.map((actor) => ({ endpoint: endpoint.name, actor, status: expectedStatus(endpoint, actor), spec: endpoint })),
);

describe('role matrix', () => {
  it.each(ROWS)('$endpoint as $actor → $status', async ({ actor, status, spec }) => {
    const request = await spec.prepare();
    const res = await send(actor, request);
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });
    if (status === 401) expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    else if (status === 403) expect(res.json()).toEqual({ detail: expect.any(String) });
    else if (status === 204) expect(res.body).toBe('');
    else spec.check?.(res);
    await request.verify?.(status !== 401 && status !== 403);
  });

  it.each(ENDPOINTS.map((e) => ({ endpoint: e.name, spec: e })))('$endpoint with an invalid or expired token → 401', async ({ spec }) => {
    const request = await spec.prepare();
    const forged = tokens.superuser.slice(0, -4) + (tokens.superuser.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of ['not.a.jwt', forged]) {
      const res = request.multipart
        ? await t.app.inject({
            method: 'POST',
            url: request.url,
            headers: { 'content-type': request.multipart.contentType, authorization: `Bearer ${token}` },
            payload: request.multipart.payload,
          })
        : await call(t, request.method, request.url, { token, body: request.body });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
    await request.verify?.(false);
  });

  it('covers every actor on every endpoint', () => {
    expect(ROWS).toHaveLength(ENDPOINTS.length * ACTORS.length);
    expect(ENDPOINTS.length).toBe(29);
  });
});

describe('organization rules beyond the matrix', () => {
  it('an admin cannot remove themselves', async () => {
    const membership = (await membershipOf(ids['admin of A']))!;
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${membership.id}/`, { token: tokens['admin of A'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'You cannot remove yourself from the organization.' });
    expect(await membershipOf(ids['admin of A'])).toBeDefined();
  });

  it('the owner cannot remove themselves', async () => {
    const membership = (await membershipOf(ids['owner of A']))!;
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${membership.id}/`, { token: tokens['owner of A'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(await membershipOf(ids['owner of A'])).toMatchObject({ role: 'owner' });
  });

  it.each(['admin of A', 'superuser'] as const)('the owner is never removed, not even by %s', async (actor) => {
    const membership = (await membershipOf(ids['owner of A']))!;
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${membership.id}/`, { token: tokens[actor] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "The organization's owner cannot be removed." });
    expect(await membershipOf(ids['owner of A'])).toMatchObject({ organization_id: orgA, role: 'owner' });
  });

  it.each(['admin of A', 'owner of A', 'superuser'] as const)("a membership of another organization is a 404 through A's URL (%s)", async (actor) => {
    const membership = (await membershipOf(ids['admin of B']))!;
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${membership.id}/`, { token: tokens[actor] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(await membershipOf(ids['admin of B'])).toMatchObject({ organization_id: orgB });
  });

  it("the admin of B cannot reach A's members through B's URL", async () => {
    const membership = (await membershipOf(ids['member of A']))!;
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgB}/members/${membership.id}/`, { token: tokens['admin of B'] });
    expect(res.statusCode).toBe(404);
    expect(await membershipOf(ids['member of A'])).toMatchObject({ organization_id: orgA });
  });

  it('the admin of A cannot list, add to or remove from B; the superuser can list B', async () => {
    expect((await call(t, 'GET', `/api/accounts/organizations/${orgB}/users/`, { token: tokens['admin of A'] })).statusCode).toBe(403);
    const recruit = await createUser(t, { email: `${unique('b-recruit')}@x.example` });
    const add = await call(t, 'POST', `/api/accounts/organizations/${orgB}/add-member/`, {
      token: tokens['admin of A'],
      body: { email: recruit.email, role: 'member' },
    });
    expect(add.statusCode).toBe(403);
    expect(await membershipOf(recruit.id)).toBeUndefined();
    const listB = await call(t, 'GET', `/api/accounts/organizations/${orgB}/users/`, { token: tokens.superuser });
    expect(listB.statusCode).toBe(200);
    expect(
      listB
        .json()
        .results.map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual(['admin-b@x.example', 'owner-b@x.example']);
  });

  it('an organization that does not exist is a 404 for a superuser', async () => {
    const res = await call(t, 'GET', '/api/accounts/organizations/999999/users/', { token: tokens.superuser });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });

  it('nobody adds an owner; an admin adds members but not admins; the owner and superusers add admins', async () => {
    const recruit = await createUser(t, { email: `${unique('co-admin')}@x.example` });
    const owner = await call(t, 'POST', `/api/accounts/organizations/${orgA}/add-member/`, {
      token: tokens['admin of A'],
      body: { email: recruit.email, role: 'owner' },
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toEqual({ role: [expect.any(String)] });
    const byAdmin = await call(t, 'POST', `/api/accounts/organizations/${orgA}/add-member/`, {
      token: tokens['admin of A'],
      body: { email: recruit.email, role: 'admin' },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ detail: "Only the organization's owner may make someone an admin." });
    expect(await membershipOf(recruit.id)).toBeUndefined();
    for (const actor of ['owner of A', 'superuser'] as const) {
      const another = await createUser(t, { email: `${unique('co-admin')}@x.example` });
      const added = await call(t, 'POST', `/api/accounts/organizations/${orgA}/add-member/`, {
        token: tokens[actor],
        body: { email: another.email, role: 'admin' },
      });
      expect(added.statusCode, actor).toBe(201);
      expect(added.json()).toMatchObject({ invitation: { email: another.email, role: 'admin' } });
    }
  });

  it('an admin cannot remove another admin; the owner and superusers can', async () => {
    for (const [actor, status] of [
      ['admin of A', 403],
      ['owner of A', 204],
      ['superuser', 204],
    ] as const) {
      const other = await createUser(t, { email: `${unique('admin')}@x.example`, organization: { id: orgA, role: 'admin' } });
      const membership = (await membershipOf(other.id))!;
      const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${membership.id}/`, { token: tokens[actor] });
      expect(res.statusCode, actor).toBe(status);
      expect(Boolean(await membershipOf(other.id)), actor).toBe(status === 403);
      if (status === 403) expect(res.json()).toEqual({ detail: "Only the organization's owner may remove an admin." });
    }
  });

  it('a new admin cannot remove the original admin, nor the owner', async () => {
    const newcomer = await createUser(t, { email: `${unique('new-admin')}@x.example`, organization: { id: orgA, role: 'admin' } });
    const session = await login(t, newcomer.email);
    const original = (await membershipOf(ids['admin of A']))!;
    expect((await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${original.id}/`, { token: session.access })).statusCode).toBe(403);
    const owner = (await membershipOf(ids['owner of A']))!;
    expect((await call(t, 'DELETE', `/api/accounts/organizations/${orgA}/members/${owner.id}/`, { token: session.access })).statusCode).toBe(400);
    expect(await membershipOf(ids['admin of A'])).toMatchObject({ role: 'admin' });
    expect(await membershipOf(ids['owner of A'])).toMatchObject({ role: 'owner' });
  });
});

describe('book ownership beyond the matrix', () => {
  it("the book owner cannot reach another book's chapter through their own book's URL", async () => {
    const chapterId = await newChapter(otherBook);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(t, method, `/api/books/books/${ownBook}/chapters/${chapterId}/`, {
        token: tokens['book owner'],
        ...(method === 'PATCH' ? { body: { title: 'Hijacked' } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await t.app.repos.chapters.find(otherBook, chapterId)).toMatchObject({ title: expect.not.stringMatching('Hijacked') });
  });

  it('a missing book is a 404 for the signed-in, never a 500', async () => {
    for (const url of ['/api/books/books/999999/', '/api/books/books/999999/chapters/', '/api/books/books/abc/']) {
      const res = await call(t, 'GET', url, { token: tokens.individual });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect(
      (await call(t, 'POST', '/api/books/quizzes/999999/scores/', { token: tokens.individual, body: { answers: attemptAnswers(QUIZ, 1) } })).statusCode,
    ).toBe(404);
  });

  it('a user who no longer owns a book can no longer upload', async () => {
    const writer = await createUser(t, { email: `${unique('writer')}@x.example` });
    const book = await newBook(writer.id);
    const session = await login(t, writer.email);
    const upload = async () => {
      const { payload, contentType } = await multipart('image', png, 'image/png', 'a.png');
      return t.app.inject({
        method: 'POST',
        url: '/api/media/upload-image/',
        headers: { authorization: `Bearer ${session.access}`, 'content-type': contentType },
        payload,
      });
    };
    expect((await upload()).statusCode).toBe(201);
    await t.app.repos.books.delete(book);
    expect((await upload()).statusCode).toBe(403);
  });

  it('my-scores lists only the caller’s own records', async () => {
    const a = await createUser(t, { email: `${unique('taker')}@x.example` });
    const b = await createUser(t, { email: `${unique('taker')}@x.example` });
    const [sa, sb] = [(await login(t, a.email)).access, (await login(t, b.email)).access];
    await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: sa, body: { answers: attemptAnswers(QUIZ, 2) } });
    await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: sa, body: { answers: attemptAnswers(QUIZ, 0) } });
    await call(t, 'POST', `/api/books/quizzes/${quizId}/scores/`, { token: sb, body: { answers: attemptAnswers(QUIZ, 1) } });
    const mine = (await call(t, 'GET', '/api/books/my-scores/', { token: sa })).json();
    expect(mine.count).toBe(2);
    expect(mine.results.map((s: { correct_answers: number }) => s.correct_answers).sort()).toEqual([0, 2]);
    const theirs = (await call(t, 'GET', '/api/books/my-scores/', { token: sb })).json();
    expect(theirs).toMatchObject({ count: 1, results: [{ correct_answers: 1, total_questions: 4, score_percentage: 25, quiz_title: 'Quiz' }] });
  });
});
