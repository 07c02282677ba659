/**
 * Issue 14, account self-service: forgotten password (a single-use, time-limited link sent
 * through a real SMTP server started here), the reset (every sign-in ended), profile edits and
 * the password change (current password required, every other sign-in ended). Runs on SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK, RESET_LINK_VALID, WRONG_CURRENT_PASSWORD } from '../../src/contract/account';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from '../helpers/server-app';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const NEW_PASSWORD = 'Pneumoperitoneum#12';
let smtp: TestSmtpServer;
let t: TestApp;
let seq = 0;
const email = (name: string) => `${name}-${++seq}@hospital.example`;
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);
const refresh = (token: string) => call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: token } });

async function requestLink(address: string, ip = '10.0.0.1'): Promise<string> {
  const res = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: address }, ip });
  expect(res.statusCode).toBe(200);
  return resetLinkIn(await smtp.waitFor(address));
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Institute <no-reply@institute.example>';
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await t?.close();
  await smtp?.close();
});

describe('POST /api/accounts/password/forgot/', () => {
  it('sends a reset link to the account through SMTP, and answers the same for an unknown address', async () => {
    const address = email('forgot');
    await createUser(t, { email: address, full_name: 'Dr. Meera Iyer' });
    const known = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: address.toUpperCase() }, ip: '10.0.1.1' });
    const unknown = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: 'nobody@hospital.example' }, ip: '10.0.1.1' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());

    const mail = await smtp.waitFor(address);
    expect(mail.from).toBe('no-reply@institute.example');
    expect(mail.subject).toContain('new password');
    expect(mail.text).toContain('Hello Dr. Meera Iyer');
    expect(resetLinkIn(mail)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${t.config.port}/reset-password\\?token=`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to.includes('nobody@hospital.example'))).toBe(false);
  });

  it('stores only a hash of the token', async () => {
    const address = email('hash');
    await createUser(t, { email: address });
    const token = tokenOf(await requestLink(address, '10.0.2.1'));
    const rows = await t.db.kysely
      .selectFrom('password_resets' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('limits requests for one address (429 with Retry-After)', async () => {
    const address = email('limit');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: address }, ip: `10.0.3.${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: address }, ip: '10.0.3.9' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a malformed email as a field error', async () => {
    const res = await call(t, 'POST', '/api/accounts/password/forgot/', { body: { email: 'not-an-email' }, ip: '10.0.4.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('email');
  });
});

describe('POST /api/accounts/password/reset/', () => {
  it('sets the new password once, ends every sign-in, and refuses the link a second time', async () => {
    const address = email('reset');
    await createUser(t, { email: address });
    const phone = await login(t, address);
    const laptop = await login(t, address);
    const token = tokenOf(await requestLink(address, '10.0.5.1'));

    const weak = await call(t, 'POST', '/api/accounts/password/reset/', { body: { token, password: '12345678', password2: '12345678' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');

    const res = await call(t, 'POST', '/api/accounts/password/reset/', { body: { token, password: NEW_PASSWORD, password2: NEW_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    await expect(login(t, address)).rejects.toThrow(/401/);
    expect((await login(t, address, NEW_PASSWORD)).access).toBeTruthy();

    const again = await call(t, 'POST', '/api/accounts/password/reset/', {
      body: { token, password: 'Another#Password-77', password2: 'Another#Password-77' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [INVALID_RESET_LINK] });
  });

  it('refuses an expired link and an unknown one', async () => {
    const address = email('expired');
    await createUser(t, { email: address });
    const token = tokenOf(await requestLink(address, '10.0.6.1'));
    await t.db.kysely
      .updateTable('password_resets' as never)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() } as never)
      .execute();
    const expired = await call(t, 'POST', '/api/accounts/password/reset/', { body: { token, password: NEW_PASSWORD, password2: NEW_PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: [INVALID_RESET_LINK] });
    const unknown = await call(t, 'POST', '/api/accounts/password/reset/', {
      body: { token: 'x'.repeat(43), password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(unknown.json()).toEqual({ token: [INVALID_RESET_LINK] });
    await expect(login(t, address)).resolves.toHaveProperty('access');
  });
});

describe('POST /api/accounts/password/reset/check/', () => {
  const check = (token: string, ip = '10.0.7.1') => call(t, 'POST', '/api/accounts/password/reset/check/', { body: { token }, ip });

  it('says whether a link works before a password is typed, and uses nothing up', async () => {
    const address = email('check');
    await createUser(t, { email: address });
    const token = tokenOf(await requestLink(address, '10.0.7.1'));
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: RESET_LINK_VALID });
    }
    expect((await call(t, 'POST', '/api/accounts/password/reset/', { body: { token, password: NEW_PASSWORD, password2: NEW_PASSWORD } })).statusCode).toBe(200);
    // Used: refused, as an unknown or expired one is.
    expect((await check(token)).json()).toEqual({ token: [INVALID_RESET_LINK] });
    expect((await check('y'.repeat(43))).statusCode).toBe(400);
    expect((await check('')).json()).toHaveProperty('token');
  });

  it('counts refused links like refused resets: guessing from one address is limited (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await check(`guess-${i}-${'z'.repeat(40)}`, '10.0.8.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('PATCH /api/accounts/profile/', () => {
  it("corrects one's full name, bio and phone number, and refuses other fields", async () => {
    const address = email('profile');
    await createUser(t, { email: address, full_name: 'Dr Wrong Name' });
    const { access } = await login(t, address);
    const res = await call(t, 'PATCH', '/api/accounts/profile/', {
      token: access,
      body: { full_name: 'Dr. Right Name', bio: 'HPB fellow', phone_number: '+91 98450 12345' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: address, full_name: 'Dr. Right Name', bio: 'HPB fellow', phone_number: '+91 98450 12345' });
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: access })).json()).toMatchObject({ full_name: 'Dr. Right Name', bio: 'HPB fellow' });

    const sneaky = await call(t, 'PATCH', '/api/accounts/profile/', { token: access, body: { full_name: 'X', bio: '', phone_number: '', is_superuser: true } });
    expect(sneaky.statusCode).toBe(400);
    const badPhone = await call(t, 'PATCH', '/api/accounts/profile/', { token: access, body: { full_name: 'X', bio: '', phone_number: 'call me' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toHaveProperty('phone_number');
    expect((await call(t, 'PATCH', '/api/accounts/profile/', { body: { full_name: 'X', bio: '', phone_number: '' } })).statusCode).toBe(401);
  });
});

describe('POST /api/accounts/password/change/', () => {
  it('needs the current password, then ends every other sign-in and gives this one a new pair', async () => {
    const address = email('change');
    await createUser(t, { email: address });
    const here = await login(t, address);
    const elsewhere = await login(t, address);

    const wrong = await call(t, 'POST', '/api/accounts/password/change/', {
      token: here.access,
      body: { current_password: 'guess', password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: [WRONG_CURRENT_PASSWORD] });
    const mismatch = await call(t, 'POST', '/api/accounts/password/change/', {
      token: here.access,
      body: { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password2: 'different' },
    });
    expect(mismatch.json()).toHaveProperty('password2');

    const res = await call(t, 'POST', '/api/accounts/password/change/', {
      token: here.access,
      body: { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const pair = res.json() as { access: string; refresh: string };
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(here.refresh)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
    expect((await login(t, address, NEW_PASSWORD)).access).toBeTruthy();
  });

  it('limits wrong current passwords per session (429 after five), without locking the owner out of signing in', async () => {
    const address = email('guess');
    await createUser(t, { email: address });
    const stolen = await login(t, address, TEST_PASSWORD, '10.0.9.9');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (
          await call(t, 'POST', '/api/accounts/password/change/', {
            token: stolen.access,
            ip: '10.0.9.9',
            body: { current_password: `guess-${i}`, password: NEW_PASSWORD, password2: NEW_PASSWORD },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    // The owner, from the same address, still signs in, and changes the password in a new session.
    const owner = await login(t, address, TEST_PASSWORD, '10.0.9.9');
    const change = await call(t, 'POST', '/api/accounts/password/change/', {
      token: owner.access,
      ip: '10.0.9.9',
      body: { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    // The session whose guesses were refused is over with the change.
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: stolen.access })).statusCode).toBe(401);
  });
});
