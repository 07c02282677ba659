/**
 * Login limits under concurrency (issue 13, hole 1): 150 wrong passwords for one account from
 * one address, all sent at once, are evaluated no more often than the configured number of
 * failures — on the in-memory store, and on Redis shared by two app instances — and the right
 * password after the limit is refused too.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../server/plugins/login-limiter';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../helpers/server-app';
import { REDIS_URL, redisAnswers } from '../helpers/server-redis';

const ATTEMPTS = 150;
const LIMIT = DEFAULT_LOGIN_LIMITS.perAccount.points;

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

function attempt(t: TestApp, email: string, password: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { email, password }, remoteAddress: ip });
}

/** Fires every attempt at once (spread over the instances) and counts the answers by status. */
async function burst(instances: TestApp[], email: string, ip: string) {
  const answers = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(instances[i % instances.length]!, email, `wrong-guess-${i}`, ip)));
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.statusCode] = (byStatus[a.statusCode] ?? 0) + 1;
  for (const a of answers.filter((x) => x.statusCode === 429)) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  return byStatus;
}

describe('login limits hold under 150 concurrent attempts (in memory)', () => {
  let t: TestApp;
  const email = `target-${randomBytes(4).toString('hex')}@x.example`;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, { email });
  });
  afterAll(() => t?.close());

  it(`evaluates at most ${LIMIT} wrong passwords, answers 429 to the rest, and then refuses the right one`, { timeout: 120_000 }, async () => {
    const ip = randomIp();
    const byStatus = await burst([t], email, ip);
    console.log(`login burst (memory): ${JSON.stringify(byStatus)}`);
    expect(byStatus[500] ?? 0).toBe(0);
    expect(byStatus[200] ?? 0).toBe(0);
    expect(byStatus[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(ATTEMPTS);
    const right = await attempt(t, email, TEST_PASSWORD, ip);
    expect(right.statusCode).toBe(429);
    // Another address is not locked out by this one's guessing.
    expect((await attempt(t, email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('a burst mixing the right password in is limited the same way (the success does not reset a spent budget)', { timeout: 120_000 }, async () => {
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(t, email, i === ATTEMPTS - 1 ? TEST_PASSWORD : `wrong-${i}`, ip)));
    const evaluatedWrong = answers.slice(0, -1).filter((a) => a.statusCode === 401).length;
    expect(evaluatedWrong).toBeLessThanOrEqual(LIMIT);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
  });
});

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`Redis does not answer at ${REDIS_URL}: the shared-limit concurrency test is skipped`);

describe.skipIf(!redisUp)('login limits hold under 150 concurrent attempts spread over two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const email = `shared-${randomBytes(4).toString('hex')}@x.example`;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL } });
    b = await createTestApp({ env: { REDIS_URL } });
    await createUser(a, { email });
    await createUser(b, { email });
    // Until its Redis connection is up an instance counts in memory (the documented outage
    // fallback); the shared limit is what is tested here, so let both connect first.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it(`evaluates at most ${LIMIT} wrong passwords across both, and the right password is refused on either`, { timeout: 120_000 }, async () => {
    const ip = randomIp();
    const byStatus = await burst([a, b], email, ip);
    console.log(`login burst (Redis, two instances): ${JSON.stringify(byStatus)}`);
    expect(byStatus[500] ?? 0).toBe(0);
    expect(byStatus[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(ATTEMPTS);
    expect((await attempt(a, email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(b, email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });
});
