/**
 * The progress view at scale (issue 35): one organization of 1 000 members, 20 assigned books
 * of 50 chapters with a quiz each (half of them to all members, half to 500 named members),
 * 1 000 000 score records and 1 000 000 reading events (every member read every chapter once),
 * written with multi-row INSERTs through the triggers that keep `book_progress`. Then the app
 * runs in this process: a page of 50 members is asked for one at a time (the latency a director
 * sees), sorted by name, by status and filtered by status, and the CSV of all 1 000 members is
 * read as a stream while the process's memory is sampled. EXPLAIN of the pages' queries follows.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, type LogEvent, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { createRepositories } from '../../server/repositories';
import { ProgressView } from '../../server/services/progress-view';
import { QUIZ, attemptAnswers } from '../helpers/quiz-fixture';

export const PROGRESS_SCALE = { members: 1_000, books: 20, chaptersPerBook: 50, scores: 1_000_000 };
const PASSWORD = 'Bench-Progress-2026';

async function insertInBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  count: number,
  row: (i: number) => Record<string, unknown>,
  columns: number,
) {
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

/** Seeds the organization; answers its id and the owner's email. */
async function seed(db: Kysely<Database>, sqlite: boolean, log: (line: string) => void) {
  if (sqlite) await sql`PRAGMA synchronous = OFF`.execute(db);
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  let t = performance.now();
  const lap = (what: string) => {
    log(`    ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  const { members, books, chaptersPerBook, scores } = PROGRESS_SCALE;
  await insertInBatches(
    db,
    'users',
    members,
    (i) => ({
      email: `member${i}@progress.example`,
      password_hash: hash,
      full_name: `Resident ${String((i * 7919) % members).padStart(4, '0')}`,
      bio: '',
      phone_number: '',
      is_superuser: 0,
      is_staff: 0,
      is_active: 1,
      date_joined: iso(0),
    }),
    9,
  );
  const userIds = (await db.selectFrom('users').select('id').where('email', 'like', '%@progress.example').orderBy('id').execute()).map((r) => r.id);
  const organization = await db
    .insertInto('organizations')
    .values({ name: 'Bench Hospital', owner_id: userIds[0]!, created_at: iso(0) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertInBatches(
    db,
    'memberships',
    members,
    (i) => ({ organization_id: organization.id, user_id: userIds[i]!, role: i === 0 ? 'owner' : 'member', created_at: iso(0) }),
    4,
  );
  lap(`${members} members`);

  const bookIds: number[] = [];
  const quizIds: number[] = [];
  for (let b = 0; b < books; b++) {
    const { id } = await db
      .insertInto('books')
      .values({ title: `Module ${b + 1}`, author: '', description: '', cover_image_url: '', owner_id: userIds[0]!, created_at: iso(0), updated_at: iso(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    bookIds.push(id);
    const quiz = await db
      .insertInto('quizzes')
      .values({ book_id: id, title: `Module ${b + 1} quiz`, current_version: 1, created_at: iso(0), updated_at: iso(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    quizIds.push(quiz.id);
    await db
      .insertInto('quiz_versions')
      .values({ quiz_id: quiz.id, version: 1, quiz_data: JSON.stringify(QUIZ), created_by: null, created_at: iso(0) })
      .execute();
  }
  await insertInBatches(
    db,
    'chapters',
    books * chaptersPerBook,
    (i) => ({
      book_id: bookIds[Math.floor(i / chaptersPerBook)]!,
      title: `Chapter ${i}`,
      content_delta: null,
      order: i % chaptersPerBook,
      created_at: iso(0),
      updated_at: iso(0),
    }),
    6,
  );
  const chapters = await db.selectFrom('chapters').select(['id', 'book_id']).where('book_id', 'in', bookIds).orderBy('id').execute();
  for (let b = 0; b < books; b++)
    await db
      .insertInto('assignments')
      .values({
        organization_id: organization.id,
        book_id: bookIds[b]!,
        to_all: b % 2 === 0 ? 1 : 0,
        due_date: b % 3 === 0 ? '2020-01-01' : b % 3 === 1 ? '2099-12-31' : null,
        note: '',
        pass_mark: 70,
        created_by: userIds[0]!,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .execute();
  const named = await db.selectFrom('assignments').select('id').where('organization_id', '=', organization.id).where('to_all', '=', 0).execute();
  for (const { id } of named)
    await insertInBatches(db, 'assignment_members', members / 2, (i) => ({ assignment_id: id, user_id: userIds[(i * 2 + (id % 2)) % members]! }), 2);
  lap(`${books} books of ${chaptersPerBook} chapters, ${books} assignments`);

  const answers = JSON.stringify(attemptAnswers(QUIZ, 2));
  const perUser = scores / members;
  await insertInBatches(
    db,
    'quiz_scores',
    scores,
    (i) => {
      const user = Math.floor(i / perUser);
      const at = iso((scores - i) * 1000);
      return {
        user_id: userIds[user]!,
        quiz_id: quizIds[i % books]!,
        quiz_title: 'Quiz',
        quiz_version: 1,
        correct_answers: (i * 31) % 5,
        total_questions: 4,
        client_attempt_id: null,
        answers,
        submitted_at: at,
        received_at: at,
        client_completed_at: null,
      };
    },
    11,
  );
  lap(`${scores} score records`);
  const reads = members * chapters.length;
  await insertInBatches(
    db,
    'chapter_reads',
    reads,
    (i) => {
      const chapter = chapters[i % chapters.length]!;
      const at = iso((reads - i) * 1000);
      return {
        user_id: userIds[Math.floor(i / chapters.length)]!,
        chapter_id: chapter.id,
        book_id: chapter.book_id,
        first_read_at: at,
        client_event_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        received_at: at,
      };
    },
    6,
  );
  lap(`${reads} reading events`);
  await sql`ANALYZE`.execute(db);
  return { organizationId: organization.id, ownerEmail: 'member0@progress.example' };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export interface ProgressFigures {
  pages: { name: string; p50: number; p99: number }[];
  csv: { ms: number; bytes: number; rows: number; rssBefore: number; rssPeak: number; rssAfter: number; heapBefore: number; heapPeak: number };
  plans: string[];
}

/** Seeds a database of its own (SQLite in dataDir, or databaseUrl) and measures the progress view. */
export async function measureProgress(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void, requests = 60): Promise<ProgressFigures> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const { organizationId, ownerEmail } = await seed(db.kysely, db.dialect === 'sqlite', log);
  const app = await buildApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ownerEmail, password: PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const url = (query: string) => `${base}/api/accounts/organizations/${organizationId}/progress/${query}`;
    const pages: ProgressFigures['pages'] = [];
    for (const [name, query] of [
      ['page 1 by name', ''],
      ['page 10 by name', '?page=10'],
      ['page 1 by last sync', '?sort=-last_synced'],
      ['page 1 by status', '?sort=status'],
      ['page 1 of the overdue', '?status=overdue'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < requests + 5; i++) {
        const started = performance.now();
        const res = await fetch(url(query), { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        // The first few warm the caches.
        if (i >= 5) times.push(performance.now() - started);
      }
      pages.push({ name, p50: Math.round(percentile(times, 0.5)), p99: Math.round(percentile(times, 0.99)) });
    }

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let rssPeak = rssBefore;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    }, 5);
    const started = performance.now();
    const res = await fetch(url('?format=csv'), { headers });
    let bytes = 0;
    let rows = 0;
    // Read as it comes and dropped: the client keeps nothing, so the samples are the server's.
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows++;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    global.gc?.();
    const csv = { ms: Math.round(ms), bytes, rows, rssBefore, rssPeak, rssAfter: process.memoryUsage().rss, heapBefore, heapPeak };

    const plans = await explainPage(db.dialect, config, organizationId);
    return { pages, csv, plans };
  } finally {
    await app.close();
    await db.close();
  }
}

/**
 * The plan of every query a page sorted by status and a page filtered by status run, read back
 * with EXPLAIN on a connection of its own that logs the queries as the repositories compile them.
 */
export async function explainPage(dialect: 'sqlite' | 'postgres', config: Config, organizationId: number): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const db =
    dialect === 'sqlite'
      ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(config.sqliteFile) }), log })
      : new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }) }), log });
  try {
    const repos = createRepositories(db, dialect);
    const view = await ProgressView.load(repos, organizationId);
    await view.page('status', undefined, 50, 0);
    await view.page('name', 'overdue', 50, 0);
    const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const plans: string[] = [];
    for (const query of captured.splice(0)) {
      const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${explain}${query.sql}`, [...query.parameters]));
      const text = query.sql.replace(/\s+/g, ' ').trim();
      plans.push(`${text.length > 90 ? `${text.slice(0, 90)}…` : text}`, ...rows.map((r) => `  ${String(r.detail ?? r['QUERY PLAN'])}`));
    }
    return plans;
  } finally {
    await db.destroy();
  }
}

export const describeCsv = (c: ProgressFigures['csv']) =>
  `${c.rows} lines, ${mib(c.bytes)} in ${c.ms} ms; process RSS ${mib(c.rssBefore)} before, ${mib(c.rssPeak)} at most, ${mib(c.rssAfter)} after; heap ${mib(c.heapBefore)} before, ${mib(c.heapPeak)} at most`;
