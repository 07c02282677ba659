import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { QUIZ, singleChoice } from '../helpers/quiz-fixture';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: { access: string };
let reader: { access: string };
let bookId: number;
let chapterId: number;
let distDir: string;

/** A chapter of about 30 KB, as long chapters are. */
const longChapter = lexicalDocument(
  ...Array.from({ length: 150 }, (_, i) => textParagraph(`Step ${i}: keep the camera port in line with the target organ and the monitor.`)),
);

const FROM_BR = '\n/* app.br */';
const FROM_GZ = '\n/* app.gz */';
const APP_JS = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>App</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<p>shell</p>'.repeat(100)}</body></html>`;

function writeDist(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = { 'index.html': INDEX_HTML, 'assets/app-1a2b3c.js': APP_JS, 'sw.js': `self.x=${JSON.stringify('w'.repeat(2000))}` };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    // The copies say where they come from: an answer compressed on the fly would not.
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text + FROM_BR));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text + FROM_GZ));
  }
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lap-compress-dist-'));
  writeDist(distDir);
  t = await createTestApp({ distDir });
  await createUser(t, { email: 'su@compress.example', superuser: true });
  await createUser(t, { email: 'reader@compress.example' });
  su = await login(t, 'su@compress.example');
  reader = await login(t, 'reader@compress.example');
  const book = await call(t, 'POST', '/api/books/books/', { token: su.access, body: { title: 'Camera handling', author: 'Faculty', description: 'Basics' } });
  bookId = book.json().id;
  const chapter = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, {
    token: su.access,
    body: { title: 'Port placement', order: 1, content_delta: longChapter },
  });
  expect(chapter.statusCode).toBe(201);
  chapterId = chapter.json().id;
  const quiz = await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, {
    token: su.access,
    body: { quiz_data: QUIZ },
  });
  expect(quiz.statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('compressed API answers', () => {
  it('sends a long chapter brotli-compressed to a client that accepts it, and the same JSON to one that does not', async () => {
    const url = `/api/books/books/${bookId}/chapters/`;
    const plain = await call(t, 'GET', url, { token: reader.access });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await call(t, 'GET', url, { token: reader.access, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const inflated = brotliDecompressSync(br.rawPayload);
    expect(br.rawPayload.length).toBeLessThan(inflated.length / 5);
    expect(JSON.parse(inflated.toString())).toEqual(plain.json());
    expect(plain.json().results[0].content_delta).toEqual(longChapter);
  });

  it('falls back to gzip, and leaves small answers as they are', async () => {
    const list = await call(t, 'GET', `/api/books/books/${bookId}/chapters/`, { token: reader.access, headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).results[0].id).toBe(chapterId);
    const health = await call(t, 'GET', '/api/health/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

describe('conditional GET', () => {
  for (const [what, url] of [
    ['a book with its quiz', () => `/api/books/books/${bookId}/`],
    ['the chapters with their text', () => `/api/books/books/${bookId}/chapters/`],
  ] as const) {
    it(`answers 304 without a body for ${what} the client already has`, async () => {
      const first = await call(t, 'GET', url(), { token: reader.access, headers: { 'accept-encoding': 'br' } });
      const tag = first.headers.etag;
      expect(tag).toMatch(/^W\/".+"$/);
      const again = await call(t, 'GET', url(), { token: reader.access, headers: { 'if-none-match': String(tag), 'accept-encoding': 'br' } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  }

  it('sends the new text once the chapter has changed', async () => {
    const url = `/api/books/books/${bookId}/chapters/`;
    const before = await call(t, 'GET', url, { token: reader.access });
    const tag = String(before.headers.etag);
    const edit = await call(t, 'PATCH', `${url}${chapterId}/`, { token: su.access, body: { title: 'Port placement and triangulation' } });
    expect(edit.statusCode).toBe(200);
    const after = await call(t, 'GET', url, { token: reader.access, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().results[0].title).toBe('Port placement and triangulation');
    expect(after.headers.etag).not.toBe(tag);
  });

  it('changes the book tag when its quiz changes', async () => {
    const url = `/api/books/books/${bookId}/`;
    const tag = String((await call(t, 'GET', url, { token: reader.access })).headers.etag);
    await call(t, 'PUT', `/api/books/books/${bookId}/quiz/`, {
      token: su.access,
      body: { quiz_data: [singleChoice] },
    });
    const after = await call(t, 'GET', url, { token: reader.access, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().quiz.version).toBe(2);
  });
});

describe('the built PWA', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends hashed assets as the build compressed them, and immutable', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS + FROM_BR);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS + FROM_GZ);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('has the app shell and the service worker revalidated, compressed or not', async () => {
    for (const url of ['/', '/index.html', '/books', '/news-updates/3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML + FROM_BR);
    }
    const sw = await get('/sw.js', 'gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a conditional request of an unchanged asset with 304', async () => {
    const first = await get('/assets/app-1a2b3c.js', 'br');
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
