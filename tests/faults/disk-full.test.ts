/**
 * The disk full. During an upload: the media folder is a 3 MiB tmpfs mounted by the test (as
 * root; skipped with the reason printed otherwise). A video and an image that do not fit are
 * answered 507 (or 413) in the upload routes' error shape ({"error": …}, SPEC §7), leave no partial file behind, and the database is
 * intact: it still answers, holds no record of them, and takes writes; once space is free a
 * small upload works again. Under the SQLite database: the whole DATA_DIR on a small tmpfs,
 * filled up; every write path answers 507 with Retry-After (never a 500), the log names
 * SQLITE_FULL (not "cannot rollback"), reads still work, and once space is free the same
 * requests succeed, nothing of them having been half written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../helpers/api-answers';
import { tempDataDir } from '../helpers/server-process';
import { fillDisk } from './helpers/fill-disk';
import { allScores, createQuiz, createSuperuser, killAllServers, loginAs, request, scoreBody, startServer } from './helpers/process';

const dataDir = tempDataDir();
const mediaDir = path.join(dataDir, 'media');

function tryMount(): string | null {
  if (userInfo().uid !== 0) return 'not running as root (mounting a small tmpfs needs root)';
  mkdirSync(mediaDir, { recursive: true });
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mediaDir], { encoding: 'utf8' });
  return result.status === 0 ? null : `mount -t tmpfs failed: ${result.stderr.trim()}`;
}
const skipReason = tryMount();
if (skipReason) console.warn(`Disk-full test skipped: ${skipReason}`);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/** An ISO BMFF box, to make an MP4 of a given size. */
function box(type: string, body: Buffer) {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}
const mp4 = (bytes: number) =>
  Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')])),
    box('mdat', randomBytes(bytes)),
  ]);

function formOf(field: 'image' | 'video', data: Buffer, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), field === 'image' ? 'big.png' : 'big.mp4');
  return form;
}

/** An upload on a connection of its own (closed after the answer), as a browser tab sends it. */
async function upload(base: string, token: string, field: 'image' | 'video', data: Buffer, type: string) {
  const encoded = new Request('http://x/', { method: 'POST', body: formOf(field, data, type) });
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(`${base}/api/media/upload-${field}/`);
  return new Promise<{ status: number; body: string; headers: Record<string, string> }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers as Record<string, string> }));
      },
    );
    // The server may answer (and close) before it has read the whole body.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}

describe.skipIf(Boolean(skipReason))('the disk full during an upload (3 MiB tmpfs as the media folder)', () => {
  afterAll(() => {
    killAllServers();
    spawnSync('umount', ['-l', mediaDir]);
  });

  it('answers 507 or 413 in the error shape, leaves no partial file, and the database stays intact', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: dataDir };
    await createSuperuser(env);
    const server = await startServer(env);
    const { access: token } = await loginAs(server.url);
    const quizId = await createQuiz(server.url, token);
    const before = filesUnder(mediaDir);

    const video = await upload(server.url, token, 'video', mp4(5 * 1024 * 1024), 'video/mp4');
    // Noise does not compress: the re-encoded PNG is about 4 MiB.
    const noisy = await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const image = await upload(server.url, token, 'image', noisy, 'image/png');
    const df = execFileSync('df', ['-k', mediaDir], { encoding: 'utf8' }).trim().split('\n').at(-1);
    console.log(
      `disk full: video upload ${video.status} ${video.body.slice(0, 120)}; image upload ${image.status} ${image.body.slice(0, 120)}; ` +
        `files in media ${filesUnder(mediaDir).length - before.length}; df ${df}`,
    );
    for (const res of [video, image]) {
      expect([507, 413]).toContain(res.status);
      expect(answerProblems({ statusCode: res.status, headers: res.headers, body: res.body }, '', { allow5xx: [507], upload: true })).toEqual([]);
    }
    expect(filesUnder(mediaDir)).toEqual(before);

    // The database: it answers, recorded none of the failed uploads, and takes writes.
    expect((await request(`${server.url}/api/health/`)).status).toBe(200);
    const db = new Database(path.join(dataDir, 'db.sqlite3'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('select count(*) as n from media_files').get() as { n: number }).n).toBe(0);
    db.close();
    const id = randomUUID();
    expect((await request(`${server.url}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) })).status).toBe(201);
    expect((await allScores(server.url, token)).map((s) => s.client_attempt_id)).toContain(id);

    // Space is free again (nothing was left behind): a small image fits.
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const ok = await upload(server.url, token, 'image', small, 'image/png');
    expect(ok.status).toBe(201);

    // A refused upload must not leave its keep-alive connection half read: the next requests
    // a client sends on the same pool are answered (not stalled until a timeout).
    for (let i = 0; i < 2; i++) {
      const pooled = await request(`${server.url}/api/media/upload-video/`, {
        method: 'POST',
        token,
        body: formOf('video', mp4(5 * 1024 * 1024), 'video/mp4'),
      });
      expect([507, 413]).toContain(pooled.status);
    }
    const next = await Promise.all(
      Array.from({ length: 4 }, () =>
        request(`${server.url}/api/accounts/profile/`, { token, signal: AbortSignal.timeout(5000) }).then((r) => r.status || r.error),
      ),
    );
    console.log(`disk full: requests on the pool after a refused upload: ${JSON.stringify(next)}`);
    expect(next).toEqual([200, 200, 200, 200]);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

const databaseDir = tempDataDir();
function mountDataDir(): string | null {
  if (userInfo().uid !== 0) return 'not running as root (mounting a small tmpfs needs root)';
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', databaseDir], { encoding: 'utf8' });
  return result.status === 0 ? null : `mount -t tmpfs failed: ${result.stderr.trim()}`;
}
const databaseSkipReason = skipReason ?? mountDataDir();
if (databaseSkipReason && !skipReason) console.warn(`Disk-full database test skipped: ${databaseSkipReason}`);

describe.skipIf(Boolean(databaseSkipReason))('the disk full under the SQLite database (DATA_DIR on a 16 MiB tmpfs)', () => {
  afterAll(() => {
    killAllServers();
    spawnSync('umount', ['-l', databaseDir]);
  });

  it('answers 507 with Retry-After on every write path, logs SQLITE_FULL, and takes the same writes once space is free', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: databaseDir };
    await createSuperuser(env);
    const server = await startServer(env);
    const base = server.url;
    const { access: token, refresh } = await loginAs(base);
    const quizId = await createQuiz(base, token);
    const book = (await request(`${base}/api/books/books/`, { method: 'POST', token, json: { title: 'Full disk' } })).json<{ id: number }>();
    const chapter = (
      await request(`${base}/api/books/books/${book.id}/chapters/`, { method: 'POST', token, json: { title: 'One', order: 1, content_delta: null } })
    ).json<{ id: number }>();
    const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();

    // The write-ahead log emptied, so that the next write must grow a file; then no byte left.
    const db = new Database(path.join(databaseDir, 'db.sqlite3'));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const filler = path.join(databaseDir, 'filler');
    fillDisk(filler);

    const attempt = randomUUID();
    const writes = {
      'score post': () => request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(attempt) }),
      'token refresh': () => request(`${base}/api/accounts/token/refresh/`, { method: 'POST', json: { refresh } }),
      'chapter save': () =>
        request(`${base}/api/books/books/${book.id}/chapters/${chapter.id}/`, {
          method: 'PUT',
          token,
          json: { title: 'One, saved', order: 1, content_delta: null },
        }),
      'book creation': () => request(`${base}/api/books/books/`, { method: 'POST', token, json: { title: 'Another' } }),
      'profile edit': () => request(`${base}/api/accounts/profile/`, { method: 'PATCH', token, json: { full_name: 'Chief, edited' } }),
      'image upload': () => upload(base, token, 'image', image, 'image/png'),
    };
    const full: Record<string, string> = {};
    for (const [name, write] of Object.entries(writes)) {
      const res = await write();
      const headers = res.headers instanceof Headers ? Object.fromEntries(res.headers) : res.headers;
      full[name] = `${res.status} ${res.body.slice(0, 100)}`;
      expect([507, 503], `${name}: ${full[name]}`).toContain(res.status);
      expect(Number(headers['retry-after']), `${name}: Retry-After`).toBeGreaterThan(0);
      expect(answerProblems({ statusCode: res.status, headers, body: res.body }, '', { allow5xx: [503, 507], upload: name === 'image upload' })).toEqual([]);
    }
    console.log(`disk full under the database: ${JSON.stringify(full)}`);
    // Reads go on.
    expect((await request(`${base}/api/books/my-scores/`, { token })).status).toBe(200);
    expect((await request(`${base}/api/books/books/${book.id}/chapters/`, { token })).json()).toMatchObject({ results: [{ title: 'One' }] });
    const log = server.output();
    expect(log).toContain('SQLITE_FULL');
    expect(log).not.toContain('cannot rollback');
    expect(log).not.toContain('unhandled error');

    // Space again: every write succeeds, the refresh token was not spent, the score records once.
    rmSync(filler);
    const after: Record<string, number> = {};
    for (const [name, write] of Object.entries(writes)) after[name] = (await write()).status;
    console.log(`disk full under the database, space freed: ${JSON.stringify(after)}`);
    expect(after).toEqual({ 'score post': 201, 'token refresh': 200, 'chapter save': 200, 'book creation': 201, 'profile edit': 200, 'image upload': 201 });
    expect((await allScores(base, token)).filter((s) => s.client_attempt_id === attempt)).toHaveLength(1);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
