import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, QUIZ } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';
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

describe.skipIf(!available)('score-post limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  const email = `scores-${randomBytes(4).toString('hex')}@x.example`;
  const tokens: string[] = [];
  const quizIds: number[] = [];

  beforeAll(async () => {
    for (const i of [0, 1]) {
      const app = await createTestApp({ env: { REDIS_URL, SCORE_POST_LIMIT: '4' } });
      if (i === 0) a = app;
      else b = app;
      await createUser(app, { email: `su-${email}`, superuser: true });
      const user = await createUser(app, { email });
      // Counts are kept per user id in Redis: start this user's at zero whatever an earlier run left.
      const redis = new Redis(REDIS_URL);
      await redis.del(`lap:score_posts:${user.id}`);
      redis.disconnect();
      const su = (await login(app, `su-${email}`)).access;
      const book = (await call(app, 'POST', '/api/books/books/', { token: su, body: { title: 'Shared limit' } })).json();
      quizIds.push((await call(app, 'PUT', `/api/books/books/${book.id}/quiz/`, { token: su, body: { quiz_data: QUIZ } })).json().id);
      tokens.push((await login(app, email)).access);
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts the posts made on one instance when another is asked', async () => {
    const post = (i: number) =>
      call([a, b][i % 2]!, 'POST', `/api/books/quizzes/${quizIds[i % 2]}/scores/`, { token: tokens[i % 2], body: { answers: attemptAnswers(QUIZ, 1) } });
    for (let i = 0; i < 4; i++) expect((await post(i)).statusCode).toBe(201);
    const refused = await post(4);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
  });
});
