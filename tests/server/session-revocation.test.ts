/**
 * Signing an account out everywhere (issue 32, points 1 and 7): a password change, a reset and
 * a deactivation end every session of the account at once — refresh tokens, including ones
 * rotating at that very moment, and access tokens issued before — and void the reset links
 * sent before. The race is run with real concurrency: on PostgreSQL (TEST_DATABASE_URL) the
 * refreshes and the change run on separate connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_RESET_LINK } from '../../src/contract/account';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from '../helpers/server-app';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const NEW_PASSWORD = 'Pneumoperitoneum#12';
// The race needs concurrent connections to happen at all: PostgreSQL runs it 20 times; SQLite,
// whose one connection serialises every transaction, a few times to hold the behaviour.
const TRIALS = process.env.TEST_DATABASE_URL ? 20 : 5;
const REFRESHERS = 8;

let smtp: TestSmtpServer;
let t: TestApp;
let seq = 0;
const address = (name: string) => `${name}-${++seq}@revoke.example`;
const refresh = (token: string) => call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: token } });
const profile = (access: string) => call(t, 'GET', '/api/accounts/profile/', { token: access });
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

async function requestResetToken(email: string): Promise<string> {
  const res = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email }, ip: `10.32.${seq % 250}.${Math.floor(seq / 250) + 1}` });
  expect(res.statusCode).toBe(200);
  return tokenOf(resetLinkIn(await smtp.waitFor(email)));
}

const changePassword = (access: string, current = TEST_PASSWORD) =>
  call(t, 'POST', '/api/accounts/password/change/', { token: access, body: { current_password: current, password: NEW_PASSWORD, password2: NEW_PASSWORD } });
const resetPassword = (token: string) => call(t, 'POST', '/api/accounts/password/reset/', { body: { token, password: NEW_PASSWORD, password2: NEW_PASSWORD } });

/**
 * One device refreshes in REFRESHERS loops (within the reuse grace, so all of them succeed)
 * while `end` signs the account out everywhere; answers how many of the tokens the device was
 * handed still work afterwards.
 */
async function raceTrial(email: string, end: () => Promise<void>): Promise<{ refresh: number; access: number; handedOut: number }> {
  const device = await login(t, email);
  let latest = device.refresh;
  const handed: { access: string; refresh: string }[] = [device];
  let stop = false;
  const loops = Array.from({ length: REFRESHERS }, async () => {
    while (!stop) {
      const res = await refresh(latest);
      if (res.statusCode !== 200) continue;
      const pair = res.json() as { access: string; refresh: string };
      handed.push(pair);
      latest = pair.refresh;
    }
  });
  while (handed.length < REFRESHERS) await new Promise((resolve) => setTimeout(resolve, 1));
  // Every token handed out before this one was exchanged again later in the same family: were
  // the family still alive, the newest ones would show it.
  const racing = handed.length - REFRESHERS;
  await end();
  await new Promise((resolve) => setTimeout(resolve, 20));
  stop = true;
  await Promise.all(loops);
  const refreshes = await Promise.all([...new Set(handed.slice(racing).map((p) => p.refresh))].map((r) => refresh(r)));
  const reads = await Promise.all(handed.map((p) => profile(p.access)));
  return {
    refresh: refreshes.filter((r) => r.statusCode === 200).length,
    access: reads.filter((r) => r.statusCode === 200).length,
    handedOut: handed.length,
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await t?.close();
  await smtp?.close();
});

describe('a password change while another device refreshes', () => {
  it(`leaves no working token of that device (${TRIALS} trials, ${REFRESHERS} refreshes at once)`, { timeout: 180_000 }, async () => {
    const survivors: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const email = address('change-race');
      await createUser(t, { email });
      const changer = await login(t, email);
      let changed: { access: string; refresh: string } | undefined;
      const result = await raceTrial(email, async () => {
        const res = await changePassword(changer.access);
        expect(res.statusCode).toBe(200);
        changed = res.json() as { access: string; refresh: string };
      });
      if (result.refresh || result.access)
        survivors.push(`trial ${trial}: ${result.refresh} refresh and ${result.access} access tokens of ${result.handedOut} still work`);
      // The device that changed the password keeps its new session.
      expect((await profile(changed!.access)).statusCode).toBe(200);
      expect((await refresh(changed!.refresh)).statusCode).toBe(200);
    }
    expect(survivors).toEqual([]);
  });
});

describe('a password reset while a device refreshes', () => {
  it(`leaves no working token of that device (${TRIALS} trials, ${REFRESHERS} refreshes at once)`, { timeout: 180_000 }, async () => {
    const survivors: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const email = address('reset-race');
      await createUser(t, { email });
      const token = await requestResetToken(email);
      const result = await raceTrial(email, async () => {
        expect((await resetPassword(token)).statusCode).toBe(200);
      });
      if (result.refresh || result.access)
        survivors.push(`trial ${trial}: ${result.refresh} refresh and ${result.access} access tokens of ${result.handedOut} still work`);
    }
    expect(survivors).toEqual([]);
  });
});

describe('access tokens after a password change or reset', () => {
  it("stops another device's access token at once after a change, while this device's new one works", async () => {
    const email = address('access-change');
    await createUser(t, { email });
    const phone = await login(t, email);
    const laptop = await login(t, email);
    expect((await profile(phone.access)).statusCode).toBe(200);
    const res = await changePassword(laptop.access);
    expect(res.statusCode).toBe(200);
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await profile(laptop.access)).statusCode).toBe(401);
    expect((await profile((res.json() as { access: string }).access)).statusCode).toBe(200);
  });

  it('stops every access token at once after a reset', async () => {
    const email = address('access-reset');
    await createUser(t, { email });
    const phone = await login(t, email);
    expect((await resetPassword(await requestResetToken(email))).statusCode).toBe(200);
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await profile((await login(t, email, NEW_PASSWORD)).access)).statusCode).toBe(200);
  });
});

describe('reset links after a password change', () => {
  it('refuses a link requested before the change', async () => {
    const email = address('stale-link');
    await createUser(t, { email });
    const token = await requestResetToken(email);
    const { access } = await login(t, email);
    expect((await changePassword(access)).statusCode).toBe(200);
    const res = await call(t, 'POST', '/api/accounts/password/reset/', {
      body: { token, password: 'Another#Password-77', password2: 'Another#Password-77' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [INVALID_RESET_LINK] });
    expect((await login(t, email, NEW_PASSWORD)).access).toBeTruthy();
  });
});

describe('deactivating an account', () => {
  it('ends its sessions for good: reactivated, its old tokens stay refused', async () => {
    const email = address('deactivated');
    const user = await createUser(t, { email });
    const session = await login(t, email);
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await profile(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    await t.db.kysely.updateTable('users').set({ is_active: 1 }).where('id', '=', user.id).execute();
    expect((await profile(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await profile((await login(t, email)).access)).statusCode).toBe(200);
  });
});
