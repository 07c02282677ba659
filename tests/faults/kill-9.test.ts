/**
 * kill -9 of the real server process while 8 writers post scores and 2 upload images, three
 * rounds on the same data, then a restart: every acknowledged score is stored exactly once
 * (acknowledged-but-lost 0, duplicates 0, also after every attempt is replayed), every
 * acknowledged image is served, and no media file exists without its database record.
 * On SQLite, and on PostgreSQL when one answers (TEST_DATABASE_URL, or 127.0.0.1:5432).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server-process';
import { allScores, createQuiz, createSuperuser, killAllServers, loginAs, request, scoreBody, sleep, startServer, type ServerChild } from './helpers/process';
import { postgresUrl, tempDatabase } from './helpers/postgres';

const ROUNDS = 3;
const WRITERS = 8;
const UPLOADERS = 2;

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
  .png()
  .toBuffer();

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

const adminUrl = await postgresUrl();
const databases = ['sqlite', ...(adminUrl ? ['postgres'] : [])] as const;
if (!adminUrl) console.warn('PostgreSQL does not answer: the kill -9 rounds run on SQLite only');

describe.each(databases)('kill -9 during concurrent score writes and uploads (%s)', (database) => {
  const dataDir = tempDataDir();
  let pgDb: Awaited<ReturnType<typeof tempDatabase>> | undefined;
  let server: ServerChild | undefined;
  afterAll(async () => {
    killAllServers();
    await pgDb?.drop();
  });

  it(`${ROUNDS} rounds: acknowledged writes are neither lost nor duplicated, no dangling media file`, { timeout: 300_000 }, async () => {
    if (database === 'postgres') {
      pgDb = await tempDatabase(adminUrl!);
    }
    const env = { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
    await createSuperuser(env);
    server = await startServer(env);
    const { access } = await loginAs(server.url);
    const quizId = await createQuiz(server.url, access);
    server.signal('SIGTERM');
    await server.exited;

    const attempted = new Set<string>();
    const acknowledged = new Map<string, number>();
    const uploaded: string[] = [];
    let stoppedBy = '';

    for (let round = 0; round < ROUNDS; round++) {
      server = await startServer(env);
      const base = server.url;
      const { access: token } = await loginAs(base);
      let running = true;
      const writer = async () => {
        while (running) {
          const id = randomUUID();
          attempted.add(id);
          const res = await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) });
          if (res.status === 201 || res.status === 200) acknowledged.set(id, res.json<{ id: number }>().id);
          else if (res.status === 0) return;
          else throw new Error(`score write answered ${res.status}: ${res.body}`);
        }
      };
      const uploader = async () => {
        while (running) {
          const form = new FormData();
          form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'x.png');
          const res = await request(`${base}/api/media/upload-image/`, { method: 'POST', token, body: form });
          if (res.status === 201) uploaded.push(res.json<{ imageUrl: string }>().imageUrl);
          else if (res.status === 0) return;
          else throw new Error(`upload answered ${res.status}: ${res.body}`);
        }
      };
      const work = Promise.all([...Array.from({ length: WRITERS }, writer), ...Array.from({ length: UPLOADERS }, uploader)]);
      await sleep(800 + Math.random() * 1200);
      server.signal('SIGKILL');
      stoppedBy = String(await server.exited);
      running = false;
      await work;
    }
    expect(stoppedBy).toBe('SIGKILL');

    server = await startServer(env);
    const base = server.url;
    const { access: token } = await loginAs(base);
    const stored = await allScores(base, token);
    const perAttempt = new Map<string, number>();
    for (const s of stored) if (s.client_attempt_id) perAttempt.set(s.client_attempt_id, (perAttempt.get(s.client_attempt_id) ?? 0) + 1);
    const lost = [...acknowledged.keys()].filter((id) => !perAttempt.has(id));
    const duplicated = [...perAttempt.values()].filter((n) => n > 1).length;
    const changed = [...acknowledged].filter(([id, recordId]) => stored.find((s) => s.client_attempt_id === id)?.id !== recordId);

    // The client's outbox replays whatever it never saw acknowledged; nothing may double.
    for (const id of attempted) {
      const res = await request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) });
      expect([200, 201]).toContain(res.status);
      if (acknowledged.has(id)) expect(res.status).toBe(200);
    }
    const afterReplay = await allScores(base, token);
    const replayDuplicates = afterReplay.length - new Set(afterReplay.map((s) => s.client_attempt_id)).size;

    // Media: every acknowledged upload is served; every file on disk has its record.
    const served = await Promise.all(uploaded.map((url) => request(`${base}${url}`).then((r) => r.status)));
    const files = filesUnder(path.join(dataDir, 'media', 'images')).map((f) => `/media/images/${f.split(path.sep).join('/')}`);
    let recorded: string[];
    if (pgDb) {
      const client = new pg.Client({ connectionString: pgDb.url });
      await client.connect();
      recorded = (await client.query<{ path: string }>('select path from media_files')).rows.map((r) => r.path);
      await client.end();
    } else {
      const db = new Database(path.join(dataDir, 'db.sqlite3'), { readonly: true });
      recorded = (db.prepare('select path from media_files').all() as { path: string }[]).map((r) => r.path);
      db.close();
    }
    const dangling = files.filter((f) => !recorded.includes(f));
    const leftoverTmp = filesUnder(path.join(dataDir, 'media', 'tmp'));

    console.log(
      `kill -9 (${database}, ${ROUNDS} rounds, ${WRITERS} writers + ${UPLOADERS} uploaders): ` +
        `writes acknowledged ${acknowledged.size}, lost ${lost.length}, duplicated ${duplicated + replayDuplicates}, ` +
        `attempted ${attempted.size}; uploads acknowledged ${uploaded.length}, not served ${served.filter((s) => s !== 200).length}, ` +
        `dangling media files ${dangling.length}, files left in media/tmp ${leftoverTmp.length}`,
    );
    expect(acknowledged.size).toBeGreaterThan(50);
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(changed).toEqual([]);
    expect(replayDuplicates).toBe(0);
    expect(afterReplay.length).toBe(attempted.size);
    expect(served.filter((s) => s !== 200)).toEqual([]);
    expect(dangling).toEqual([]);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;
  });
});
