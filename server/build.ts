/**
 * Builds the PWA when dist/ is missing or stale: a hash of everything the build reads is kept
 * in dist/.build-hash, so `npm start` rebuilds after a change and starts at once otherwise.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the built PWA goes: ./dist, or DIST_DIR (the browser tests build into a folder of their own). */
export const DIST_DIR = path.resolve(ROOT, process.env.DIST_DIR || 'dist');
const INPUTS = ['src', 'service-worker', 'public', 'index.html', 'vite.config.ts', 'build', 'tsconfig.json', 'package.json'];

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function isBuildFresh(distDir = DIST_DIR): boolean {
  const stamp = path.join(distDir, '.build-hash');
  return existsSync(path.join(distDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sourceHash();
}

/** Runs a production `vite build` unless the folder matches the sources; throws when the build fails. */
export function ensureBuild(distDir = DIST_DIR, log: (line: string) => void = console.log): void {
  if (isBuildFresh(distDir)) return;
  log('Building the PWA (dist/ is missing or older than the sources)…');
  const hash = sourceHash();
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Always the production bundle, even when started from a test runner (NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The PWA build failed (see the output above).');
  writeFileSync(path.join(distDir, '.build-hash'), hash + '\n');
}
