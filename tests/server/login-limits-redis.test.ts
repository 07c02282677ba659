import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../helpers/server-app';
import { REDIS_URL, redisAnswers } from '../helpers/server-redis';

const available = await redisAnswers();
if (!available) console.warn(`Redis does not answer at ${REDIS_URL}: the shared login-limit tests are skipped`);

describe.skipIf(!available)('login limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const email = `shared-${randomBytes(4).toString('hex')}@x.example`;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL } });
    // A second instance on the same database and the same Redis, as behind a load balancer.
    b = await createTestApp({ env: { REDIS_URL } });
    await createUser(a, { email });
    await createUser(b, { email });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts failures made on one instance when another is asked', async () => {
    const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 ? a : b, 'POST', '/api/accounts/login/', { body: { email, password: `wrong-${i}-guess` }, ip });
      expect(res.statusCode).toBe(401);
    }
    const res = await call(a, 'POST', '/api/accounts/login/', { body: { email, password: 'anything-else' }, ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });
});
