/**
 * What an anonymous client can make the server do (issue 32, points 2 and 9): registrations and
 * reset-link uses are limited per address, 'already exists' answers included; a made-up reset
 * link is refused before any password is hashed; 'Forgot password?' answers before it does
 * anything about the address, so neither its answer nor its timing depends on whether an
 * account uses it, nor on the mail server. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK } from '../../src/contract/account';
import { DEFAULT_LOGIN_LIMITS } from '../../server/plugins/login-limiter';
import { hashPassword } from '../../server/lib/passwords';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

const NEW_PASSWORD = 'Pneumoperitoneum#12';
const registration = (email: string) => ({ email, password: 'Laparoscopic-Port-42', password2: 'Laparoscopic-Port-42', full_name: 'New Trainee' });
const reset = (t: TestApp, token: string, ip: string) =>
  call(t, 'POST', '/api/accounts/password/reset/', { ip, body: { token, password: NEW_PASSWORD, password2: NEW_PASSWORD } });

/** An SMTP server that accepts connections and never answers: a mail transport that hangs. */
async function silentMailServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let t: TestApp;
let mail: Awaited<ReturnType<typeof silentMailServer>>;
beforeAll(async () => {
  mail = await silentMailServer();
  process.env.SMTP_URL = mail.url;
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await t?.close();
  await mail?.close();
});

describe('POST /api/accounts/register/ from one address', () => {
  const { points } = DEFAULT_LOGIN_LIMITS.registerPerIp;

  it(`answers 429 with Retry-After after ${points} registrations, 'already exists' answers included`, { timeout: 60_000 }, async () => {
    await createUser(t, { email: 'taken@register.example' });
    const ip = '10.32.1.1';
    const taken = await Promise.all(
      Array.from({ length: points - 2 }, () => call(t, 'POST', '/api/accounts/register/', { ip, body: registration('taken@register.example') })),
    );
    expect(taken.map((r) => r.statusCode)).toEqual(Array(points - 2).fill(400));
    expect(taken[0]!.json()).toEqual({ email: ['A user with this email already exists.'] });
    for (const n of [1, 2])
      expect((await call(t, 'POST', '/api/accounts/register/', { ip, body: registration(`new-${n}@register.example`) })).statusCode).toBe(201);
    const refused = await call(t, 'POST', '/api/accounts/register/', { ip, body: registration('taken@register.example') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t, 'POST', '/api/accounts/register/', { ip, body: registration('new-3@register.example') })).statusCode).toBe(429);
    // Another address registers as before.
    expect((await call(t, 'POST', '/api/accounts/register/', { ip: '10.32.1.2', body: registration('new-3@register.example') })).statusCode).toBe(201);
  });
});

describe('POST /api/accounts/password/reset/ with made-up links', () => {
  const { points } = DEFAULT_LOGIN_LIMITS.resetPerIp;

  it('refuses a link that does not exist without hashing the new password', async () => {
    const started = performance.now();
    await hashPassword('Measure-One-Hash-1');
    const oneHash = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const begin = performance.now();
      const res = await reset(t, `made-up-${i}-${'x'.repeat(30)}`, '10.32.2.1');
      times.push(performance.now() - begin);
      expect(res.json()).toEqual({ token: [INVALID_RESET_LINK] });
    }
    times.sort((a, b) => a - b);
    expect(times[2], `median refusal ${times[2]!.toFixed(1)} ms, one hash ${oneHash.toFixed(1)} ms`).toBeLessThan(oneHash / 3);
  });

  it(`answers 429 with Retry-After after ${points} refused links from one address; a successful reset is not counted`, async () => {
    const ip = '10.32.3.1';
    const statuses: number[] = [];
    for (let i = 0; i < points + 2; i++) statuses.push((await reset(t, `guess-${i}-${'y'.repeat(30)}`, ip)).statusCode);
    expect(statuses).toEqual([...Array(points).fill(400), 429, 429]);

    // From another address: a good link between refused ones does not use up the budget.
    const other = '10.32.3.2';
    const user = await createUser(t, { email: 'resetter@register.example' });
    for (let i = 0; i < points - 1; i++) expect((await reset(t, `other-${i}-${'z'.repeat(30)}`, other)).statusCode).toBe(400);
    const token = `good-link-${'g'.repeat(33)}`;
    await t.app.repos.passwordResets.create({ user_id: user.id, session_epoch: 0 }, token, 3600);
    expect((await reset(t, token, other)).statusCode).toBe(200);
    expect((await reset(t, `last-${'z'.repeat(30)}`, other)).statusCode).toBe(400);
    expect((await reset(t, `over-${'z'.repeat(30)}`, other)).statusCode).toBe(429);
  });
});

describe('POST /api/accounts/password/forgot/', () => {
  it('answers without waiting for the mail server', async () => {
    await createUser(t, { email: 'patient@forgot.example' });
    const begin = performance.now();
    const res = await call(t, 'POST', '/api/accounts/password/forgot/', { ip: '10.32.4.1', body: { email: 'patient@forgot.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: FORGOT_PASSWORD_ANSWER });
    expect(performance.now() - begin).toBeLessThan(1000);
    // The mail is on its way (the server it went to never answers).
    await expect.poll(() => mail.connections(), { timeout: 5000 }).toBeGreaterThan(0);
  });

  it('answers a known address before doing anything about it: the same answer even when storing its link fails', async () => {
    await createUser(t, { email: 'known@forgot.example' });
    const table = t.db.dialect === 'postgres' ? sql.raw(`${t.db.schema}.password_resets`) : sql.raw('password_resets');
    await sql`alter table ${table} rename to password_resets_away`.execute(t.db.kysely);
    try {
      const known = await call(t, 'POST', '/api/accounts/password/forgot/', { ip: '10.32.5.1', body: { email: 'known@forgot.example' } });
      const unknown = await call(t, 'POST', '/api/accounts/password/forgot/', { ip: '10.32.5.1', body: { email: 'unknown@forgot.example' } });
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      const away = t.db.dialect === 'postgres' ? sql.raw(`${t.db.schema}.password_resets_away`) : sql.raw('password_resets_away');
      await sql`alter table ${away} rename to password_resets`.execute(t.db.kysely);
    }
    // Storing works again: a later request is served as usual.
    const { access } = await login(t, 'known@forgot.example');
    expect(access).toBeTruthy();
  });
});
