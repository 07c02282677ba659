/**
 * `npm run bench`: figures, not pass/fail. API throughput and latency on the real app (SQLite,
 * or PostgreSQL with BENCH_DATABASE_URL) seeded with the demo content, and the PWA's sizes.
 * Every load loop is bounded in time and stays on 127.0.0.1.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../../server/app';
import { DIST_DIR } from '../../server/build';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createRepositories } from '../../server/repositories';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(name: string, request: () => Promise<Response>) {
  const latencies: number[] = [];
  let failures = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const start = performance.now();
        const res = await request();
        await res.arrayBuffer();
        if (res.status >= 400) failures++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(44)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms${failures ? `   ${failures} errors` : ''}`,
  );
}

async function api() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedDemo(createRepositories(db.kysely, db.dialect), config);
  const app = await buildApp({ config, db, loginLimits: { perAccount: { points: 1e6, seconds: 60 }, perIp: { points: 1e6, seconds: 60 } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  const post = (url: string, body: unknown, token?: string) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

  console.log(`API on ${db.dialect} — ${CONCURRENCY} concurrent clients, ${SECONDS} s each`);
  const t0 = performance.now();
  const { access } = (await (await post('/accounts/login/', { email: 'learner@example.com', password: DEMO_PASSWORD })).json()) as { access: string };
  console.log(`  one login (scrypt N=2^15)                     ${(performance.now() - t0).toFixed(0)} ms`);
  const auth = { authorization: `Bearer ${access}` };
  const books = (await (await fetch(`${base}/books/books/`, { headers: auth })).json()) as { results: { id: number; quiz: { id: number } | null }[] };
  const book = books.results.find((b) => b.quiz)!;
  const detail = (await (await fetch(`${base}/books/books/${book.id}/`, { headers: auth })).json()) as { quiz: { id: number; quiz_data: string } };
  const questions = JSON.parse(detail.quiz.quiz_data) as { id: number; answer: unknown }[];
  const answers = questions.map((q) => ({ questionId: q.id, answer: q.answer, status: 'answered' }));

  await load('GET /api/health/', () => fetch(`${base}/health/`));
  await load('GET /api/books/books/', () => fetch(`${base}/books/books/`, { headers: auth }));
  await load('GET /api/books/books/{id}/chapters/ (4 chapters)', () => fetch(`${base}/books/books/${book.id}/chapters/`, { headers: auth }));
  await load('POST /api/books/quizzes/{id}/scores/ (graded)', () =>
    post(`/books/quizzes/${detail.quiz.id}/scores/`, { total_questions: questions.length, correct_answers: 0, answers, client_attempt_id: crypto.randomUUID() }, access),
  );
  await load('GET /api/books/my-scores/', () => fetch(`${base}/books/my-scores/`, { headers: auth }));
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function sizes() {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    console.log('\nPWA sizes: no dist/ yet (run npm start or npm run build first)');
    return;
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(DIST_DIR);
  const gz = (file: string) => gzipSync(readFileSync(file)).length;
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const js = files.filter((f) => f.endsWith('.js'));
  console.log('\nPWA sizes (gzip)');
  console.log(`  all JavaScript: ${kib(js.reduce((s, f) => s + gz(f), 0))} in ${js.length} files; all files: ${kib(files.reduce((s, f) => s + statSync(f).size, 0))} raw`);
  const html = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => path.join(DIST_DIR, m[1]!));
  console.log(`  loaded by index.html before any route: ${kib(initial.reduce((s, f) => s + gz(f), 0))} (${initial.map((f) => path.basename(f)).join(', ')})`);
  const largest = js.map((f) => [path.basename(f), gz(f)] as const).sort((a, b) => b[1] - a[1]).slice(0, 5);
  for (const [name, size] of largest) console.log(`    ${name.padEnd(48)} ${kib(size)}`);
}

await api();
sizes();
