/**
 * The tree keeps its shape (STYLE.md "Boundaries"): imports flow one way,
 * lib · components · contract → features → routes, and features do not import each other.
 * This stands in for an import/no-restricted-paths lint rule (no ESLint in this project).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [full] : [];
  });
}

/** Area of a file inside src/: 'lib', 'components', 'contract', 'content', 'routes', 'features/<name>' or 'root'. */
function areaOf(file: string): string {
  const [top, second] = path.relative(SRC, file).split(path.sep);
  if (top === 'features') return `features/${second}`;
  return top && second !== undefined ? top : 'root';
}

function internalImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
}

const ALLOWED: Record<string, (target: string, source: string) => boolean> = {
  lib: (t) => t === 'lib' || t === 'contract',
  api: (t) => t === 'api' || t === 'lib' || t === 'contract',
  contract: (t) => t === 'contract',
  content: (t) => t === 'content',
  components: (t) => t === 'lib' || t === 'contract' || t === 'components',
  feature: (t, s) => t === s || t === 'api' || t === 'lib' || t === 'contract' || t === 'components' || t === 'content',
  routes: (t) => t !== 'root',
};

describe('import boundaries of src/', () => {
  const files = sourceFiles(SRC);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('imports only in the allowed direction', () => {
    const violations: string[] = [];
    for (const file of files) {
      const source = areaOf(file);
      const rule = source.startsWith('features/') ? ALLOWED.feature : ALLOWED[source];
      if (!rule) continue;
      for (const target of internalImports(file).map(areaOf)) {
        if (!rule(target, source)) violations.push(`${path.relative(SRC, file)} (${source}) imports ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

describe('layers of the editor feature', () => {
  const EDITOR = path.join(SRC, 'features/editor');
  const layerOf = (file: string) => path.relative(EDITOR, file).split(path.sep)[0]!;

  it('lets no plugin or node import a component (components compose plugins, not the reverse)', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(EDITOR)) {
      const layer = layerOf(file);
      if (layer !== 'plugins' && layer !== 'nodes') continue;
      for (const target of internalImports(file)) {
        if (target.startsWith(EDITOR) && layerOf(target) === 'components') violations.push(`${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
