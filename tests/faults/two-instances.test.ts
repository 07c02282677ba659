/**
 * Beyond one machine: two app instances (real processes) on one PostgreSQL and one Redis,
 * behind Debian's nginx started by the test with its own configuration. Through the proxy:
 * a login limit hit on one instance holds on the other, a refresh token rotated on one is
 * refused as reused on the other once the grace window has passed (and its successor dies
 * with it), and a score posted twice through different instances is stored once — also
 * when ten copies race.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server-process';
import { startNginx, nginxBinary, type Nginx } from './helpers/nginx';
import { postgresUrl, tempDatabase } from './helpers/postgres';
import {
  allScores,
  createQuiz,
  createSuperuser,
  killAllServers,
  loginAs,
  request,
  scoreBody,
  sleep,
  startServer,
  SUPERUSER,
  type ServerChild,
} from './helpers/process';
import { REDIS_URL, redisAnswers } from '../helpers/server-redis';

const adminUrl = await postgresUrl();
const missing = [
  !nginxBinary() && 'nginx is not installed',
  !adminUrl && 'PostgreSQL does not answer',
  !(await redisAnswers()) && `Redis does not answer at ${REDIS_URL}`,
].filter(Boolean);
if (missing.length) console.warn(`Two-instance test skipped: ${missing.join('; ')}`);

describe.skipIf(missing.length > 0)('two instances on one PostgreSQL and one Redis behind nginx', () => {
  let database: Awaited<ReturnType<typeof tempDatabase>>;
  let nginx: Nginx;
  const instances: ServerChild[] = [];
  let base: string;
  let quizId: number;
  const upstreamOf = (res: { headers: Headers }) => res.headers.get('x-upstream');

  beforeAll(async () => {
    database = await tempDatabase(adminUrl!);
    const secret = randomBytes(32).toString('hex');
    const env = (dataDir: string) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL,
      SECRET_KEY: secret,
      TRUST_PROXY: '1',
      REFRESH_REUSE_GRACE_SECONDS: '1',
    });
    const first = tempDataDir();
    await createSuperuser(env(first));
    instances.push(await startServer(env(first)));
    instances.push(await startServer(env(tempDataDir())));
    nginx = await startNginx([`127.0.0.1:${instances[0]!.port}`, `127.0.0.1:${instances[1]!.port}`]);
    base = nginx.url;
    // Both instances connect to Redis before the limits are tested.
    await sleep(500);
    const { access } = await loginAs(base);
    quizId = await createQuiz(base, access);
  });
  afterAll(async () => {
    await nginx?.stop();
    for (const instance of instances) instance.signal('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    killAllServers();
    await database?.drop();
  });

  it('a login limit hit on one instance holds on the other', async () => {
    const email = `limited-${randomBytes(4).toString('hex')}@x.example`;
    // Registered through the proxy, so the account exists for both.
    const registered = await request(`${base}/api/accounts/register/`, {
      method: 'POST',
      json: { email, password: 'Trocar-Placement-77', password2: 'Trocar-Placement-77', full_name: 'Limited Learner' },
    });
    expect(registered.status).toBe(201);
    const seen: { status: number; upstream: string | null }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(`${base}/api/accounts/login/`, { method: 'POST', json: { email, password: `wrong-${i}-password` } });
      seen.push({ status: res.status, upstream: upstreamOf(res) });
    }
    for (let i = 0; i < 2; i++) {
      const res = await request(`${base}/api/accounts/login/`, { method: 'POST', json: { email, password: 'Trocar-Placement-77' } });
      seen.push({ status: res.status, upstream: upstreamOf(res) });
    }
    console.log(`two instances, login limit: ${JSON.stringify(seen)}`);
    expect(seen.slice(0, 5).map((s) => s.status)).toEqual([401, 401, 401, 401, 401]);
    // The right password, once on each instance, is refused on both.
    expect(seen.slice(5).map((s) => s.status)).toEqual([429, 429]);
    expect(new Set(seen.slice(5).map((s) => s.upstream)).size).toBe(2);
  });

  it('a refresh token rotated on one instance is refused as reused on the other, and its successor dies with it', async () => {
    const { refresh } = await loginAs(base);
    const rotated = await request(`${base}/api/accounts/token/refresh/`, { method: 'POST', json: { refresh } });
    expect(rotated.status).toBe(200);
    const successor = rotated.json<{ refresh: string }>().refresh;
    await sleep(1500);
    const reused = await request(`${base}/api/accounts/token/refresh/`, { method: 'POST', json: { refresh } });
    console.log(`two instances, refresh: rotated on ${upstreamOf(rotated)}, reuse on ${upstreamOf(reused)} → ${reused.status} ${reused.body}`);
    expect(upstreamOf(reused)).not.toBe(upstreamOf(rotated));
    expect(reused.status).toBe(401);
    const afterwards = await Promise.all([0, 1].map(() => request(`${base}/api/accounts/token/refresh/`, { method: 'POST', json: { refresh: successor } })));
    expect(afterwards.map((a) => a.status)).toEqual([401, 401]);
  });

  it('a score posted twice through different instances is stored once, also when ten copies race', async () => {
    const { access: token } = await loginAs(base, SUPERUSER.email, SUPERUSER.password);
    const id = randomUUID();
    const first = await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) });
    const second = await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) });
    expect(upstreamOf(first)).not.toBe(upstreamOf(second));
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);

    const raced = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(raced) })),
    );
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    const stored = (await allScores(base, token)).filter((s) => s.client_attempt_id === id || s.client_attempt_id === raced);
    console.log(`two instances, scores: ${answers.length + 2} posts of 2 attempts through both instances, ${stored.length} stored`);
    expect(stored).toHaveLength(2);
  });
});
