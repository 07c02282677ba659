// @ts-check
/**
 * Lint: typescript-eslint, React's hook rules, no import cycles anywhere, and the tree's shape
 * (STYLE.md "Boundaries"), which imports may go where. Formatting is Prettier's (.prettierrc.json).
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'books', 'downloads', 'editor', 'messages', 'organization', 'practice', 'progress', 'quiz', 'reader', 'review', 'search', 'site'];

/** `from` may not be imported by files under `target` (paths from the repository root). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const srcZones = [
  zone('./src/contract', './src', 'src/contract imports only zod, stemmer, ts-fsrs and itself: the server imports it too.', ['./contract']),
  zone(
    './src/lib',
    ['./src/features', './src/routes', './src/components', './src/api', './src/content'],
    'src/lib is the bottom layer: it imports only src/contract and src/lib.',
  ),
  zone('./src/api', ['./src/features', './src/routes', './src/components', './src/content'], 'src/api imports only src/lib and src/contract.'),
  zone(
    './src/components',
    ['./src/features', './src/routes', './src/api', './src/content'],
    'Shared components know no feature: they take what they show as props.',
  ),
  zone('./src/content', ['./src/features', './src/routes', './src/components', './src/api', './src/lib'], 'src/content is data.'),
  zone('./src/features', './src/routes', 'Routes compose features, never the reverse.'),
  ...FEATURES.map((feature) =>
    zone(`./src/features/${feature}`, './src/features', 'Features do not import each other: the route composes them.', [`./${feature}`]),
  ),
  zone(
    ['./src/features/editor/plugins', './src/features/editor/nodes'],
    './src/features/editor/components',
    "The editor's components compose its plugins and nodes, not the reverse.",
  ),
  zone('./src', './server', 'The PWA never imports the server: both import src/contract.'),
  zone('./server', './src', 'The server imports only src/contract of the PWA.', ['./contract']),
  zone('./service-worker', ['./src/features', './src/routes', './src/components', './src/api'], 'The worker imports only src/lib and src/contract.'),
];

// The server's layers (server/*/README.md): lib at the bottom, db below repositories, routes on top (only server/app.ts imports them).
const SERVER_LAYERS = {
  lib: [],
  db: ['lib'],
  repositories: ['db', 'lib'],
  services: ['repositories', 'lib'],
  storage: ['lib'],
  plugins: ['repositories', 'services', 'storage', 'lib'],
  routes: ['services', 'repositories', 'plugins', 'storage', 'lib'],
  seed: ['repositories', 'storage', 'lib'],
  cli: ['db', 'repositories', 'services', 'storage', 'lib'],
};
const serverZones = Object.entries(SERVER_LAYERS).map(([layer, allowed]) =>
  zone(
    `./server/${layer}`,
    Object.keys(SERVER_LAYERS)
      .filter((other) => other !== layer && !allowed.includes(other))
      .map((other) => `./server/${other}`),
    `server/${layer} may import only ${allowed.length ? allowed.join(', ') + ', ' : ''}its own folder and src/contract.`,
  ),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'coverage/**', 'src/routeTree.gen.ts', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Parse .ts/.tsx dependencies too, or no-cycle sees no edge between them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'server/tsconfig.json', 'service-worker/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...srcZones, ...serverZones] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `any` is refused by the type checker's strict mode where it matters; a few library seams need it.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // The classic hook rules; the React Compiler's rules in the plugin's recommended set are not adopted (no compiler here).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Only db/ and repositories/ touch the database packages; only repositories/ open transactions.
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', 'server/repositories/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['kysely', 'pg', 'better-sqlite3'].map((name) => ({ name, message: 'Only server/db and server/repositories use the database.' })) },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]", message: 'Transactions are opened in server/repositories.' },
      ],
    },
  },
  prettier,
);
