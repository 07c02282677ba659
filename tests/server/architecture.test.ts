/**
 * The server keeps its layers (STYLE.md "Boundaries", server/README.md files): lib at the
 * bottom; db below repositories; only repositories (and db) touch Kysely or open a
 * transaction; services use repositories; routes use services, repositories, plugins and lib
 * but never the database module; nothing imports a route but the app. This stands in for an
 * import/no-restricted-paths lint rule (no ESLint in this project).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** 'lib', 'db', 'repositories', 'services', 'plugins', 'routes', 'seed', 'cli', 'root' (server/*.ts), 'contract' or 'other'. */
function layerOf(file: string): string {
  const relative = path.relative(ROOT, file).split(path.sep);
  if (relative[0] === 'src' && relative[1] === 'contract') return 'contract';
  if (relative[0] !== 'server') return 'other';
  // `../repositories` names the folder (its index.ts): that is the folder's layer.
  const isFolder = existsSync(file) && statSync(file).isDirectory();
  return relative.length === 2 && !isFolder ? 'root' : relative[1]!;
}

function importsOf(file: string): { internal: string[]; packages: string[] } {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return {
    internal: specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s)),
    packages: specifiers.filter((s) => !s.startsWith('.')),
  };
}

/** Which layers each layer may import (itself always). */
const ALLOWED: Record<string, string[]> = {
  lib: ['contract'],
  db: ['lib', 'contract'],
  repositories: ['db', 'lib', 'contract'],
  services: ['repositories', 'lib', 'contract'],
  storage: ['lib', 'contract', 'root'],
  plugins: ['repositories', 'services', 'storage', 'lib', 'contract', 'root'],
  routes: ['services', 'repositories', 'plugins', 'storage', 'lib', 'contract'],
  seed: ['repositories', 'storage', 'lib', 'contract', 'root'],
  cli: ['db', 'repositories', 'services', 'storage', 'lib', 'contract', 'root'],
};

/** Only these layers may use the database driver and query builder. */
const DATABASE_PACKAGES = ['kysely', 'pg', 'better-sqlite3'];
const DATABASE_LAYERS = ['db', 'repositories'];

describe('layers of server/', () => {
  const files = sourceFiles(SERVER);

  it('finds the server tree', () => {
    expect(files.length).toBeGreaterThan(30);
    for (const layer of ['lib', 'db', 'repositories', 'services', 'storage', 'plugins', 'routes', 'seed', 'cli']) expect(files.map(layerOf)).toContain(layer);
  });

  it('imports only in the allowed direction', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      const allowed = ALLOWED[layer];
      if (!allowed) continue;
      for (const target of importsOf(file).internal.map(layerOf)) {
        if (target !== layer && !allowed.includes(target)) violations.push(`${path.relative(SERVER, file)} (${layer}) imports ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('lets only db/ and repositories/ touch the database packages', () => {
    const violations = files.flatMap((file) =>
      importsOf(file)
        .packages.filter((p) => DATABASE_PACKAGES.includes(p) && !DATABASE_LAYERS.includes(layerOf(file)))
        .map((p) => `${path.relative(SERVER, file)} imports ${p}`),
    );
    expect(violations).toEqual([]);
  });

  it('opens transactions only in repositories/', () => {
    const violations = files.filter((file) => layerOf(file) !== 'repositories' && /\.transaction\(\)/.test(readFileSync(file, 'utf8')));
    expect(violations.map((f) => path.relative(SERVER, f))).toEqual([]);
  });

  it('never imports a route, except the app that registers them', () => {
    const violations = files.flatMap((file) =>
      layerOf(file) === 'routes' || path.relative(SERVER, file) === 'app.ts'
        ? []
        : importsOf(file).internal.filter((target) => layerOf(target) === 'routes').map(() => path.relative(SERVER, file)),
    );
    expect(violations).toEqual([]);
  });

  it('keeps the contract free of server code', () => {
    const contract = sourceFiles(path.join(ROOT, 'src', 'contract'));
    const violations = contract.flatMap((file) => importsOf(file).internal.filter((t) => layerOf(t) !== 'contract').map((t) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, t)}`));
    expect(violations).toEqual([]);
  });
});
