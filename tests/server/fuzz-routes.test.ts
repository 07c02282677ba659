/**
 * Schema-driven fuzzing of every API route, on the database the run uses (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL). The routes come from the app's OpenAPI document (every
 * API route is in it: http-contract.test.ts), their bodies from each route's JSON Schema, written
 * from its zod schema; fast-check mixes
 * valid bodies with hostile ones and fuzzes path ids, page queries, caller and address.
 * Each answer must be: not a 5xx, free of stack frames and database or internal text, and
 * — when an error — in the one shape. A fixed seed (FUZZ_SEED to change it) makes a failure
 * reproducible; fast-check prints seed and shrunk request when a property fails.
 *
 * Besides the random runs, fixed corpora sweep every route with each kind of hostile input
 * (prototype keys, NUL bytes, int4 overflow, malformed bodies), so a regression names its kind.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../helpers/api-answers';
import {
  HOSTILE_HOSTS,
  HOSTILE_IDS,
  HOSTILE_NUMBERS,
  HOSTILE_QUERIES,
  hostileBodies,
  PROTOTYPE_KEYS,
  RAW_BODIES,
  searchQueryString,
  toJsonText,
} from '../helpers/fuzz-arbitraries';
import { searchPageSchema } from '../../src/contract/search';
import { recordRepetitions } from '../../server/services/practice-log';
import { attemptAnswers, matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice } from '../helpers/quiz-fixture';
import { createOrganization, createTestApp, createUser, documentedOperations, login, type TestApp } from '../helpers/server-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_113);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const t: TestApp = await createTestApp();
const operations = documentedOperations(t.app);

// Callers: nobody, a plain member, the organization's owner, a book's author, a superuser, and a forged token.
const { organization, owner } = await createOrganization(t, 'Fuzz Hospital', 'owner@fuzz.example');
const member = await createUser(t, { email: 'member@fuzz.example', organization: { id: organization.id, role: 'member' } });
const author = await createUser(t, { email: 'author@fuzz.example' });
await createUser(t, { email: 'root@fuzz.example', superuser: true });
const tokens: Record<string, string | null> = {
  anonymous: null,
  member: (await login(t, 'member@fuzz.example')).access,
  owner: (await login(t, owner.email)).access,
  author: (await login(t, 'author@fuzz.example')).access,
  superuser: (await login(t, 'root@fuzz.example')).access,
  forged: 'eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxLCJpc19zdXBlcnVzZXIiOnRydWV9.',
};
const IDENTITIES = Object.keys(tokens);

const fixtures: Record<string, number> = {};
/** (Re)creates what a fuzzed DELETE may have removed: a book with a chapter and a quiz, the member's membership, a drill and their repetition of it. */
async function ensureFixtures() {
  if (!fixtures.book || !(await t.app.repos.books.findById(fixtures.book))) {
    fixtures.book = await t.app.repos.books.create({ title: 'Fuzz book', author: '', description: '', cover_image_url: '' }, author.id);
    fixtures.chapter = 0;
    fixtures.quiz = 0;
  }
  const chapters = await t.app.repos.chapters.list(fixtures.book, { page: 1, size: 1, offset: 0 });
  fixtures.chapter = chapters.rows[0]?.id ?? (await t.app.repos.chapters.create(fixtures.book, { title: 'One', order: 1, content_delta: null })).id;
  const quiz = await t.app.repos.quizzes.findByBook(fixtures.book);
  fixtures.quiz = quiz?.id ?? (await t.app.repos.quizzes.saveNewVersion(fixtures.book, 'Fuzz quiz', QUIZ, author.id)).quiz.id;
  fixtures.org = organization.id;
  let membership = await t.app.repos.organizations.findMembershipOfUser(member.id);
  membership ??= await t.app.repos.organizations.addMember(organization.id, member.id, 'member');
  fixtures.membership = membership.id;
  fixtures.message ??= (await t.app.repos.contactMessages.create({ name: 'Fuzz visitor', email: 'visitor@fuzz.example', message: 'Hello' })).id;
  fixtures.invitation = (await t.app.repos.organizations.invite(organization.id, 'author@fuzz.example', 'member', owner.id)).id;
  fixtures.assignment = (await t.app.repos.assignments.list(organization.id))[0]?.id ?? 0;
  fixtures.assignment ||= await t.app.repos.assignments.create(
    organization.id,
    fixtures.book,
    { to_all: true, members: [], due_date: null, note: '', pass_mark: 70 },
    owner.id,
  );
  fixtures.memberUser = member.id;
  const [drill] = await t.app.repos.practice.listDrills();
  fixtures.drill =
    drill?.id ??
    (
      await t.app.repos.practice.createDrill({
        name: 'Fuzz drill',
        instructions: null,
        target_seconds: 48,
        penalties: [{ id: 'slip', label: 'Slip', seconds: 10 }],
        consecutive_passes: 2,
        further_passes: 10,
        max_repetitions: null,
      })
    ).id;
  const repetition = {
    client_id: '3f1c0a52-8a35-4c1e-9d56-2b7c1f0e4a13',
    drill: fixtures.drill,
    time_ms: 40_000,
    performed_at: '2026-01-01T00:00:00Z',
    penalties: [],
  };
  fixtures.repetition = (await recordRepetitions(t.app.repos, member.id, { repetitions: [repetition] })).repetitions[0]!.id;
}
await ensureFixtures();

const PARAM_FIXTURE: Record<string, string> = {
  bookId: 'book',
  chapterId: 'chapter',
  quizId: 'quiz',
  orgId: 'org',
  membershipId: 'membership',
  messageId: 'message',
  invitationId: 'invitation',
  assignmentId: 'assignment',
  userId: 'memberUser',
  drillId: 'drill',
  repetitionId: 'repetition',
};

const PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#aa3344' } })
  .png()
  .toBuffer();
async function formData(field: string, data: Buffer, type: string, filename: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://fuzz.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
const MULTIPART_BODIES = [
  await formData('image', PNG, 'image/png', 'a.png'),
  await formData('video', PNG, 'video/mp4', 'a.mp4'),
  await formData('other', PNG, 'image/png', 'a.png'),
  await formData('image', Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml', 'a.svg'),
  await formData('image', Buffer.alloc(0), 'image/png', ''),
];

interface FuzzRequest {
  who: string;
  ids: { param: string; pick: { fixture: string } | { raw: string } }[];
  query: string;
  ip: string;
  body: { json: unknown } | { raw: (typeof RAW_BODIES)[number] } | { none: true };
  /** A Host header other than inject's own. */
  host?: string;
}

const stats = { requests: 0, fiveXX: 0, rejected: 0, problems: 0 };

function urlOf(path: string, request: Pick<FuzzRequest, 'ids' | 'query'>) {
  let url = path;
  for (const { param, pick } of request.ids) url = url.replace(`{${param}}`, 'fixture' in pick ? String(fixtures[pick.fixture] ?? 1) : pick.raw);
  return url + request.query;
}

/** Sends one fuzzed request; answers the problems found (empty when the answer is acceptable). */
async function send(method: string, path: string, request: FuzzRequest): Promise<string[]> {
  const url = urlOf(path, request);
  const token = tokens[request.who];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (request.host !== undefined) headers.host = request.host;
  let payload: string | Buffer | undefined;
  if ('json' in request.body) {
    headers['content-type'] = 'application/json';
    payload = toJsonText(request.body.json);
  } else if ('raw' in request.body) {
    if (request.body.raw.contentType !== undefined) headers['content-type'] = request.body.raw.contentType;
    payload = request.body.raw.payload;
  }
  let res;
  try {
    res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers, payload, remoteAddress: request.ip });
  } catch (error) {
    // light-my-request refuses some requests no HTTP client could send (invalid header bytes).
    stats.rejected++;
    return (error as Error).message.includes('Invalid character') ? [] : [`inject failed: ${(error as Error).message}`];
  }
  stats.requests++;
  if (res.statusCode >= 500) stats.fiveXX++;
  if (method === 'delete' && res.statusCode < 300) await ensureFixtures();
  const problems = answerProblems(
    { statusCode: res.statusCode, headers: res.headers, body: res.body },
    typeof payload === 'string' ? payload : (payload?.toString('latin1') ?? ''),
    {
      upload: path.startsWith('/api/media/upload-'),
    },
  );
  if (problems.length) stats.problems++;
  const shown = (text: string) => abbreviate(text).slice(0, 600);
  const host = request.host !== undefined ? ` with Host ${JSON.stringify(request.host)}` : '';
  return problems.map(
    (p) => `${p} ← ${method.toUpperCase()} ${shown(url)} as ${request.who}${host}${payload !== undefined ? ` body ${shown(String(payload))}` : ''}`,
  );
}

/** Long runs of one character written as `x…(×5000)`, so a reproduction stays readable. */
const abbreviate = (text: string) => text.replace(/(.)\1{19,}/gsu, (run, c: string) => `${c}…(×${[...run].length})`);

const idPick = (param: string): fc.Arbitrary<FuzzRequest['ids'][number]['pick']> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({ fixture: PARAM_FIXTURE[param] ?? 'book' }) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(PARAM_FIXTURE)).map((fixture) => ({ fixture })) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => ({ raw: String(n) })) },
  );

function requestArbitrary(op: (typeof operations)[number]): fc.Arbitrary<FuzzRequest> {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  let body: fc.Arbitrary<FuzzRequest['body']> = fc.constant({ none: true as const });
  if (op.body) {
    body = fc.oneof(
      { weight: 12, arbitrary: hostileBodies(op.body as Parameters<typeof hostileBodies>[0]).map((json) => ({ json })) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.constant({ none: true as const }) },
    );
  } else if (op.multipart) {
    body = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...MULTIPART_BODIES).map((raw) => ({ raw })) },
      { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
    );
  } else if (op.method === 'delete') {
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ none: true as const }) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
    );
  }
  return fc.record({
    who: fc.constantFrom(...IDENTITIES),
    ids: fc.tuple(...params.map((param) => idPick(param).map((pick) => ({ param, pick })))),
    query:
      op.path === SEARCH_PATH
        ? fc.oneof({ weight: 6, arbitrary: searchQueryString }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_QUERIES) })
        : op.method === 'get'
          ? fc.constantFrom(...HOSTILE_QUERIES)
          : fc.constant(''),
    ip: fc.oneof(fc.ipV4(), fc.ipV6()),
    body,
  });
}

const SEARCH_PATH = '/api/books/search/';

function runsFor(op: (typeof operations)[number]) {
  if (op.path === SEARCH_PATH) return Math.round(400 * SCALE);
  // Login and registration hash a password (~70 ms) whenever the body is well formed.
  if (/\/(login|register)\/$/.test(op.path)) return Math.round(60 * SCALE);
  if (op.body) return Math.round(150 * SCALE);
  if (op.multipart) return Math.round(80 * SCALE);
  return Math.round(50 * SCALE);
}

console.log(`fuzz (${database}): seed ${SEED} (FUZZ_SEED to change), ${operations.length} routes from the OpenAPI document`);

afterAll(async () => {
  console.log(
    `fuzz (${database}): ${stats.requests} requests fuzzed, ${stats.fiveXX} answers 5xx, ${stats.problems} answers with problems` +
      (stats.rejected ? `, ${stats.rejected} not sendable` : '') +
      ` (seed ${SEED})`,
  );
  await t.close();
});

describe(`fuzzing every route with bodies from its zod schema (${database})`, () => {
  it('covers every route the app registers', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const op of operations) {
      expect(t.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url: op.path.replace(/\{(\w+)\}/g, ':$1') }), `${op.method} ${op.path}`).toBe(true);
      if (op.body) expect(VALID_BODIES, `a valid body for ${op.method} ${op.path}`).toHaveProperty([`${op.method} ${op.path}`]);
    }
  });

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path}: no 5xx, no internal text, errors in the one shape`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (request) => {
          const problems = await send(op.method, op.path, request);
          if (problems.length) throw new Error(problems.join('\n'));
        }),
        { seed: SEED, numRuns: runsFor(op), maxSkipsPerRun: 0 },
      );
    });
  }
});

/** Every route with a JSON body, with `bodyFor` applied to a valid body; all problems listed. */
async function sweep(make: (op: (typeof operations)[number], valid: Record<string, unknown>) => FuzzRequest['body'][], who = ['superuser', 'anonymous']) {
  const problems: string[] = [];
  for (const op of operations) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const valid = op.body ? validBody(op) : {};
    for (const body of make(op, valid)) {
      for (const caller of who) {
        const ids = params.map((param) => ({ param, pick: { fixture: PARAM_FIXTURE[param]! } }));
        problems.push(...(await send(op.method, op.path, { who: caller, ids, query: '', ip: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, body })));
      }
    }
  }
  return problems;
}

/** A body each JSON route accepts, so a sweep that spoils one field reaches the handler and the database. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'post /api/accounts/register/': { email: 'new@fuzz.example', password: 'Laparoscopic-Port-42', password2: 'Laparoscopic-Port-42', full_name: 'New Person' },
  'post /api/accounts/login/': { email: 'member@fuzz.example', password: 'not-the-password' },
  'post /api/accounts/token/refresh/': { refresh: 'not.a.token' },
  'post /api/accounts/logout/': { refresh: 'not.a.token' },
  'post /api/accounts/password/forgot/': { email: 'member@fuzz.example' },
  'post /api/accounts/password/reset/': { token: 'not.a.token', password: 'Laparoscopic-Port-42', password2: 'Laparoscopic-Port-42' },
  'post /api/accounts/password/reset/check/': { token: 'not.a.token' },
  'post /api/accounts/password/change/': { current_password: 'Laparoscopic-Port-42', password: 'Laparoscopic-Port-42', password2: 'Laparoscopic-Port-42' },
  'patch /api/accounts/profile/': { full_name: 'A Name' },
  'post /api/accounts/organizations/{orgId}/add-member/': { email: 'author@fuzz.example', role: 'member' },
  'post /api/accounts/organizations/{orgId}/transfer-ownership/': { membership_id: 1 },
  'post /api/accounts/invitations/{invitationId}/answer/': { accept: false },
  'post /api/books/books/': { title: 'A book', author: 'An author', description: 'Text' },
  'post /api/books/books/{bookId}/chapters/': { title: 'A chapter', order: 2, content_delta: null },
  'put /api/books/books/{bookId}/chapters/{chapterId}/': { title: 'A chapter', order: 2, content_delta: null },
  'patch /api/books/books/{bookId}/chapters/{chapterId}/': { title: 'A chapter', order: 3 },
  'put /api/books/books/{bookId}/quiz/': { title: 'A quiz', quiz_data: QUIZ },
  'post /api/contact/': { name: 'A visitor', email: 'visitor@fuzz.example', message: 'When is the next course?', consent: true },
  'patch /api/contact/messages/{messageId}/': { handled: true },
  'post /api/accounts/organizations/{orgId}/assignments/': { book: 1, to_all: false, members: [1], due_date: '2026-12-31', note: 'Read it', pass_mark: 80 },
  'patch /api/accounts/organizations/{orgId}/assignments/{assignmentId}/': { due_date: null, note: 'Before the rotation' },
  'post /api/books/reading/': { events: [{ client_event_id: '3f1c0a52-8a35-4c1e-9d56-2b7c1f0e4a11', chapter: 1, read_at: '2026-01-01T00:00:00Z' }] },
  'post /api/review/events/': {
    events: [{ client_event_id: '3f1c0a52-8a35-4c1e-9d56-2b7c1f0e4a12', quiz: 1, question: 'q1', rating: 'good', reviewed_at: '2026-01-01T00:00:00Z' }],
  },
  'post /api/practice/drills/': { name: 'Peg transfer', target_seconds: 48, penalties: [{ id: 'slip', label: 'Slip', seconds: 10 }] },
  'put /api/practice/drills/{drillId}/': { name: 'Peg transfer', instructions: null, target_seconds: 50, max_repetitions: 100 },
  'post /api/practice/my-repetitions/': {
    repetitions: [{ client_id: '3f1c0a52-8a35-4c1e-9d56-2b7c1f0e4a14', drill: 1, time_ms: 40_000, penalties: [], performed_at: '2026-01-01T00:00:00Z' }],
  },
  'post /api/accounts/organizations/{orgId}/members/{membershipId}/repetitions/{repetitionId}/verify/': {},
  'post /api/books/quizzes/{quizId}/scores/': { total_questions: QUIZ.length, correct_answers: 1, answers: attemptAnswers(QUIZ, 1) },
};

/** The body the sweeps start from: one the route accepts, so spoiling one field reaches the handler and the database. */
function validBody(op: (typeof operations)[number]): Record<string, unknown> {
  const known = VALID_BODIES[`${op.method} ${op.path}`];
  if (!known) throw new Error(`No body in VALID_BODIES for ${op.method} ${op.path}`);
  return known;
}

/** The top-level fields of a route's body schema, with their JSON Schemas. */
const propertiesOf = (op: (typeof operations)[number]) => Object.entries(op.body?.properties ?? {});

/** Fails with the first reproductions listed (each names route, caller and body). */
function expectNone(problems: string[]) {
  const shown = [...new Set(problems)].slice(0, 25).join('\n');
  expect(problems.length, `${problems.length} bad answers (seed ${SEED}):\n${shown}`).toBe(0);
}

const withOwnKey = (valid: Record<string, unknown>, key: string, value: unknown) => {
  const out = { ...valid };
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
};

describe(`hostile corpora on every route (${database})`, () => {
  it('hole 3: a body key named like an Object.prototype member is a 400, never a 500', { timeout: 120_000 }, async () => {
    const problems = await sweep((op, valid) => (op.body ? PROTOTYPE_KEYS.map((key) => ({ json: withOwnKey(valid, key, 1) })) : []));
    expectNone(problems);
  });

  it('hole 4: malformed JSON and multipart, wrong content types and non-object bodies', { timeout: 120_000 }, async () => {
    const problems = await sweep((op) => (op.body || op.multipart ? RAW_BODIES.map((raw) => ({ raw })) : []));
    expectNone(problems);
  });

  it('hole 6: path ids past int4, past 2^53 and not digits, on every route with an id', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const param of params) {
        for (const raw of HOSTILE_IDS) {
          const ids = params.map((p) => ({ param: p, pick: p === param ? { raw } : { fixture: PARAM_FIXTURE[p]! } }));
          problems.push(...(await send(op.method, op.path, { who: 'superuser', ids, query: '', ip: '10.8.0.1', body: { none: true } })));
        }
      }
    }
    expectNone(problems);
  });

  it('hole 6: NUL bytes and lone surrogates in every text field (the unauthenticated login email included)', { timeout: 120_000 }, async () => {
    const problems = await sweep((op, valid) =>
      propertiesOf(op)
        .filter(([, schema]) => JSON.stringify(schema).includes('"string"'))
        .flatMap(([key]) =>
          ['\u0000', 'x\u0000', '\ud800'].map((bad) => ({ json: { ...valid, [key]: `${String(valid[key] ?? 'a').slice(0, 5)}${bad}@x.example` } })),
        ),
    );
    expectNone(problems);
  });

  it('hole 6: integers at and past 2^31 and 2^53 in every field', { timeout: 120_000 }, async () => {
    const problems = await sweep((op, valid) => propertiesOf(op).flatMap(([key]) => HOSTILE_NUMBERS.map((n) => ({ json: { ...valid, [key]: n } }))));
    expectNone(problems);
  });

  it('hole 8: a 3 MiB JSON body is a 413 in the error shape on every body route', { timeout: 120_000 }, async () => {
    const big = { json: { title: 'x'.repeat(3 * 1024 * 1024 + 10) } };
    const problems = await sweep((op) => (op.body ? [big] : []), ['superuser']);
    expectNone(problems);
  });

  it('page queries on every list', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    for (const op of operations.filter((o) => o.method === 'get')) {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const query of HOSTILE_QUERIES)
        for (const who of IDENTITIES)
          problems.push(
            ...(await send('get', op.path, {
              who,
              ids: params.map((param) => ({ param, pick: { fixture: PARAM_FIXTURE[param]! } })),
              query,
              ip: '10.7.0.1',
              body: { none: true },
            })),
          );
    }
    expectNone(problems);
  });
});

describe(`search queries (${database})`, () => {
  it('GET /api/books/search/: every q, book and page answers 200, 400 or 404 (a page past the end), 200s in the page shape', { timeout: 120_000 }, async () => {
    await t.app.repos.chapters.create(fixtures.book!, {
      title: 'Searchable',
      order: 9,
      content_delta: { ops: [{ insert: 'Sutures near the fascia and the view of पित्ताशय; a OR b AND NOT c.\n' }] },
    });
    let found = 0;
    await fc.assert(
      fc.asyncProperty(searchQueryString, async (query) => {
        const res = await t.app.inject({ method: 'GET', url: SEARCH_PATH + query, headers: { authorization: `Bearer ${tokens.member}` } });
        const problems = answerProblems({ statusCode: res.statusCode, headers: res.headers, body: res.body }, query);
        if (![200, 400, 404].includes(res.statusCode)) problems.push(`status ${res.statusCode}`);
        if (res.statusCode === 200) {
          const page = searchPageSchema.safeParse(res.json());
          if (!page.success) problems.push(`not a search page: ${res.body.slice(0, 300)}`);
          else if (page.data.count > 0) found++;
        }
        if (problems.length) throw new Error(`${problems.join('; ')} ← GET ${SEARCH_PATH}${abbreviate(query).slice(0, 600)}`);
      }),
      { seed: SEED, numRuns: Math.round(300 * SCALE) },
    );
    expect(found, 'some fuzzed queries found the searchable chapter').toBeGreaterThan(0);
  });
});

/** Every list that answers DRF's page shape (its 200 answer has `next` and `previous`). */
const paginatedLists = operations.filter((op) => {
  const ok = (op.operation.responses?.['200'] as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)?.content;
  const properties = ok?.['application/json']?.schema?.properties ?? {};
  return op.method === 'get' && 'next' in properties && 'previous' in properties;
});

describe(`a malformed Host header on every paginated list (${database})`, () => {
  it('finds the paginated lists in the document', () => {
    expect(paginatedLists.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api/books/books/',
        '/api/books/books/{bookId}/chapters/',
        '/api/books/my-scores/',
        '/api/accounts/organizations/{orgId}/users/',
      ]),
    );
  });

  it('answers 400 or works, never a 5xx, and no link names the Host sent', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const op of paginatedLists) {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const host of HOSTILE_HOSTS)
        for (const who of ['owner', 'superuser', 'anonymous'])
          for (const query of ['', '?page_size=1', '?page=2&page_size=1']) {
            const request: FuzzRequest = {
              who,
              ids: params.map((param) => ({ param, pick: { fixture: PARAM_FIXTURE[param]! } })),
              query,
              ip: '10.6.0.1',
              body: { none: true },
              host,
            };
            problems.push(...(await send('get', op.path, request)));
            const res = await t.app.inject({
              method: 'GET',
              url: urlOf(op.path, request),
              headers: { host, ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}) },
            });
            if (![200, 400, 401, 403, 404].includes(res.statusCode))
              problems.push(`status ${res.statusCode} ← GET ${urlOf(op.path, request)} with Host ${JSON.stringify(host)}`);
            if (res.statusCode === 200) {
              const { next, previous } = res.json() as { next: string | null; previous: string | null };
              for (const link of [next, previous])
                if (link !== null && !link.startsWith('/api/')) problems.push(`link ${JSON.stringify(link)} ← Host ${JSON.stringify(host)}`);
            }
          }
    }
    expectNone(problems);
  });
});

/** Every text of the fuzz quiz: the only texts an accepted attempt may hold. */
const QUIZ_TEXTS = new Set(QUIZ.flatMap((q) => ('options' in q ? q.options : [...q.left, ...q.right])));

/** An answer value of any shape and size: drawn from the quiz's own texts, or not. */
const anyAnswer: fc.Arbitrary<unknown> = (() => {
  const quizText = fc.constantFrom(...QUIZ_TEXTS);
  const text = fc.oneof(quizText, fc.string({ maxLength: 40 }), fc.constantFrom('x'.repeat(2000), 'CO2 ', 'co2', ''));
  const pair = fc.record({ left: text, right: text });
  return fc.oneof(
    text,
    fc.array(text, { maxLength: 60 }),
    fc.array(pair, { maxLength: 60 }),
    fc.constant(null),
    fc.constantFrom<unknown>(singleChoice.answer, multipleChoice.answer, reorder.answer, matchTheFollowing.answer, [...reorder.options].reverse()),
  );
})();

describe(`answer sizes on score posts (${database})`, () => {
  it('accepts an attempt only when every answer is drawn from its question, and stores none larger than the quiz', { timeout: 120_000 }, async () => {
    await createUser(t, { email: 'sizes@fuzz.example' });
    const token = (await login(t, 'sizes@fuzz.example')).access;
    const ids = QUIZ.map((q) => q.id);
    const attempt = fc.array(
      fc.record({ questionId: fc.constantFrom(...ids), answer: anyAnswer, status: fc.constantFrom('answered', 'skipped', 'unanswered') }),
      { minLength: 1, maxLength: 8 },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(attempt, async (answers) => {
        const payload = JSON.stringify({ answers });
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/books/quizzes/${fixtures.quiz}/scores/`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        const problems = answerProblems({ statusCode: res.statusCode, headers: res.headers, body: res.body }, payload);
        if (![201, 400].includes(res.statusCode)) problems.push(`status ${res.statusCode}`);
        const texts = answers.flatMap((a) =>
          [a.answer]
            .flat()
            .flatMap((v) => (v && typeof v === 'object' ? Object.values(v) : [v]))
            .filter((v) => v !== null),
        );
        const fits = new Set(answers.map((a) => String(a.questionId))).size === answers.length && texts.every((v) => QUIZ_TEXTS.has(v as string));
        if (res.statusCode === 201) {
          accepted++;
          if (!fits) problems.push('accepted an answer not drawn from its question');
        }
        if (problems.length) throw new Error(`${problems.join('; ')} ← ${abbreviate(payload).slice(0, 600)}`);
      }),
      { seed: SEED, numRuns: Math.min(250, Math.round(150 * SCALE)) },
    );
    expect(accepted, 'some fuzzed attempts were within bounds').toBeGreaterThan(0);
    const stored = await t.db.kysely
      .selectFrom('quiz_scores')
      .innerJoin('users', 'users.id', 'quiz_scores.user_id')
      .where('users.email', '=', 'sizes@fuzz.example')
      .select((eb) => eb.fn.max(eb.fn('length', ['quiz_scores.answers'])).as('longest'))
      .executeTakeFirst();
    expect(Number(stored?.longest ?? 0)).toBeLessThanOrEqual(JSON.stringify(QUIZ).length * 2);
  });
});
