/**
 * Issue 33, the contact form delivers: POST /api/contact/ validated with the spec's rules,
 * limited per client address, stored, then mailed to CONTACT_TO through a real SMTP server
 * started here; superusers list the messages and mark them handled. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXT, type ContactMessage } from '../../src/contract/contact';
import type { Page } from '../../src/contract/fields';
import { ConfigError, loadConfig } from '../../server/config';
import { CONTACT_LIMIT } from '../../server/routes/contact';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';
import { REDIS_URL, redisAnswers } from '../helpers/server-redis';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

const INSTITUTE = 'desk@institute.example';
let smtp: TestSmtpServer;
let t: TestApp;
let superuser: string;
let learner: string;
let staff: string;
let ipSeq = 0;
/** A client address of its own per request, so the per-address limit only counts where a test means it. */
const freshIp = () => `10.33.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const visitor = (n: number) => ({
  name: `Dr. Kavya Menon ${n}`,
  email: `kavya.${n}@hospital.example`,
  message: `When does the next TAPP workshop start? (${n})`,
  consent: true,
});
const send = (body: unknown, ip = freshIp()) => call(t, 'POST', '/api/contact/', { body, ip });
const list = (token: string, query = '') => call(t, 'GET', `/api/contact/messages/${query}`, { token });
const messages = async () => (await list(superuser, '?page_size=200')).json() as Page<ContactMessage>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Institute <no-reply@institute.example>';
  t = await createTestApp({ env: { CONTACT_TO: INSTITUTE } });
  await createUser(t, { email: 'director@contact.example', superuser: true });
  await createUser(t, { email: 'learner@contact.example' });
  await createUser(t, { email: 'staff@contact.example', staff: true });
  superuser = (await login(t, 'director@contact.example')).access;
  learner = (await login(t, 'learner@contact.example')).access;
  staff = (await login(t, 'staff@contact.example')).access;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await t?.close();
  await smtp?.close();
});

describe('POST /api/contact/', () => {
  it('stores the message, answers 201, then mails it to CONTACT_TO with a Reply-To of the visitor', async () => {
    const res = await send({
      name: '  Dr. Kavya Menon ',
      email: ' Kavya.Menon@Hospital.example ',
      message: ' Is there a hernia course in March?\nThank you. ',
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: CONTACT_TEXT.success });

    const mail = await smtp.waitFor(INSTITUTE);
    expect(mail.from).toBe('no-reply@institute.example');
    expect(mail.subject).toBe('Contact form: message from Dr. Kavya Menon');
    // nodemailer writes the domain in lower case.
    expect(mail.raw).toMatch(/^Reply-To: Kavya\.Menon@hospital\.example\r?$/m);
    expect(mail.text).toContain('Name: Dr. Kavya Menon');
    expect(mail.text).toContain('Email: Kavya.Menon@Hospital.example');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain('Is there a hernia course in March?\nThank you.');
    expect(mail.text).toMatch(/Sent: \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m \(India time\)/);

    await expect.poll(async () => (await messages()).results.find((m) => m.email === 'Kavya.Menon@Hospital.example')?.mailed_at ?? null).not.toBeNull();
    const stored = (await messages()).results.find((m) => m.email === 'Kavya.Menon@Hospital.example')!;
    expect(stored).toMatchObject({ name: 'Dr. Kavya Menon', message: 'Is there a hernia course in March?\nThank you.', handled: false, handled_at: null });
  });

  it("refuses each of the spec's rules with its words, field by field, and stores nothing", async () => {
    const before = (await messages()).count;
    const blank = await send({ name: '   ', email: 'surgeon@hospital', message: ' \n ', consent: false });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      name: [CONTACT_TEXT.nameRequired],
      email: [CONTACT_TEXT.emailInvalid],
      message: [CONTACT_TEXT.messageRequired],
      consent: [CONTACT_TEXT.consentRequired],
    });

    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['consent', 'email', 'message', 'name']);
    expect(missing.json().name).toEqual(['This field is required.']);

    // No coercion, no extra fields, no novels.
    for (const [body, field] of [
      [{ ...visitor(0), consent: 'true' }, 'consent'],
      [{ ...visitor(0), consent: 1 }, 'consent'],
      [{ ...visitor(0), is_superuser: true }, 'is_superuser'],
      [{ ...visitor(0), message: 'x'.repeat(5001) }, 'message'],
      [{ ...visitor(0), name: 'n'.repeat(151) }, 'name'],
      [{ ...visitor(0), message: 'null \u0000 byte' }, 'message'],
    ] as const) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()[field], field).toHaveLength(1);
    }
    expect((await messages()).count).toBe(before);
  });

  it(`limits one client address to ${CONTACT_LIMIT.points} messages an hour (429 with Retry-After), other addresses unaffected`, async () => {
    const ip = '10.34.0.1';
    const statuses: number[] = [];
    for (let n = 0; n <= CONTACT_LIMIT.points; n++) statuses.push((await send(visitor(100 + n), ip)).statusCode);
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT.points).fill(201), 429]);
    const refused = await send(visitor(200), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 59);
    expect((await messages()).results.some((m) => m.email === visitor(200).email)).toBe(false);
    expect((await send(visitor(201), '10.34.0.2')).statusCode).toBe(201);
  });
});

describe('GET /api/contact/messages/', () => {
  it('is for superusers only: 401 without a sign-in, 403 for a learner and for staff who are not superusers', async () => {
    expect((await call(t, 'GET', '/api/contact/messages/')).statusCode).toBe(401);
    for (const token of [learner, staff]) {
      const res = await list(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
  });

  it('lists newest first, a page at a time', async () => {
    for (const n of [301, 302, 303]) expect((await send(visitor(n))).statusCode).toBe(201);
    const first = await list(superuser, '?page_size=2');
    expect(first.statusCode).toBe(200);
    const page = first.json() as Page<ContactMessage>;
    expect(page.results.map((m) => m.email)).toEqual([visitor(303).email, visitor(302).email]);
    expect(page.count).toBe((await messages()).count);
    expect(page.next).toMatch(/\/api\/contact\/messages\/\?page_size=2&page=2$/);
    const second = (await list(superuser, '?page_size=2&page=2')).json() as Page<ContactMessage>;
    expect(second.results[0]!.email).toBe(visitor(301).email);
    expect((await list(superuser, '?page=999')).statusCode).toBe(404);
  });
});

describe('PATCH /api/contact/messages/{messageId}/', () => {
  const patch = (token: string | undefined, id: number | string, body: unknown) => call(t, 'PATCH', `/api/contact/messages/${id}/`, { token, body });

  it('marks a message handled and not handled again; the list shows it', async () => {
    expect((await send(visitor(400))).statusCode).toBe(201);
    const target = (await messages()).results.find((m) => m.email === visitor(400).email)!;

    const handled = await patch(superuser, target.id, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: target.id, handled: true });
    const handledAt = handled.json().handled_at as string;
    expect(Date.parse(handledAt)).toBeGreaterThan(Date.parse(target.created_at) - 1);
    // Marking it again keeps when it was first handled.
    expect((await patch(superuser, target.id, { handled: true })).json().handled_at).toBe(handledAt);
    expect((await messages()).results.find((m) => m.id === target.id)).toMatchObject({ handled: true, handled_at: handledAt });

    const reopened = await patch(superuser, target.id, { handled: false });
    expect(reopened.json()).toMatchObject({ handled: false, handled_at: null });
    expect((await messages()).results.find((m) => m.id === target.id)!.handled).toBe(false);
  });

  it('refuses everyone but superusers, unknown messages and malformed bodies, changing nothing', async () => {
    expect((await send(visitor(500))).statusCode).toBe(201);
    const target = (await messages()).results.find((m) => m.email === visitor(500).email)!;
    expect((await patch(undefined, target.id, { handled: true })).statusCode).toBe(401);
    expect((await patch(learner, target.id, { handled: true })).statusCode).toBe(403);
    // A caller who may not mark messages hears that, not what the body lacks.
    expect((await patch(staff, target.id, { handled: 'yes' })).statusCode).toBe(403);
    expect((await patch(superuser, 2_000_000_000, { handled: true })).statusCode).toBe(404);
    expect((await patch(superuser, 'abc', { handled: true })).statusCode).toBe(404);
    const bad = await patch(superuser, target.id, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ handled: ['Must be a valid boolean.'] });
    expect((await patch(superuser, target.id, { handled: true, email: 'x@y.example' })).json()).toEqual({ email: ['Unknown field.'] });
    expect((await messages()).results.find((m) => m.id === target.id)).toMatchObject({ handled: false, email: visitor(500).email });
  });
});

describe('CONTACT_TO', () => {
  it('takes one address or several separated by commas, and stops start-up on anything else, naming the variable', () => {
    const base = { DATA_DIR: t.config.dataDir, SECRET_KEY: 'k'.repeat(40) };
    expect(loadConfig({ ...base, CONTACT_TO: INSTITUTE }).contactTo).toBe(INSTITUTE);
    expect(loadConfig({ ...base, CONTACT_TO: 'desk@institute.example, dean@institute.example' }).contactTo).toBe(
      'desk@institute.example, dean@institute.example',
    );
    expect(loadConfig(base).contactTo).toBeUndefined();
    for (const bad of ['desk', 'desk@institute.example,', 'Desk <desk@institute.example>'])
      expect(() => loadConfig({ ...base, CONTACT_TO: bad }), bad).toThrow(
        new ConfigError('Invalid configuration:\n  CONTACT_TO: must be an email address (several separated by commas)'),
      );
  });
});

describe('when the mail cannot go out', () => {
  it('keeps the message, answers 201, logs the failure and leaves it unmarked as mailed', async () => {
    const lines: string[] = [];
    const refusing = smtp.url.replace('smtp-test-secret', 'not-the-password');
    process.env.SMTP_URL = refusing;
    const broken = await createTestApp({
      env: { CONTACT_TO: INSTITUTE, LOG_LEVEL: 'info' },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    process.env.SMTP_URL = smtp.url;
    try {
      await createUser(broken, { email: 'root@broken.example', superuser: true });
      const token = (await login(broken, 'root@broken.example')).access;
      const res = await call(broken, 'POST', '/api/contact/', { body: visitor(600) });
      expect(res.statusCode).toBe(201);
      await expect.poll(() => lines.some((line) => line.includes('could not be mailed to CONTACT_TO')), { timeout: 10_000 }).toBe(true);
      const logged = JSON.parse(lines.find((line) => line.includes('could not be mailed'))!) as { level: number; err?: { message?: string } };
      expect(logged.level).toBe(50);
      expect(logged.err?.message).toMatch(/auth|credentials|535/i);
      const stored = (await call(broken, 'GET', '/api/contact/messages/', { token })).json() as Page<ContactMessage>;
      expect(stored.results).toEqual([expect.objectContaining({ email: visitor(600).email, message: visitor(600).message, mailed_at: null })]);
    } finally {
      await broken.close();
    }
  });

  it('without SMTP_URL, writes the mail to the log for the operator and leaves the message unmarked as mailed', async () => {
    const lines: string[] = [];
    delete process.env.SMTP_URL;
    const logOnly = await createTestApp({
      env: { CONTACT_TO: INSTITUTE, LOG_LEVEL: 'info' },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    process.env.SMTP_URL = smtp.url;
    try {
      await createUser(logOnly, { email: 'root@log.example', superuser: true });
      const token = (await login(logOnly, 'root@log.example')).access;
      expect((await call(logOnly, 'POST', '/api/contact/', { body: visitor(650) })).statusCode).toBe(201);
      await expect.poll(() => lines.some((line) => line.includes(visitor(650).message))).toBe(true);
      expect(lines.find((line) => line.includes(visitor(650).message))).toContain(`to ${INSTITUTE}`);
      // Time for a mark that must not come (it follows the send at once when it does).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stored = (await call(logOnly, 'GET', '/api/contact/messages/', { token })).json() as Page<ContactMessage>;
      expect(stored.results[0]).toMatchObject({ email: visitor(650).email, mailed_at: null });
    } finally {
      await logOnly.close();
    }
  });

  it('without CONTACT_TO, stores the message and says in the log that it is not mailed', async () => {
    const lines: string[] = [];
    const unset = await createTestApp({ env: { LOG_LEVEL: 'info' }, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    try {
      const before = smtp.received.length;
      expect((await call(unset, 'POST', '/api/contact/', { body: visitor(700) })).statusCode).toBe(201);
      await expect.poll(() => lines.some((line) => line.includes('CONTACT_TO is not set'))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received.length).toBe(before);
    } finally {
      await unset.close();
    }
  });
});

const redis = await redisAnswers();
describe.skipIf(!redis)('the per-address limit shared through Redis (REDIS_URL)', () => {
  it('counts messages sent to one instance when another is asked', async () => {
    // Two instances on their own databases and one Redis, as behind a load balancer.
    const a = await createTestApp({ env: { REDIS_URL } });
    const b = await createTestApp({ env: { REDIS_URL } });
    try {
      // Until its Redis connection is up an instance counts in memory (the limiter's insurance).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ip = `10.35.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      for (let n = 0; n < CONTACT_LIMIT.points; n++)
        expect((await call(n % 2 ? a : b, 'POST', '/api/contact/', { body: visitor(800 + n), ip })).statusCode).toBe(201);
      expect((await call(a, 'POST', '/api/contact/', { body: visitor(900), ip })).statusCode).toBe(429);
      expect((await call(b, 'POST', '/api/contact/', { body: visitor(901), ip })).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
