/**
 * The prerendered public pages (build/prerender.ts) are sent for GET and HEAD of their
 * paths, with or without a query; other paths and other methods go on to the app shell, the API
 * or a 404, and the API is not touched by the hook that serves them. A path a route of the app
 * answers gets that route's copy of the app shell (app-shell/routes.json, build/route-preloads.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lap-prerendered-dist-'));
  mkdirSync(path.join(distDir, 'prerendered/about'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>App shell</title><div id="root"></div>');
  writeFileSync(path.join(distDir, 'prerendered/index.html'), '<!doctype html><title>Home</title><div id="root"><main>Prerendered home</main></div>');
  writeFileSync(
    path.join(distDir, 'prerendered/about/director.html'),
    '<!doctype html><title>Director</title><div id="root"><main>Prerendered director</main></div>',
  );
  mkdirSync(path.join(distDir, 'app-shell'));
  const shells = {
    '/book/$bookId': 'reader',
    '/book/$bookId/edit-quiz': 'quiz authoring',
    '/practice/drills/new': 'new drill',
    '/practice/$area/$drillId': 'drill',
  };
  for (const name of Object.values(shells)) writeFileSync(path.join(distDir, `app-shell/${name}.html`), `<!doctype html><title>App shell: ${name}</title>`);
  writeFileSync(
    path.join(distDir, 'app-shell/routes.json'),
    JSON.stringify(Object.entries(shells).map(([route, name]) => ({ path: route, file: `app-shell/${name}.html` }))),
  );
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('prerendered pages', () => {
  it('sends a prerendered page for GET of its path, with or without a query, revalidated every time', async () => {
    for (const url of ['/', '/?utm_source=whatsapp', '/about/director']) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(url.startsWith('/about') ? 'Prerendered director' : 'Prerendered home');
    }
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/about/director' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('leaves other paths to the app shell and other methods to the routes', async () => {
    const shell = await call(t, 'GET', '/books');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('App shell');
    const post = await call(t, 'POST', '/about/director', { body: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'Not found.' });
  });

  it('sends the copy of the app shell of the route that answers a path, the one with more fixed segments first', async () => {
    const expected = {
      '/book/7': 'reader',
      '/book/7?chapter=3&q=trocar': 'reader',
      '/book/7/edit-quiz': 'quiz authoring',
      '/practice/drills/new': 'new drill',
      '/practice/basic/12': 'drill',
    };
    for (const [url, name] of Object.entries(expected)) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`App shell: ${name}`);
    }
    for (const url of ['/book', '/book/7/chapters', '/books']) expect((await call(t, 'GET', url)).body, url).toContain('<title>App shell</title>');
    expect((await call(t, 'GET', '/api/books/books/7/')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('leaves the API alone', async () => {
    await createUser(t, { email: 'reader@prerendered.example' });
    const { access } = await login(t, 'reader@prerendered.example');
    const res = await call(t, 'GET', '/api/books/books/', { token: access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ results: [] });
  });
});
