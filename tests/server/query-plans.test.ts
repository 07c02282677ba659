/**
 * Issue 12, data at scale: every list and lookup the repositories run on a request's path is
 * answered from an index. Each query is captured as the repositories compile it and its plan
 * read back: on SQLite `EXPLAIN QUERY PLAN` must show no `SCAN` of a table without an index and
 * no sort of a whole list (`USE TEMP B-TREE FOR ORDER BY`); on PostgreSQL (TEST_DATABASE_URL)
 * `EXPLAIN` with sequential scans disabled must show no `Seq Scan` (a table with no usable
 * index is still scanned then).
 */
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { createRepositories, type Repositories } from '../../server/repositories';
import { memberProgress, myAssignments, myProgress, ProgressView } from '../../server/services/progress-view';
import { QUIZ } from '../helpers/quiz-fixture';
import { createTestApp, createUser, type TestApp } from '../helpers/server-app';

let t: TestApp;
let db: Kysely<Database>;
let explain: (query: CompiledQuery) => Promise<string[]>;
let close: () => Promise<void>;
const captured: CompiledQuery[] = [];
const log = (event: { level: string; query: CompiledQuery }) => {
  if (event.level === 'query') captured.push(event.query);
};

beforeAll(async () => {
  t = await createTestApp();
  if (t.db.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 1, options: `-c search_path=${t.db.schema} -c enable_seqscan=off` });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    explain = async (query) => (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, [...query.parameters])).rows.map((r) => r['QUERY PLAN']);
  } else {
    const database = new SQLite(t.config.sqliteFile);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log });
    explain = async (query) =>
      (database.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail);
  }
  close = () => db.destroy();
});
afterAll(async () => {
  await close?.();
  await t?.close();
});

/** The plan lines that read a whole table, or sort a whole list. */
function fullScans(plan: string[]): string[] {
  if (t.db.dialect === 'postgres') return plan.filter((line) => /Seq Scan on /.test(line));
  // A subquery's own rows (a page of ids) are read from its co-routine: not a table.
  const subqueries = new Set(plan.map((line) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(line)?.[1]).filter(Boolean));
  return plan.filter((line) => {
    const scan = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(line);
    if (scan) return !subqueries.has(scan[1]!) && !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(scan[2]!);
    return /USE TEMP B-TREE FOR ORDER BY/.test(line);
  });
}

/** Runs `fn` against repositories on the logging handle and returns each query it ran with its full scans. */
async function plansOf(fn: (repos: Repositories) => Promise<unknown>) {
  const from = captured.length;
  await fn(createRepositories(db, t.db.dialect));
  const queries = captured.slice(from);
  expect(queries.length).toBeGreaterThan(0);
  return Promise.all(queries.map(async (query) => ({ sql: query.sql, plan: await explain(query), scans: fullScans(await explain(query)) })));
}

describe('hot queries read indexes, not whole tables', () => {
  const page = { page: 3, size: 50, offset: 100 };
  let ids: { user: number; book: number; quiz: number; organization: number; membership: number };

  beforeAll(async () => {
    const user = await createUser(t, { email: 'plans@x.example' });
    const organization = await t.app.repos.organizations.create('Plans Hospital', user.id);
    const membership = await t.app.repos.organizations.findMembershipOfUser(user.id);
    const book = await t.app.repos.books.create({ title: 'Plans', author: '', description: '', cover_image_url: '' }, user.id);
    const { quiz } = await t.app.repos.quizzes.saveNewVersion(book, 'Plans quiz', QUIZ, user.id);
    ids = { user: user.id, book, quiz: quiz.id, organization: organization.id, membership: membership!.id };
  });

  const cases: [string, (repos: Repositories) => Promise<unknown>][] = [
    ['the session user (every request)', (r) => r.users.sessionUser(ids.user)],
    ['the content and accounts versions, then the user (every request)', (r) => r.users.requestUser(ids.user)],
    ['login by email', (r) => r.users.findForLogin('plans@x.example')],
    ['a user by email', (r) => r.users.findByEmail('plans@x.example')],
    ['the books list, a later page', (r) => r.books.list(page)],
    ['a book by id', (r) => r.books.findById(ids.book)],
    ['the books a user owns', (r) => r.books.ownsAny(ids.user)],
    ['the quiz of a book', (r) => r.quizzes.findByBook(ids.book)],
    ['a quiz by id', (r) => r.quizzes.findById(ids.quiz)],
    ['a version of a quiz', (r) => r.quizzes.findVersion(ids.quiz, 1)],
    ['the chapters of a book, a later page', (r) => r.chapters.list(ids.book, page)],
    ['a chapter', (r) => r.chapters.find(ids.book, 1)],
    ['my-scores, a later page', (r) => r.scores.listForUser(ids.user, page)],
    ['an attempt by its client id', (r) => r.scores.findAttempt(ids.user, 'attempt-1')],
    ['the members of an organization, a later page', (r) => r.organizations.listMembers(ids.organization, page)],
    ['an organization', (r) => r.organizations.findById(ids.organization)],
    ['the membership of a user', (r) => r.organizations.findMembershipOfUser(ids.user)],
    ['a membership', (r) => r.organizations.findMembership(ids.membership)],
    ['a refresh token', (r) => r.refreshTokens.find('jti-1')],
    ['the live tokens of a family', (r) => r.refreshTokens.liveInFamily('family-1')],
    ['the purge of expired token families', (r) => r.refreshTokens.deleteExpired()],
    ['an uploaded media path', (r) => r.media.exists('/media/images/x.png', 'image')],
    ['review cards, a later page', (r) => r.review.cardsPage(ids.user, undefined, page)],
    ["a book's review cards, a later page", (r) => r.review.cardsPage(ids.user, ids.book, page)],
    ['the current versions of the quizzes of a page of cards', (r) => r.review.quizVersions([{ quiz_id: ids.quiz, version: 1 }])],
    ['the review events of a page of cards', (r) => r.review.eventsOf(ids.user, [ids.quiz])],
    ['review events already stored', (r) => r.review.storedEventIds(ids.user, ['e-1', 'e-2'])],
    ["the learner's review cards on some quizzes", (r) => r.review.cardKeys(ids.user, [ids.quiz])],
    ['my repetitions, a later page', (r) => r.practice.repetitionsPage(ids.user, undefined, page)],
    ['my repetitions of a drill, a later page', (r) => r.practice.repetitionsPage(ids.user, 1, page)],
    ['repetitions already stored', (r) => r.practice.repetitionsByClientIds(ids.user, ['c-1', 'c-2'])],
    ["the learner's repetitions per capped drill", (r) => r.practice.counts(ids.user, [1, 2])],
    ['a repetition to verify or delete', (r) => r.practice.findRepetition(1)],
  ];

  for (const [name, fn] of cases) {
    it(name, async () => {
      for (const { sql, plan, scans } of await plansOf(fn)) {
        expect(scans, `${sql}\n  ${plan.join('\n  ')}`).toEqual([]);
      }
    });
  }
});

describe('search reads the full-text index', () => {
  const page = { page: 2, size: 20, offset: 20 };
  let book: number;

  beforeAll(async () => {
    const user = await createUser(t, { email: 'search-plans@x.example' });
    book = await t.app.repos.books.create({ title: 'Search plans', author: '', description: 'Critical view of safety', cover_image_url: '' }, user.id);
  });

  /**
   * The plan reads the full-text index (FTS5's MATCH, the tsvector's GIN index); in one book,
   * PostgreSQL may instead take the book's few entries by their index and test each.
   */
  const readsIndex = (plan: string[], inBook: boolean) =>
    plan.some((line) =>
      t.db.dialect === 'postgres'
        ? new RegExp(`Index Scan on search_entries_${inBook ? '(document|book)' : 'document'}_idx`).test(line)
        : /^SCAN search_fts VIRTUAL TABLE INDEX \d+:\S*M/.test(line),
    );

  for (const [name, inBook] of [
    ['in every book, a later page', false],
    ['in one book, a later page', true],
  ] as const) {
    it(name, async () => {
      for (const { sql, plan, scans } of await plansOf((r) => r.search.search(['critical', 'vie'], inBook ? book : undefined, page))) {
        // The last word's completions: a range of the vocabulary's key.
        if (/from search_terms/.test(sql)) {
          expect(
            plan.some((line) => /SEARCH search_terms USING PRIMARY KEY|Index (Only )?Scan (using|on) search_terms_pkey/.test(line)),
            plan.join('\n  '),
          ).toBe(true);
          continue;
        }
        expect(readsIndex(plan, inBook), `${sql}\n  ${plan.join('\n  ')}`).toBe(true);
        // Only the matches are sorted by relevance; nothing else is scanned.
        const others = scans.filter((line) => !/^SCAN search_fts VIRTUAL TABLE|USE TEMP B-TREE FOR ORDER BY/.test(line));
        expect(others, `${sql}\n  ${plan.join('\n  ')}`).toEqual([]);
      }
    });
  }
});

describe('the progress view reads each member’s rows by index (issue 35)', () => {
  let organization: number;
  let member: number;

  beforeAll(async () => {
    const owner = await createUser(t, { email: 'progress-plans@x.example' });
    organization = (await t.app.repos.organizations.create('Progress Plans Hospital', owner.id)).id;
    member = (await createUser(t, { email: 'progress-member@x.example', organization: { id: organization, role: 'member' } })).id;
    const book = await t.app.repos.books.create({ title: 'Progress plans', author: '', description: '', cover_image_url: '' }, owner.id);
    const chapter = await t.app.repos.chapters.create(book, { title: 'One', order: 1, content_delta: null });
    await t.app.repos.quizzes.saveNewVersion(book, 'Progress quiz', QUIZ, owner.id);
    const values = { due_date: null, note: '', pass_mark: 70 };
    await t.app.repos.assignments.create(organization, book, { ...values, to_all: true, members: [] }, owner.id);
    await t.app.repos.assignments.create(organization, book, { ...values, to_all: false, members: [member] }, owner.id);
    await t.app.repos.progress.recordReads(member, [{ client_event_id: 'e', chapter: chapter.id, read_at: '2026-01-01T00:00:00.000Z' }]);
    await t.app.repos.practice.createDrill({
      name: 'Peg transfer',
      instructions: null,
      target_seconds: 48,
      penalties: [],
      consecutive_passes: 2,
      further_passes: 10,
      max_repetitions: null,
    });
  });

  /**
   * A page sorts the organization's members (a thousand rows at most, by name or last sync): that
   * sort and the members' own rows are allowed, and so is the list of drills (every drill is a
   * column); reading events, scores, repetitions and the per-book figures are never scanned.
   */
  const progressScans = (plan: string[]) =>
    fullScans(plan).filter((line) => !/USE TEMP B-TREE FOR ORDER BY/.test(line) && !/^SCAN (m|u|s|memberships|users|learner_sync|drills)\b/.test(line));

  const sorts = ['name', '-last_synced', 'status'] as const;
  const cases: [string, (repos: Repositories) => Promise<unknown>][] = [
    ...sorts.map((sort): [string, (repos: Repositories) => Promise<unknown>] => [
      `a page sorted by ${sort}`,
      async (r) => (await ProgressView.load(r, organization)).page(sort, undefined, 50, 0),
    ]),
    ['a page filtered by status', async (r) => (await ProgressView.load(r, organization)).page('name', 'in_progress', 50, 0)],
    ['a member’s detail', (r) => memberProgress(r, organization, member)],
    [
      'the practice CSV',
      async (r) => {
        const chunks = [];
        for await (const chunk of (await ProgressView.load(r, organization)).practiceCsv('name', undefined)) chunks.push(chunk);
        return chunks;
      },
    ],
    ['my-assignments', (r) => myAssignments(r, member)],
    ['my-progress', (r) => myProgress(r, member)],
  ];

  for (const [name, fn] of cases) {
    it(name, async () => {
      for (const { sql, plan } of await plansOf(fn)) expect(progressScans(plan), `${sql}\n  ${plan.join('\n  ')}`).toEqual([]);
    });
  }
});

describe('a full scan is reported', () => {
  // The check itself must see a scan when there is one: a query by a column with no index.
  it('a lookup by an unindexed column', async () => {
    const query = db.selectFrom('books').selectAll().where('author', '=', 'Nobody').compile();
    expect(fullScans(await explain(query)).length).toBeGreaterThan(0);
  });
});
