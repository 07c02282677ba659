import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, documentedOperations, login, registeredRoutes, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;
const dist = path.join(tmpdir(), `lap-dist-${process.pid}`);

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await createTestApp({ distDir: dist });
  await createUser(t, { email: 'su@x.example', superuser: true });
  token = (await login(t, 'su@x.example')).access;
});
afterAll(() => t.close());

describe('the /api contract', () => {
  it('answers a JSON 404 for an unknown /api path, also without the trailing slash', async () => {
    for (const url of ['/api/nothing/here/', '/api/books/books', '/api']) {
      const res = await call(t, 'GET', url, { token });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 400 for malformed JSON and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/books/books/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"title": "Broken",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^JSON parse error/);
    expect((await call(t, 'GET', '/api/books/books/', { token })).json().count).toBe(0);
  });

  it('answers 400 for a prototype-polluting body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/books/books/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"title": "x", "__proto__": {"is_superuser": true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 413 for a JSON body over 1 MiB', async () => {
    const res = await call(t, 'POST', '/api/books/books/', { token, body: { title: 'x', description: 'y'.repeat(1024 * 1024 + 10) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large.' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/books/books/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/Unsupported media type/);
  });

  it('answers 400 with field errors for a JSON value that is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json()).toBe('object');
    }
  });

  it('survives hostile nesting without a 500', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/books/books/1/quiz/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: `{"quiz_data": ${deep}}`,
    });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('never answers 500 to odd requests', async () => {
    const odd: [string, string, string | undefined][] = [
      ['GET', '/api/books/books/?page=abc', undefined],
      ['GET', '/api/books/books/?page=0', undefined],
      ['GET', '/api/books/books/?page_size=-1', undefined],
      ['GET', '/api/books/books/99999999999999999999/', undefined],
      ['GET', '/api/books/books/-1/chapters/', undefined],
      ['POST', '/api/books/quizzes/1e3/scores/', '{}'],
      ['DELETE', '/api/accounts/organizations/%00/members/1/', undefined],
      ['POST', '/api/accounts/token/refresh/', '{"refresh": {"a": 1}}'],
      ['POST', '/api/accounts/login/', '{"email": ["a"], "password": 1}'],
      ['POST', '/api/media/upload-image/', '{}'],
    ];
    for (const [method, url, payload] of odd) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(() => res.json(), `${method} ${url}`).not.toThrow();
    }
  });
});

describe('health and schema', () => {
  it('GET /api/health/ answers ok while the database answers', async () => {
    const res = await call(t, 'GET', '/api/health/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ answers 503 when the database does not', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.close();
      const res = await call(broken, 'GET', '/api/health/');
      expect(res.statusCode).toBe(503);
      expect(res.json().status).not.toBe('ok');
    } finally {
      await broken.close();
    }
  });

  it('GET /api/schema/ serves an OpenAPI document generated from the schemas', async () => {
    const res = await call(t, 'GET', '/api/schema/');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    const register = doc.paths['/api/accounts/register/'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password', 'password2', 'full_name']));
    expect(doc.paths['/api/books/quizzes/{quizId}/scores/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('client_attempt_id');
    expect(doc.paths['/api/media/upload-video/'].post.requestBody.content).toHaveProperty(['multipart/form-data']);
    expect(doc.paths['/api/books/books/{bookId}/chapters/{chapterId}/'].put.parameters).toEqual([
      { in: 'path', name: 'bookId', required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
      { in: 'path', name: 'chapterId', required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
    ]);
  });

  it('documents every API route it registers: summary, tag, path ids, body and answers', () => {
    const doc = documentedOperations(t.app);
    const routes = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/') && route.url !== '/api/schema/');
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(doc).toHaveLength(routes.length);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const name = `${route.method} ${path}`;
      const op = doc.find((o) => o.method === route.method.toLowerCase() && o.path === path);
      expect(op, name).toBeDefined();
      const { operation } = op!;
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags, name).toHaveLength(1);
      const ids = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const pathParameters = (operation.parameters ?? []).filter((p) => 'in' in p && p.in === 'path');
      expect(
        pathParameters.map((p) => ('name' in p ? p.name : '')),
        name,
      ).toEqual(ids);
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) expect(op!.body ?? op!.multipart, name).toBeTruthy();
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('2')),
        name,
      ).toBe(true);
      for (const status of statuses.filter((s) => s !== '204')) {
        const response = operation.responses![status] as { description: string; content?: Record<string, { schema: unknown }> };
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('marks exactly the routes open to anonymous callers with `security: []`', async () => {
    for (const { method, path, operation } of documentedOperations(t.app)) {
      const url = path.replace(/\{\w+\}/g, '1');
      const res = await call(t, method.toUpperCase() as 'GET', url, { body: method === 'get' || method === 'delete' ? undefined : {} });
      const open = Array.isArray(operation.security) && operation.security.length === 0;
      expect(res.statusCode === 401, `${method} ${path} answered ${res.statusCode} to an anonymous call`).toBe(!open);
    }
  });
});

describe('serving the PWA', () => {
  it('serves the shell for app routes with security headers, and never for /api or /media', async () => {
    for (const url of ['/', '/dashboard', '/book/12', '/news-updates/3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts from the site's own files only: no inline script.
      expect(csp).toContain("script-src 'self';");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/images/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown/' })).json()).toEqual({ detail: 'Not found.' });
  });

  it('caches hashed assets forever and the service worker never', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });
});
