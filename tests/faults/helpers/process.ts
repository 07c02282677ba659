/**
 * The real server as a child process (`npm start`'s entry, server/start.ts, built PWA not
 * needed), which a fault test can kill -9, SIGTERM and start again on the same data; and a
 * few HTTP helpers that never throw on a refused connection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { attemptAnswers, singleChoice } from '../../helpers/quiz-fixture';
import { runCli, ROOT } from '../../helpers/server-process';

/** Every server child started, so a failed test leaves none running. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Kills (SIGKILL) every server child still running. */
export function killAllServers() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export const SUPERUSER = { email: 'chief@faults.example', password: 'Hasson-Entry-2026-faults' };

export interface ServerChild {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  signal(name: NodeJS.Signals): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerChild> {
  // Node itself with tsx's loader, not the tsx CLI: the CLI is a parent process that a
  // SIGKILL would end while the server in its child went on serving.
  // SCORE_POST_LIMIT=0: the fault tests' writers are one learner posting scores as fast as the
  // server answers, far past what the per-user limit lets a real learner send.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SKIP_BUILD: '1', SEED_DEMO: '0', SCORE_POST_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const check = () => {
      const match = /running at (http:\/\/[\d.:a-z]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { url, port: Number(new URL(url).port), child, output: () => output, exited, signal: (name) => child.kill(name) };
}

export async function createSuperuser(env: Record<string, string>) {
  const result = await runCli('server/cli/createsuperuser.ts', ['--email', SUPERUSER.email, '--password', SUPERUSER.password, '--full-name', 'Chief'], env);
  if (result.code !== 0) throw new Error(`createsuperuser failed: ${result.stdout}${result.stderr}`);
}

export interface Reply {
  status: number;
  body: string;
  json<T = unknown>(): T;
  headers: Headers;
}

/** fetch that answers status 0 (and the error) instead of throwing when the connection fails. */
export async function request(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Reply & { error?: string }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  try {
    const res = await fetch(url, { ...init, headers, body, signal: init.signal ?? AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, body: text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: '', headers: new Headers(), json: () => ({}) as never, error: cause?.code ?? (error as Error).message };
  }
}

export async function loginAs(base: string, email = SUPERUSER.email, password = SUPERUSER.password) {
  const res = await request(`${base}/api/accounts/login/`, { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return res.json<{ access: string; refresh: string }>();
}

/** A book with a one-question quiz, made through the API by the superuser; answers the quiz id. */
export async function createQuiz(base: string, token: string): Promise<number> {
  const book = await request(`${base}/api/books/books/`, { method: 'POST', token, json: { title: 'Fault book' } });
  if (book.status !== 201) throw new Error(`book: ${book.status} ${book.body}`);
  const { id } = book.json<{ id: number }>();
  const quiz = await request(`${base}/api/books/books/${id}/quiz/`, {
    method: 'PUT',
    token,
    json: { quiz_data: [singleChoice] },
  });
  if (quiz.status !== 201) throw new Error(`quiz: ${quiz.status} ${quiz.body}`);
  return quiz.json<{ id: number }>().id;
}

export const scoreBody = (attemptId: string) => ({
  client_attempt_id: attemptId,
  answers: attemptAnswers([singleChoice], 1),
  total_questions: 1,
  correct_answers: 1,
});

/** Every score record of the signed-in user, following the pages. */
export async function allScores(base: string, token: string): Promise<{ id: number; client_attempt_id: string | null }[]> {
  const out: { id: number; client_attempt_id: string | null }[] = [];
  let next: string | null = `${base}/api/books/my-scores/?page_size=100`;
  while (next) {
    const res = await request(next, { token });
    if (res.status !== 200) throw new Error(`my-scores: ${res.status} ${res.body}`);
    const page = res.json<{ next: string | null; results: { id: number; client_attempt_id: string | null }[] }>();
    out.push(...page.results);
    next = page.next ? new URL(page.next, base).href : null;
  }
  return out;
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
