/**
 * PostgreSQL stopped and started again under load, on a cluster of the test's own (Debian's
 * initdb and pg_ctl on a free port, never the machine's shared cluster). While it is down
 * every API answer is a 503 in the error shape — never a 500 — and within 5 s of its return
 * the service is whole again; no acknowledged score is lost.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../helpers/api-answers';
import { tempDataDir } from '../helpers/server-process';
import { ownCluster, postgresBinaries, type OwnCluster } from './helpers/postgres';
import { allScores, createQuiz, createSuperuser, killAllServers, loginAs, request, scoreBody, sleep, startServer, type ServerChild } from './helpers/process';

const binaries = postgresBinaries();
if (!binaries) console.warn('No PostgreSQL binaries under /usr/lib/postgresql: the PostgreSQL restart test is skipped');

interface Seen {
  /** When the request was sent and when its answer came. */
  sent: number;
  at: number;
  what: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

describe.skipIf(!binaries)('PostgreSQL restarted under load (own temporary cluster)', () => {
  let cluster: OwnCluster | undefined;
  let server: ServerChild | undefined;
  afterAll(() => {
    killAllServers();
    cluster?.destroy();
  });

  it('answers 503 in the error shape while the database is down, and full service within 5 s of its return', { timeout: 180_000 }, async () => {
    cluster = await ownCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database lap');
    await admin.end();
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/lap');
    const env = { DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl };
    await createSuperuser(env);
    server = await startServer(env);
    const base = server.url;
    const { access: token } = await loginAs(base);
    const quizId = await createQuiz(base, token);

    const seen: Seen[] = [];
    const acknowledged = new Set<string>();
    let running = true;
    const loop = (what: string, send: () => Promise<Awaited<ReturnType<typeof request>> & { id?: string }>) => async () => {
      while (running) {
        const sent = Date.now();
        const res = await send();
        seen.push({ sent, at: Date.now(), what, status: res.status, body: res.body, headers: Object.fromEntries(res.headers) });
        if (res.id && (res.status === 201 || res.status === 200)) acknowledged.add(res.id);
        await sleep(20);
      }
    };
    const load = Promise.all([
      loop('GET books', () => request(`${base}/api/books/books/`, { token }))(),
      loop('GET profile', () => request(`${base}/api/accounts/profile/`, { token }))(),
      loop('GET health', () => request(`${base}/api/health/`))(),
      loop('POST score', async () => {
        const id = randomUUID();
        return { ...(await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) })), id };
      })(),
      loop('POST login', () => request(`${base}/api/accounts/login/`, { method: 'POST', json: { email: 'nobody@x.example', password: 'wrong-password' } }))(),
    ]);

    await sleep(1500);
    cluster.stop('fast');
    const down = Date.now();
    await sleep(3000);
    const downEnd = Date.now();
    cluster.start();
    const back = Date.now();
    await sleep(7000);
    running = false;
    await load;

    // Requests sent once the database was down (a login whose lookup ran just before may still answer 401 after).
    const whileDown = seen.filter((s) => s.sent > down + 300 && s.at < downEnd);
    const after = seen.filter((s) => s.at >= back);
    // Full service: from the first moment after which every answer is a success.
    const lastFailure = after
      .filter((s) => s.status >= 400 && !(s.what === 'POST login' && s.status === 401) && !(s.what === 'POST login' && s.status === 429))
      .at(-1);
    const recoveredAfterMs = lastFailure ? lastFailure.at - back : 0;
    const fiveHundreds = seen.filter((s) => s.status >= 500 && s.status !== 503);
    const histogram = (list: Seen[]) => {
      const out: Record<string, number> = {};
      for (const s of list) out[`${s.what} ${s.status}`] = (out[`${s.what} ${s.status}`] ?? 0) + 1;
      return out;
    };
    // The health check may name its state beside the detail ({"status": "unavailable", "detail": …}) for monitors;
    // a wrong password is limited before the database is asked (429).
    const withoutHealthStatus = (s: Seen) => (s.what === 'GET health' ? JSON.stringify({ ...JSON.parse(s.body || '{}'), status: undefined }) : s.body);
    const badShape = whileDown
      .filter((s) => !(s.what === 'POST login' && s.status === 429))
      .map((s) => ({ s, problems: answerProblems({ statusCode: s.status, headers: s.headers, body: withoutHealthStatus(s) }, '', { allow5xx: [503] }) }))
      .filter((x) => x.problems.length || x.s.status !== 503);

    console.log(
      `PostgreSQL restart: ${seen.length} requests; while down ${JSON.stringify(histogram(whileDown))}; ` +
        `5xx other than 503: ${fiveHundreds.length}; full service ${recoveredAfterMs} ms after the database returned; ` +
        `scores acknowledged ${acknowledged.size}`,
    );
    for (const { s, problems } of badShape.slice(0, 5)) console.log(`  while down: ${s.what} → ${s.status} ${s.body.slice(0, 200)} ${problems.join('; ')}`);

    expect(whileDown.length).toBeGreaterThan(20);
    expect(badShape.map(({ s, problems }) => `${s.what} → ${s.status} ${s.body.slice(0, 120)} ${problems.join('; ')}`)).toEqual([]);
    expect(fiveHundreds.map((s) => `${s.what} → ${s.status} ${s.body.slice(0, 120)}`)).toEqual([]);
    expect(recoveredAfterMs).toBeLessThanOrEqual(5000);

    const stored = new Set((await allScores(base, token)).map((s) => s.client_attempt_id));
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    console.log(`PostgreSQL restart: writes acknowledged ${acknowledged.size}, lost ${lost.length}`);
    expect(lost).toEqual([]);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
