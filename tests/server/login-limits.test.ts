/**
 * Issue 13, hole 1: the login limit holds under concurrency. Every attempt takes its point
 * atomically when its password check starts, so simultaneous guesses cannot all be evaluated
 * while hashes are busy; a success gives its point back at once, so only failures count (issue
 * 32, point 8: a class signing in together behind one NAT). In memory and in Redis alike.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../helpers/server-app';
import { REDIS_URL, redisAnswers } from '../helpers/server-redis';

const redisAvailable = await redisAnswers();

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}`;

function suite(store: string, env: () => Record<string, string>) {
  describe(`login limits under concurrency (${store})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: env() });
    });
    afterAll(() => t?.close());

    it('evaluates at most 5 of 40 simultaneous logins for one account from one address', async () => {
      const email = `target-${randomBytes(4).toString('hex')}@x.example`;
      await createUser(t, { email });
      const ip = randomIp();
      const attempts = Array.from({ length: 40 }, (_, i) => (i === 20 ? TEST_PASSWORD : `wrong-guess-${i}`));
      const answers = await Promise.all(attempts.map((password) => call(t, 'POST', '/api/accounts/login/', { body: { email, password }, ip })));
      const statuses = answers.map((r) => r.statusCode);
      const evaluated = statuses.filter((s) => s === 401 || s === 200).length;
      expect(evaluated).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - evaluated);
      for (const r of answers.filter((r) => r.statusCode === 429)) {
        expect(r.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts/) });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('gives a successful login its point back: four failures, a success, then four more failures are all evaluated', async () => {
      const email = `returning-${randomBytes(4).toString('hex')}@x.example`;
      await createUser(t, { email });
      const ip = randomIp();
      const login = (password: string) => call(t, 'POST', '/api/accounts/login/', { body: { email, password }, ip });
      for (let i = 0; i < 4; i++) expect((await login(`wrong-${i}`)).statusCode).toBe(401);
      expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(`again-${i}`)).statusCode).toBe(401);
      expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('answers 100 simultaneous correct logins from one address without a 429, and leaves the address open', { timeout: 120_000 }, async () => {
      const ip = randomIp();
      const emails = Array.from({ length: 100 }, (_, i) => `class-${i}-${randomBytes(3).toString('hex')}@nat.example`);
      for (const email of emails) await createUser(t, { email });
      const answers = await Promise.all(emails.map((email) => call(t, 'POST', '/api/accounts/login/', { body: { email, password: TEST_PASSWORD }, ip })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      // Nothing was counted against the address: a mistyped password is an ordinary 401.
      expect((await call(t, 'POST', '/api/accounts/login/', { body: { email: emails[0], password: 'mistyped' }, ip })).statusCode).toBe(401);
    });

    it('holds the per-address limit across accounts under concurrency (30 a minute)', async () => {
      const ip = randomIp();
      const answers = await Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          call(t, 'POST', '/api/accounts/login/', { body: { email: `nobody-${i}@x.example`, password: 'Spray-attempt-1' }, ip }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    });
  });
}

suite('in memory', () => ({}));
if (redisAvailable) suite('Redis', () => ({ REDIS_URL }));
else console.warn(`Redis does not answer at ${REDIS_URL}: the Redis login-limit concurrency tests are skipped`);
