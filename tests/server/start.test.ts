import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed';
import { QUESTION_TYPES } from '../../src/contract/quiz';
import { runCli, startServerProcess, tempDataDir, tempPostgresDatabase, type RunningServer } from '../helpers/server-process';

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe('npm start', () => {
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof tempPostgresDatabase>>;
  let server: RunningServer;
  const env = () => ({ DATA_DIR: dataDir, SKIP_BUILD: '1', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });

  beforeAll(async () => {
    dataDir = tempDataDir();
    pgDb = await tempPostgresDatabase();
    server = await startServerProcess({ ...env(), SEED_DEMO: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the address and the demo accounts', () => {
    expect(server.output()).toContain(server.url);
    for (const account of DEMO_ACCOUNTS) expect(server.output()).toContain(account.email);
    expect(server.output()).toContain(DEMO_PASSWORD);
  });

  it('seeds demo content: accounts of every role, books with chapters, and a quiz of all four types', async () => {
    const login = await json(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: JSON.stringify({ email: 'learner@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.body.access}` };
    const books = (await json(`${server.url}/api/books/books/`, { headers: auth })).body;
    expect(books.count).toBeGreaterThanOrEqual(2);
    let quizTypes = new Set<string>();
    let questions = 0;
    for (const book of books.results) {
      expect(book.chapter_count).toBeGreaterThanOrEqual(3);
      expect(book.cover_image_url).toMatch(/^\/media\/images\//);
      const cover = await fetch(server.url + book.cover_image_url);
      expect(cover.headers.get('content-type')).toBe('image/webp');
      const detail = (await json(`${server.url}/api/books/books/${book.id}/`, { headers: auth })).body;
      if (detail.quiz) {
        const data = JSON.parse(detail.quiz.quiz_data) as { type: string }[];
        questions = Math.max(questions, data.length);
        if (data.length >= 8) quizTypes = new Set(data.map((q) => q.type));
      }
      const chapters = (await json(`${server.url}/api/books/books/${book.id}/chapters/`, { headers: auth })).body;
      const text = JSON.stringify(chapters.results);
      expect(text).toContain('"heading"');
      expect(text).toContain('"list"');
      expect(text).not.toMatch(/lorem ipsum/i);
    }
    expect(questions).toBeGreaterThanOrEqual(8);
    expect([...quizTypes].sort()).toEqual([...QUESTION_TYPES].sort());

    // The practice log's drills: the five FLS tasks with their targets, and the endotrainer's own.
    const drills = (await json(`${server.url}/api/practice/drills/`, { headers: auth })).body;
    expect(drills.results.map((d: { name: string; target_seconds: number }) => [d.name, d.target_seconds])).toEqual([
      ['FLS peg transfer', 48],
      ['FLS pattern cut', 98],
      ['FLS ligating loop', 53],
      ['FLS extracorporeal suture', 136],
      ['FLS intracorporeal suture', 112],
      ['Endotrainer knot tying', 120],
    ]);
    for (const drill of drills.results) {
      expect(drill).toMatchObject({ consecutive_passes: 2, further_passes: 10, max_repetitions: null, instructions: { root: { type: 'root' } } });
      expect(drill.penalties.length).toBeGreaterThan(0);
    }

    const owner = await json(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: JSON.stringify({ email: 'owner@cityhospital.example', password: DEMO_PASSWORD }),
    });
    const orgId = JSON.parse(Buffer.from(owner.body.access.split('.')[1], 'base64url').toString()).organization_id;
    const members = await json(`${server.url}/api/accounts/organizations/${orgId}/users/`, { headers: { authorization: `Bearer ${owner.body.access}` } });
    expect(members.body.results.map((m: { role_in_organization: string }) => m.role_in_organization)).toEqual(['owner', 'admin', 'member']);
  });

  it('lets the createsuperuser command run beside the server on the same data', async () => {
    const writes = Array.from({ length: 15 }, (_, i) =>
      json(`${server.url}/api/accounts/register/`, {
        method: 'POST',
        body: JSON.stringify({ email: `busy${i}@x.example`, password: 'Trocar-Placement-9', password2: 'Trocar-Placement-9', full_name: `Busy ${i}` }),
      }),
    );
    const [cli, results] = await Promise.all([
      runCli(
        'server/cli/createsuperuser.ts',
        ['--email', 'chief@institute.example', '--password', 'Hasson-Entry-2026', '--full-name', 'Chief of Training'],
        env(),
      ),
      Promise.all(writes),
    ]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(results.every((r) => r.status === 201)).toBe(true);
    const login = await json(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: JSON.stringify({ email: 'chief@institute.example', password: 'Hasson-Entry-2026' }),
    });
    expect(login.status).toBe(200);
    const profile = (await json(`${server.url}/api/accounts/profile/`, { headers: { authorization: `Bearer ${login.body.access}` } })).body;
    expect(profile).toMatchObject({ is_superuser: true, is_staff: true, full_name: 'Chief of Training' });
  });

  it('promotes an existing account, and applies the registration rules', async () => {
    const unasked = await runCli('server/cli/createsuperuser.ts', ['--email', 'LEARNER@example.com'], env());
    expect(unasked.code).toBe(1);
    expect(unasked.stdout).toMatch(/An account already uses learner@example\.com: ".+", registered on \d{4}-\d{2}-\d{2}\./);
    expect(unasked.stderr).toContain('--yes');
    const promote = await runCli('server/cli/createsuperuser.ts', ['--email', 'LEARNER@example.com', '--yes'], env());
    expect(promote.code).toBe(0);
    expect(promote.stdout).toContain('learner@example.com is now a superuser, signed out everywhere.');
    const weak = await runCli('server/cli/createsuperuser.ts', ['--email', 'weak@x.example', '--password', '12345678'], env());
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('This password is too common.');
    const noTerminal = await runCli('server/cli/createsuperuser.ts', ['--email', 'new@x.example'], env());
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.stderr).toContain('--password is required');
    const login = await json(`${server.url}/api/accounts/login/`, { method: 'POST', body: JSON.stringify({ email: 'weak@x.example', password: '12345678' }) });
    expect(login.status).toBe(401);
  });

  it('does not seed again on the next start', async () => {
    await server.stop();
    server = await startServerProcess({ ...env(), SEED_DEMO: '1' });
    expect(server.output()).not.toContain('Demo content was added');
    const login = await json(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: JSON.stringify({ email: 'director@institute.example', password: DEMO_PASSWORD }),
    });
    const books = (await json(`${server.url}/api/books/books/`, { headers: { authorization: `Bearer ${login.body.access}` } })).body;
    expect(books.count).toBe(2);
    expect((await json(`${server.url}/api/practice/drills/`, { headers: { authorization: `Bearer ${login.body.access}` } })).body.count).toBe(6);
  });
});

describe('npm start configuration', () => {
  it('seeds nothing with SEED_DEMO=0', async () => {
    const dataDir = tempDataDir();
    const pgDb = await tempPostgresDatabase();
    const server = await startServerProcess({ DATA_DIR: dataDir, SKIP_BUILD: '1', SEED_DEMO: '0', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
    try {
      expect(server.output()).not.toContain(DEMO_PASSWORD);
      const login = await json(`${server.url}/api/accounts/login/`, {
        method: 'POST',
        body: JSON.stringify({ email: 'director@institute.example', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(401);
    } finally {
      await server.stop();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SECRET_KEY', 'short'],
    ['MAX_VIDEO_UPLOAD_MB', '-5'],
  ])('stops with a message naming %s when it is invalid', async (name, value) => {
    const result = await runCli('server/start.ts', [], { DATA_DIR: tempDataDir(), SKIP_BUILD: '1', [name]: value });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${name}:`);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('keeps the generated signing key in DATA_DIR, readable by its owner only', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir, SKIP_BUILD: '1', SEED_DEMO: '0' });
    await server.stop();
    const { statSync, readFileSync } = await import('node:fs');
    const stat = statSync(`${dataDir}/secret_key`);
    expect(stat.mode & 0o077).toBe(0);
    expect(readFileSync(`${dataDir}/secret_key`, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
