/**
 * e2e harness: starts the real server (`tsx server/start.ts`, which builds dist/ when stale)
 * on a free port with a fresh DATA_DIR and demo content, waits for /api/health/, and provides
 * its base URL to the tests (`inject('baseURL')`). Set E2E_BASE_URL to test a server that is
 * already running instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from '../helpers/browser';
import { tempPostgresDatabase } from '../helpers/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The built PWA the server serves; a second server in a test can serve it too (SKIP_BUILD=1). */
    distDir: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 5 * 60 * 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health/`);
      if (response.ok && ((await response.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health/ within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      // The server runs in its own process group (tsx starts a child node process).
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

export default async function setup(project: TestProject) {
  assertChromiumInstalled();

  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    project.provide('distDir', path.join(ROOT, 'dist'));
    return;
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-e2e-data-'));
  // A build of its own: another run rebuilding ./dist cannot pull files from under this server.
  const distDir = mkdtempSync(path.join(tmpdir(), 'lap-e2e-dist-'));
  process.env.DIST_DIR = distDir;
  // With TEST_DATABASE_URL the server runs on a PostgreSQL database made for this run, dropped after.
  const database = await tempPostgresDatabase();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  };
  // A fresh database every run, whatever the developer's shell points at.
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  delete env.REDIS_URL;
  // Vitest sets NODE_ENV=test; passed on, it makes Vite build a development bundle (no
  // service worker registration, React's development build). Start it as `npm start` would.
  delete env.NODE_ENV;

  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/start.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    await stop(child);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('distDir', distDir);

  return async () => {
    await stop(child);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  };
}
