/**
 * API throughput against a ceiling: each endpoint is loaded with autocannon (50 connections
 * by default), then a bare Fastify process answering the same bytes from memory is loaded the
 * same way, right after, on the same machine. The ratio says how much of the machine's HTTP
 * capacity the app keeps once auth, validation, the database and serialisation are added.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../helpers/server-process';

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  /** Path under the server, e.g. /api/books/books/. */
  url: string;
  headers: Record<string, string>;
  /** A new body for every request (score POSTs carry a fresh attempt id). */
  body?: () => string;
  /** A new path for every request (searches take their queries in turn); `url` is the first. */
  nextUrl?: () => string;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/** Warm-up runs at most (one second each) before the measured one. */
const MAX_WARM_UP_RUNS = 6;

/**
 * Loads one endpoint of `baseURL` for `seconds` after a warm-up of one-second runs, repeated
 * until two in a row agree within 15 % (at most MAX_WARM_UP_RUNS): a PostgreSQL database
 * created and seeded just before served the first few seconds at a fraction of its steady
 * rate (1 100 req/s, then 7 300, and 9 800 after 30 s idle), which is not the API's throughput.
 */
export async function load(baseURL: string, endpoint: Endpoint, options: LoadOptions): Promise<LoadFigures> {
  const run = (duration: number) =>
    autocannon({
      url: baseURL,
      connections: options.connections,
      duration,
      requests: [
        {
          method: endpoint.method,
          path: endpoint.url,
          headers: { ...endpoint.headers, ...(endpoint.body ? { 'content-type': 'application/json' } : {}) },
          ...(endpoint.body || endpoint.nextUrl
            ? {
                setupRequest: (request) => ({
                  ...request,
                  ...(endpoint.body ? { body: endpoint.body() } : {}),
                  ...(endpoint.nextUrl ? { path: endpoint.nextUrl() } : {}),
                }),
              }
            : {}),
        },
      ],
    });
  let previous = (await run(1)).requests.average;
  for (let i = 1; i < MAX_WARM_UP_RUNS; i++) {
    const rate = (await run(1)).requests.average;
    const steady = Math.abs(rate - previous) <= 0.15 * Math.max(rate, previous);
    previous = rate;
    if (steady) break;
  }
  const result = await run(options.seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** One real answer of each endpoint, recorded for the ceiling. */
export async function recordAnswers(baseURL: string, endpoints: Endpoint[]) {
  const answers = [];
  for (const endpoint of endpoints) {
    const response = await fetch(baseURL + endpoint.url, {
      method: endpoint.method,
      headers: { ...endpoint.headers, ...(endpoint.body ? { 'content-type': 'application/json' } : {}) },
      body: endpoint.body?.(),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${endpoint.method} ${endpoint.url} answered ${response.status}: ${body.slice(0, 300)}`);
    answers.push({ method: endpoint.method, url: endpoint.url, status: response.status, body, bytes: Buffer.byteLength(body) });
  }
  return answers;
}

export interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

/** Starts tests/bench/ceiling-server.ts with the recorded answers. */
export async function startCeiling(answers: { method: string; url: string; status: number; body: string }[]): Promise<Ceiling> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lap-bench-ceiling-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'tests/bench/ceiling-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ceiling server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /ceiling at (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ceiling server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        if (child.exitCode !== null) {
          rmSync(dir, { recursive: true, force: true });
          return resolve();
        }
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface BooksPage {
  results: { id: number; quiz: { id: number } | null }[];
}

/** The endpoints of issue 12, for a signed-in learner on the demo content. */
export async function demoEndpoints(baseURL: string, access: string): Promise<Endpoint[]> {
  const headers = { authorization: `Bearer ${access}` };
  const books = (await (await fetch(`${baseURL}/api/books/books/`, { headers })).json()) as BooksPage;
  const book = books.results.find((b) => b.quiz) ?? books.results[0];
  if (!book?.quiz) throw new Error('The demo content has no book with a quiz');
  const quizId = book.quiz.id;
  // The server grades the answers itself: send the right ones (the heaviest path of a POST).
  const detail = (await (await fetch(`${baseURL}/api/books/books/${book.id}/`, { headers })).json()) as { quiz: { quiz_data: string; version: number } };
  const questions = JSON.parse(detail.quiz.quiz_data) as { id: number | string; answer: unknown }[];
  const answers = questions.map((q) => ({ questionId: q.id, answer: q.answer, status: 'answered' }));
  return [
    { name: 'GET books list (signed in)', method: 'GET', url: '/api/books/books/', headers },
    { name: 'GET book detail with its quiz', method: 'GET', url: `/api/books/books/${book.id}/`, headers },
    { name: 'GET chapter list with texts', method: 'GET', url: `/api/books/books/${book.id}/chapters/`, headers },
    { name: 'GET my-scores', method: 'GET', url: '/api/books/my-scores/', headers },
    {
      name: 'POST a quiz score',
      method: 'POST',
      url: `/api/books/quizzes/${quizId}/scores/`,
      headers,
      body: () => JSON.stringify({ answers, quiz_version: detail.quiz.version, client_attempt_id: randomUUID() }),
    },
  ];
}

/** Signs a demo account in through the API and returns its access token. */
export async function signIn(baseURL: string, email: string, password: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${baseURL}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Login of ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access: string; refresh: string };
}
