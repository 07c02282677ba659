/**
 * The disk full under PostgreSQL, on a cluster of the test's own (Debian's initdb and pg_ctl):
 * the app's database lives in a tablespace on a 64 MiB tmpfs (mounted by the test, as root;
 * skipped with the reason printed otherwise), while the write-ahead log stays on the ordinary
 * disk, as on a server whose data volume fills up. With no byte left, writes that must grow a
 * table (a new chapter with a large document, a book, a score) answer 507 with Retry-After in
 * the error shape, never a 500; the log names PostgreSQL's cause; reads go on; and once space
 * is free the same writes succeed, nothing of them half written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../helpers/api-answers';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { tempDataDir } from '../helpers/server-process';
import { fillDisk } from './helpers/fill-disk';
import { ownCluster, postgresBinaries, type OwnCluster } from './helpers/postgres';
import { allScores, createQuiz, createSuperuser, killAllServers, loginAs, request, scoreBody, startServer } from './helpers/process';

// Its own folder under /tmp (PostgreSQL's account must reach it), the mount point of the tmpfs.
const spaceDir = mkdtempSync(path.join(tmpdir(), 'lap-pgspace-'));

function mountSpace(): string | null {
  if (!postgresBinaries()) return 'no PostgreSQL binaries under /usr/lib/postgresql';
  if (userInfo().uid !== 0) return 'not running as root (mounting a small tmpfs needs root)';
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', spaceDir], { encoding: 'utf8' });
  if (result.status !== 0) return `mount -t tmpfs failed: ${result.stderr.trim()}`;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(spaceDir, id('-u'), id('-g'));
  return null;
}
const skipReason = mountSpace();
if (skipReason) console.warn(`PostgreSQL disk-full test skipped: ${skipReason}`);

/**
 * A chapter document of about `kib` KiB of text that does not compress: it must go to new pages.
 * Its words are all different, so its search index (each block's terms, and 174 000 new words in
 * `search_terms`) did not fit in what freeing the filler gave back on a 16 MiB tablespace: 64 MiB.
 */
const largeDocument = (kib: number) =>
  lexicalDocument(...Array.from({ length: kib }, () => textParagraph(Array.from({ length: 170 }, () => randomUUID().slice(0, 5)).join(' '))));

describe.skipIf(Boolean(skipReason))('the disk full under PostgreSQL (its tablespace on a 64 MiB tmpfs)', () => {
  let cluster: OwnCluster | undefined;
  afterAll(() => {
    killAllServers();
    cluster?.destroy();
    spawnSync('umount', ['-l', spaceDir]);
    rmSync(spaceDir, { recursive: true, force: true });
  });

  it('answers 507 with Retry-After to writes that need space, logs the cause, and takes them once space is free', { timeout: 180_000 }, async () => {
    cluster = await ownCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await admin.query(`create tablespace small location '${spaceDir}'`);
      await admin.query('create database lap tablespace small');
    } finally {
      await admin.end();
    }
    const env = { DATA_DIR: tempDataDir(), DATABASE_URL: cluster.url.replace(/\/postgres$/, '/lap') };
    await createSuperuser(env);
    const server = await startServer(env);
    const base = server.url;
    const { access: token } = await loginAs(base);
    const quizId = await createQuiz(base, token);
    const book = (await request(`${base}/api/books/books/`, { method: 'POST', token, json: { title: 'Full disk' } })).json<{ id: number }>();

    const filler = path.join(spaceDir, 'filler');
    fillDisk(filler);

    const attempt = randomUUID();
    const writes = {
      // About 1 MiB of text: new pages of the chapter's table and of its search index.
      'a chapter with a large document': () =>
        request(`${base}/api/books/books/${book.id}/chapters/`, {
          method: 'POST',
          token,
          json: { title: 'Large', order: 1, content_delta: largeDocument(1024) },
        }),
      'many books': async () => {
        // Until a page must be added (the first ones may fit in free space of pages already there).
        let last = await request(`${base}/api/books/books/`, {
          method: 'POST',
          token,
          json: { title: `Another ${randomUUID()}`, description: 'x'.repeat(4000) },
        });
        for (let i = 0; i < 200 && last.status === 201; i++)
          last = await request(`${base}/api/books/books/`, {
            method: 'POST',
            token,
            json: { title: `Another ${randomUUID()}`, description: randomUUID().repeat(100) },
          });
        return last;
      },
    };
    const full: Record<string, string> = {};
    for (const [name, write] of Object.entries(writes)) {
      const res = await write();
      const headers = Object.fromEntries(res.headers);
      full[name] = `${res.status} ${res.body.slice(0, 100)}`;
      expect(res.status, `${name}: ${full[name]}`).toBe(507);
      expect(Number(headers['retry-after']), `${name}: Retry-After`).toBeGreaterThan(0);
      expect(answerProblems({ statusCode: res.status, headers, body: res.body }, '', { allow5xx: [507] })).toEqual([]);
    }
    console.log(`disk full under PostgreSQL: ${JSON.stringify(full)}`);
    // A score post is never a 500, whether or not it found room; reads go on.
    const score = await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(attempt) });
    expect([201, 507]).toContain(score.status);
    expect((await request(`${base}/api/books/my-scores/`, { token })).status).toBe(200);
    expect((await request(`${base}/api/books/books/${book.id}/chapters/`, { token })).json()).toMatchObject({ count: 0 });
    const log = server.output();
    expect(log).toMatch(/No space left on device|could not extend file/);
    expect(log).not.toContain('unhandled error');

    // Space again: the same writes succeed, and the score is recorded once.
    rmSync(filler);
    expect((await writes['a chapter with a large document']()).status).toBe(201);
    expect((await request(`${base}/api/books/books/`, { method: 'POST', token, json: { title: 'After' } })).status).toBe(201);
    expect([200, 201]).toContain((await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(attempt) })).status);
    expect((await allScores(base, token)).filter((s) => s.client_attempt_id === attempt)).toHaveLength(1);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
