/**
 * Issue 13, hole 5: refresh rotation is decided in one transaction holding the family's lock.
 * Within REFRESH_REUSE_GRACE_SECONDS of a rotation a token presented again (a retry after a lost
 * answer, two tabs) gets a working pair and the family keeps exactly one live refresh token;
 * after the window it is a detected reuse and the whole family, successors included, is revoked,
 * whatever the interleaving. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

const familyOf = (refresh: string) => (JSON.parse(Buffer.from(refresh.split('.')[1]!, 'base64url').toString()) as { family: string }).family;
const refresh = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: '/api/accounts/token/refresh/', payload: { refresh: token } });

async function live(t: TestApp, family: string): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('refresh_tokens')
    .select('jti')
    .where('family_id', '=', family)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

async function session(t: TestApp) {
  const email = `s-${randomBytes(5).toString('hex')}@x.example`;
  await createUser(t, { email });
  return login(t, email);
}

describe('refresh within the reuse grace window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 20 simultaneous refreshes of one token with working pairs, leaving one live refresh token', async () => {
    const { refresh: token } = await session(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(t, token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await live(t, familyOf(token))).toBe(1);
    // Exactly one of the refresh tokens handed out is the live one, and it still rotates.
    const outcomes = await Promise.all(
      answers.map(
        async (r) =>
          (await t.db.kysely.selectFrom('refresh_tokens').select('rotated_at').where('jti', '=', jtiOf(r.json().refresh)).executeTakeFirstOrThrow()).rotated_at,
      ),
    );
    expect(outcomes.filter((rotated) => rotated === null)).toHaveLength(1);
    const liveOne = answers[outcomes.indexOf(null)]!.json().refresh as string;
    expect((await refresh(t, liveOne)).statusCode).toBe(200);
  });

  it('answers a retry of a token whose successor was already used, and keeps one live token', async () => {
    const first = await session(t);
    const second = (await refresh(t, first.refresh)).json();
    const third = (await refresh(t, second.refresh)).json();
    const retry = await refresh(t, first.refresh);
    expect(retry.statusCode).toBe(200);
    expect(await live(t, familyOf(first.refresh))).toBe(1);
    expect((await refresh(t, retry.json().refresh)).statusCode).toBe(200);
    expect(third.refresh).toEqual(expect.any(String));
  });
});

const jtiOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

describe('refresh after the reuse grace window (REFRESH_REUSE_GRACE_SECONDS=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
  });
  afterAll(() => t?.close());

  it('revokes the whole family when 20 refreshes of one token race: no token handed out still works', async () => {
    const { refresh: token } = await session(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(t, token)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(19);
    expect(await live(t, familyOf(token))).toBe(0);
    for (const r of answers.filter((r) => r.statusCode === 200)) expect((await refresh(t, r.json().refresh)).statusCode).toBe(401);
  });

  it('revokes successors too when an old token is replayed while its successor is being rotated', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await session(t);
      const second = (await refresh(t, first.refresh)).json();
      const [replay, legit] = await Promise.all([refresh(t, first.refresh), refresh(t, second.refresh)]);
      expect(replay.statusCode).toBe(401);
      expect(await live(t, familyOf(first.refresh))).toBe(0);
      if (legit.statusCode === 200) expect((await refresh(t, legit.json().refresh)).statusCode).toBe(401);
    }
  });

  it('says why the sign-in ended', async () => {
    const first = await session(t);
    await refresh(t, first.refresh);
    const replay = await refresh(t, first.refresh);
    expect(replay.json()).toEqual({ detail: 'This sign-in was ended because its refresh token was used twice. Please log in again.' });
  });
});
