/**
 * Refresh-token rotation under concurrency (issue 13, hole 5).
 * - Within the reuse grace window (REFRESH_REUSE_GRACE_SECONDS, default 30 s: a retry after a
 *   lost answer on hospital Wi-Fi, two tabs at once) 20 simultaneous refreshes of one token all
 *   get working tokens, and afterwards the family has exactly one live refresh token.
 * - Outside the window a reuse revokes the whole family, every successor included, whatever
 *   the interleaving: no token handed out in or after the race still works.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from '../helpers/server-app';

const CONCURRENT = 20;

const familyOf = (refresh: string) => (JSON.parse(Buffer.from(refresh.split('.')[1]!, 'base64url').toString()) as { family: string }).family;

/** Refresh tokens of the family that can still be exchanged, as the database holds them. */
async function liveTokens(t: TestApp, family: string): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('refresh_tokens')
    .select('jti')
    .where('family_id', '=', family)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

const refresh = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: '/api/accounts/token/refresh/', payload: { refresh: token } });
const profile = (t: TestApp, access: string) => t.app.inject({ method: 'GET', url: '/api/accounts/profile/', headers: { authorization: `Bearer ${access}` } });

async function newSession(t: TestApp) {
  const email = `r-${randomBytes(5).toString('hex')}@x.example`;
  await createUser(t, { email });
  return login(t, email, TEST_PASSWORD);
}

describe('within the reuse grace window (default configuration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(`${CONCURRENT} concurrent refreshes of one token all get working tokens; the family keeps exactly one live refresh token`, async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { refresh: token } = await newSession(t);
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => refresh(t, token)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(CONCURRENT).fill(200));
      const pairs = answers.map((a) => a.json() as { access: string; refresh: string });
      for (const pair of pairs.slice(0, 3)) expect((await profile(t, pair.access)).statusCode).toBe(200);
      expect(await liveTokens(t, familyOf(token)), `trial ${trial}`).toBe(1);
      // The session goes on: the newest refresh token handed out can be exchanged.
      const onward = await Promise.all([...new Set(pairs.map((p) => p.refresh))].map((r) => refresh(t, r)));
      expect(onward.some((a) => a.statusCode === 200)).toBe(true);
      expect(await liveTokens(t, familyOf(token))).toBe(1);
    }
  });
});

describe('outside the reuse grace window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
  });
  afterAll(() => t?.close());

  it(`${CONCURRENT} concurrent refreshes of one token: the reuse revokes the family, the winner's new token included (10 trials)`, async () => {
    const survivors: string[] = [];
    for (let trial = 0; trial < 10; trial++) {
      const { refresh: token } = await newSession(t);
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => refresh(t, token)));
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
      const handedOut = answers.filter((a) => a.statusCode === 200).map((a) => (a.json() as { refresh: string }).refresh);
      const live = await liveTokens(t, familyOf(token));
      const stillWorking = (await Promise.all(handedOut.map((r) => refresh(t, r)))).filter((a) => a.statusCode === 200).length;
      if (live || stillWorking)
        survivors.push(`trial ${trial}: ${live} live in the database, ${stillWorking} of ${handedOut.length} handed-out tokens still work`);
    }
    expect(survivors).toEqual([]);
  });

  it('a rotated-out token presented after the window, racing its successor, revokes every token of the family', { timeout: 60_000 }, async () => {
    const t1 = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '1' } });
    try {
      const survivors: string[] = [];
      for (let trial = 0; trial < 5; trial++) {
        const { refresh: first } = await newSession(t1);
        const second = await refresh(t1, first);
        expect(second.statusCode).toBe(200);
        const successor = (second.json() as { refresh: string }).refresh;
        await new Promise((r) => setTimeout(r, 1300));
        // The thief replays the old token while the owner refreshes the current one, interleaved.
        const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => refresh(t1, i % 2 ? first : successor)));
        expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
        expect(answers.filter((_, i) => i % 2).every((a) => a.statusCode === 401)).toBe(true);
        const handedOut = answers.filter((a) => a.statusCode === 200).map((a) => (a.json() as { refresh: string }).refresh);
        const live = await liveTokens(t1, familyOf(first));
        const stillWorking = (await Promise.all([successor, ...handedOut].map((r) => refresh(t1, r)))).filter((a) => a.statusCode === 200).length;
        if (live || stillWorking) survivors.push(`trial ${trial}: ${live} live, ${stillWorking} tokens still work`);
      }
      expect(survivors).toEqual([]);
    } finally {
      await t1.close();
    }
  });
});
