/**
 * Data at scale: the demo content plus 100 000 users in 1 000 organizations, 10 000 books with
 * 50 000 chapters of generated text (search.ts) and 1 000 000 score records, written with multi-row INSERTs in one transaction per table (a few
 * minutes on SQLite here). Then the plan of every list query the API runs, read back with
 * EXPLAIN: a full scan of a big table on a hot path is reported.
 */
import { type CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { createMediaStorage } from '../../server/storage';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { seedScaleChapters } from './search';

export const SCALE = { users: 100_000, organizations: 1_000, books: 10_000, scores: 1_000_000, learnerScores: 1_000, demoOrganizationMembers: 100 };

type Kdb = Kysely<Database>;

async function insertInBatches<T extends keyof Database>(db: Kdb, table: T, count: number, row: (i: number) => Record<string, unknown>, columns: number) {
  // Both engines cap bound parameters (SQLite 32 766, PostgreSQL 65 535).
  const batch = Math.floor(30_000 / columns);
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < count; start += batch) {
      const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => row(start + k));
      await tx
        .insertInto(table)
        .values(rows as never)
        .execute();
    }
  });
}

/** Seeds the demo content and the scale rows into a fresh database (SQLite file in dataDir, or databaseUrl). */
export async function seedAtScale(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const db = handle.kysely;
  try {
    await migrateToLatest(handle);
    await seedDemo(createRepositories(db, handle.dialect), createMediaStorage(config));
    if (handle.dialect === 'sqlite') await sql`PRAGMA synchronous = OFF`.execute(db);

    const learnerEmail = DEMO_ACCOUNTS.find((a) => a.email.startsWith('learner'))?.email ?? 'learner@example.com';
    const learner = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', learnerEmail).executeTakeFirstOrThrow();
    const owner = await db.selectFrom('users').select('id').where('is_superuser', '=', 1).executeTakeFirstOrThrow();
    const demoOrg = await db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow();
    const quiz = await db.selectFrom('quizzes').select(['id', 'title', 'current_version']).orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();

    let t = performance.now();
    await insertInBatches(
      db,
      'users',
      SCALE.users,
      (i) => ({
        email: `user${i}@scale.example`,
        // One scrypt hash for all: hashing 100 000 passwords would take an hour.
        password_hash: learner.password_hash,
        full_name: `Scale User ${i}`,
        bio: '',
        phone_number: '',
        is_superuser: 0,
        is_staff: 0,
        is_active: 1,
        date_joined: iso(i * 1000),
      }),
      9,
    );
    const userIds = (await db.selectFrom('users').select('id').where('email', 'like', '%@scale.example').orderBy('id').execute()).map((r) => r.id);
    log(`    ${SCALE.users} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    await insertInBatches(
      db,
      'organizations',
      SCALE.organizations,
      (i) => ({ name: `Scale Hospital ${i}`, owner_id: userIds[i]!, created_at: iso(i * 1000) }),
      3,
    );
    const orgIds = (await db.selectFrom('organizations').select('id').where('name', 'like', 'Scale Hospital %').orderBy('id').execute()).map((r) => r.id);
    await insertInBatches(
      db,
      'memberships',
      SCALE.users,
      (i) => {
        // The first 100 join the demo organization, so its admin's member list is long; the
        // first user of each scale organization is its owner.
        const inDemo = i >= SCALE.organizations && i < SCALE.organizations + SCALE.demoOrganizationMembers;
        return {
          organization_id: inDemo ? demoOrg.id : orgIds[i % SCALE.organizations]!,
          user_id: userIds[i]!,
          role: i < SCALE.organizations ? 'owner' : 'member',
          created_at: iso(i * 1000),
        };
      },
      4,
    );
    log(`    ${SCALE.organizations} organizations and their memberships in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    await insertInBatches(
      db,
      'books',
      SCALE.books,
      (i) => ({
        title: `Scale Book ${i}: operative techniques`,
        author: 'Scale Author',
        description: 'A book added by the bench to measure lists at scale.',
        cover_image_url: '',
        owner_id: owner.id,
        created_at: iso(86_400_000 + i * 1000),
        updated_at: iso(86_400_000 + i * 1000),
      }),
      7,
    );
    log(`    ${SCALE.books} books in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await seedScaleChapters(db, handle.dialect, log);

    t = performance.now();
    await insertInBatches(
      db,
      'quiz_scores',
      SCALE.scores,
      (i) => {
        const isLearner = i < SCALE.learnerScores;
        const submitted = iso(i * 60_000);
        return {
          user_id: isLearner ? learner.id : userIds[i % userIds.length]!,
          quiz_id: quiz.id,
          quiz_title: quiz.title,
          quiz_version: quiz.current_version,
          correct_answers: i % 10,
          total_questions: 10,
          client_attempt_id: `scale-${i}`,
          answers: null,
          submitted_at: submitted,
          received_at: submitted,
        };
      },
      10,
    );
    log(`    ${SCALE.scores} score records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (handle.dialect === 'postgres') await sql`ANALYZE`.execute(db);
    else await sql`ANALYZE`.execute(db);
  } finally {
    await handle.close();
  }
}

/** The SQL of each list and lookup the API runs, captured from the repositories themselves. */
async function capturedQueries(db: Kdb, dialect: 'sqlite' | 'postgres', captured: CompiledQuery[]) {
  const repos = createRepositories(db, dialect);
  const learner = await db.selectFrom('users').select('id').where('email', 'like', 'learner%').executeTakeFirstOrThrow();
  const org = await db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow();
  const book = await db.selectFrom('books').select('id').orderBy('id').executeTakeFirstOrThrow();
  const page = { page: 1, size: 50, offset: 0 };
  const named: [string, () => Promise<unknown>][] = [
    ["a request's user with the content version (every request)", () => repos.users.requestUser(learner.id)],
    ['books list', () => repos.books.list(page)],
    ['book by id', () => repos.books.findById(book.id)],
    ['chapters of a book', () => repos.chapters.list(book.id, page)],
    ['my-scores', () => repos.scores.listForUser(learner.id, page)],
    ['organization members', () => repos.organizations.listMembers(org.id, page)],
  ];
  const out: { name: string; query: CompiledQuery; ms: number }[] = [];
  for (const [name, run] of named) {
    const from = captured.length;
    await run();
    const queries = captured.slice(from);
    // What the call costs when nothing is kept (the first request after a write): median of 21 runs.
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    const ms = times.sort((a, b) => a - b)[10]!;
    for (const query of queries) out.push({ name, query, ms });
  }
  return out;
}

const timing = (ms: number) => `(${ms.toFixed(2)} ms a call, uncached)`;

/** A page's total (`count(*)` of the whole list) reads every row by nature; a page of rows must not. */
function verdictOf(text: string, scans: boolean): string {
  if (!scans) return 'ok        ';
  return /^select count\(\*\)/i.test(text.trim()) ? 'count scan' : 'FULL SCAN ';
}

/** EXPLAIN of each hot-path query on the scale database: lines that scan a whole table. */
export async function explainHotPaths(dataDir: string, databaseUrl: string | undefined): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const logger = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const report: string[] = [];
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logger });
    try {
      for (const { name, query, ms } of await capturedQueries(db, 'postgres', captured)) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.parameters as unknown[]);
        const scans = rows.map((r) => r['QUERY PLAN']).filter((line) => /Seq Scan on (users|books|quiz_scores|memberships|organizations)\b/.test(line));
        report.push(`${verdictOf(query.sql, scans.length > 0)} ${name} ${timing(ms)}: ${scans.length ? scans.map((s) => s.trim()).join('; ') : 'indexed'}`);
      }
    } finally {
      await db.destroy();
    }
    return report;
  }
  const file = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).sqliteFile;
  const database = new SQLite(file, { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: logger });
  try {
    for (const { name, query, ms } of await capturedQueries(db, 'sqlite', captured)) {
      const plan = database.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[];
      // A walk along an index in its order (a page of ids, stopped by LIMIT) is not a full scan.
      const scans = plan
        .map((r) => r.detail)
        .filter(
          (line) =>
            (/^SCAN (users|books|quiz_scores|memberships|organizations|b|u|s|m)\b/.test(line) && !/USING (COVERING )?INDEX/.test(line)) ||
            /USE TEMP B-TREE FOR ORDER BY/.test(line),
        );
      report.push(`${verdictOf(query.sql, scans.length > 0)} ${name} ${timing(ms)}: ${scans.length ? scans.join('; ') : plan.map((r) => r.detail).join('; ')}`);
    }
  } finally {
    await db.destroy();
  }
  return report;
}
