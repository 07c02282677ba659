/**
 * Issue 13, holes 3, 4, 6 and 8, each at its depth: field errors on prototype-less objects;
 * every multipart parse error a 400; ids bounded to the column type and NUL refused in text;
 * an oversized JSON body answered 413 (not a reset connection); Permissions-Policy everywhere
 * and Cache-Control: no-store on API answers. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL (where ids past int4 and NUL bytes used to be 500s).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: string;
let bookId: number;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@x.example', superuser: true });
  su = (await login(t, 'su@x.example')).access;
  bookId = (await call(t, 'POST', '/api/books/books/', { token: su, body: { title: 'Hardening' } })).json().id;
});
afterAll(() => t.close());

describe('hole 3: body keys named like Object.prototype members', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'])(
    'answers 400 for "%s", unauthenticated',
    async (key) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a@b.c","password":"x","${key}":1}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [key]: ['Unknown field.'] });
    },
  );

  it('answers 400 for several such keys on an authenticated route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/books/books/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${su}` },
      payload: '{"title":"x","constructor":1,"toString":2,"valueOf":3}',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['constructor', 'toString', 'valueOf']);
  });
});

describe('hole 4: malformed multipart', () => {
  const upload = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/media/upload-image/', headers: { authorization: `Bearer ${su}`, 'content-type': contentType }, payload });

  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    [
      'an unterminated body',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    ['a broken part header', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nthis is not a header\r\n\r\nabc\r\n--XYZ--\r\n'],
  ])('answers 400 for %s', async (_name, contentType, payload) => {
    const res = await upload(contentType, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('answers 400 for an unterminated video upload and leaves no temporary file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload-video/',
      headers: { authorization: `Bearer ${su}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n' + 'x'.repeat(5000),
    });
    expect(res.statusCode).toBe(400);
    const { readdirSync, existsSync } = await import('node:fs');
    const tmp = `${t.config.mediaDir}/tmp`;
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });
});

describe('hole 6: ids and integers bounded, NUL refused', () => {
  it.each(['2147483648', '9999999999', '9007199254740993'])('answers 404 for path id %s on every kind of route', async (id) => {
    for (const [method, url] of [
      ['GET', `/api/books/books/${id}/`],
      ['GET', `/api/books/books/${id}/chapters/`],
      ['DELETE', `/api/books/books/${bookId}/chapters/${id}/`],
      ['GET', `/api/accounts/organizations/${id}/users/`],
    ] as const) {
      const res = await call(t, method, url, { token: su });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    const score = await call(t, 'POST', `/api/books/quizzes/${id}/scores/`, { token: su, body: { answers: [] } });
    expect(score.statusCode).toBe(404);
  });

  it('still finds the largest id the columns hold (2^31 − 1 is a plain 404 for a missing book)', async () => {
    const res = await call(t, 'GET', '/api/books/books/2147483647/', { token: su });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Book not found.' });
  });

  it('answers 400 for body integers past the column type', async () => {
    const res = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, { token: su, body: { title: 'Big', order: 2 ** 31 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['order']);
  });

  it.each([
    ['the login email, unauthenticated', 'POST', '/api/accounts/login/', { email: 'a\u0000@b.c', password: 'x' }, 'email'],
    ['the login password', 'POST', '/api/accounts/login/', { email: 'a@b.c', password: 'x\u0000y' }, 'password'],
    [
      'a registration name',
      'POST',
      '/api/accounts/register/',
      { email: 'n@b.c', password: 'Long-enough-9', password2: 'Long-enough-9', full_name: 'A\u0000B' },
      'full_name',
    ],
    ['a book title', 'POST', '/api/books/books/', { title: 'T\u0000' }, 'title'],
    ['text inside a chapter', 'POST', 'chapters', { title: 'c', order: 1, content_delta: { ops: [{ insert: 'a\u0000b\n' }] } }, 'content_delta'],
  ] as const)('answers 400 for a NUL byte in %s', async (_name, method, url, body, field) => {
    const target = url === 'chapters' ? `/api/books/books/${bookId}/chapters/` : url;
    const res = await call(t, method, target, { token: url === '/api/accounts/login/' || url === '/api/accounts/register/' ? undefined : su, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: ['Null characters are not allowed.'] });
  });
});

describe('hole 8: oversized bodies and headers', () => {
  it('answers a 3 MiB JSON body with 413 in the error shape over a real connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = Buffer.from(JSON.stringify({ title: 'x', description: 'y'.repeat(3 * 1024 * 1024) }));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/books/books/',
          headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${su}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      // Sent in pieces, as a phone on slow Wi-Fi would.
      let offset = 0;
      const next = () => {
        if (offset >= body.length) return req.end();
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (req.write(piece)) setImmediate(next);
        else req.once('drain', next);
      };
      next();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request body is too large.' });
  });

  it('sends Permissions-Policy on every answer and no-store on API answers', async () => {
    for (const [url, token] of [
      ['/api/accounts/profile/', su],
      ['/api/books/books/', su],
      ['/api/health/', undefined],
      ['/api/nothing/', su],
    ] as const) {
      const res = await call(t, 'GET', url, { token });
      expect(res.headers['permissions-policy'], url).toMatch(/camera=\(\)/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'su@x.example', password: 'wrong-password' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('sends API answers the headers that protect JSON, and none of the page-only ones', async () => {
    for (const [url, token] of [
      ['/api/books/books/', su],
      ['/api/health/', undefined],
      ['/api/nothing/', su],
    ] as const) {
      const res = await call(t, 'GET', url, { token });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-dns-prefetch-control',
      ])
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
    }
  });
});

describe('a database that does not answer', () => {
  it('is a 503 in the error shape with Retry-After, never a 500', async () => {
    const { buildApp } = await import('../../server/app');
    const { openDatabase } = await import('../../server/db/database');
    // Nothing listens on port 1: every query fails to connect, as while PostgreSQL restarts.
    const db = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', sqliteFile: '' });
    const app = await buildApp({ config: { ...t.config, databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }, db });
    try {
      const loginAnswer = await app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { email: 'a@b.c', password: 'whatever-it-is' } });
      expect(loginAnswer.statusCode).toBe(503);
      expect(loginAnswer.json()).toEqual({ detail: expect.stringMatching(/briefly unavailable/) });
      expect(loginAnswer.headers['retry-after']).toBe('5');
      const books = await app.inject({ method: 'GET', url: '/api/books/books/', headers: { authorization: `Bearer ${su}` } });
      expect(books.statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
