/**
 * Chunk groups of the browser build (Rolldown's `codeSplitting.groups`), by package only.
 *
 * What the entry imports statically (rolldown's `$initial` tag: main.tsx, React, MUI with
 * emotion, the router, the query client) goes into three chunks instead of the 25-odd small
 * chunks rolldown makes of the modules the entry shares with the lazy routes, which every page
 * fetches before the app starts (six at a time over HTTP/1.1). What of MUI only a lazy route
 * uses stays with that route. Lighthouse mobile, five rounds alternated with a build without
 * groups: LCP on / 2.1–2.3 s against 2.5–2.6 s, on /books 3.9–4.6 s against 4.7–5.2 s.
 */
import type { Rolldown } from 'vite';

/** Modules under any of these packages in node_modules. */
const packages = (...names: string[]) => new RegExp(`node_modules/(?:${names.join('|')})/`);

/** Modules under any of these folders of the project (paths from the root). */
const folders = (...paths: string[]) => new RegExp(`/(?:${paths.join('|')})/`);

export const APP_START: Rolldown.CodeSplittingGroup[] = [
  { name: 'app-react', tags: ['$initial'], test: packages('react', 'react-dom', 'scheduler'), priority: 3 },
  {
    name: 'app-mui',
    tags: ['$initial'],
    test: packages('@mui', '@emotion', 'stylis', '@babel', 'hoist-non-react-statics', 'react-is', 'prop-types', 'clsx', 'react-transition-group'),
    priority: 2,
  },
  { name: 'app', tags: ['$initial'], priority: 1 },
  // What every signed-in page starts with and no public page loads (the API client, the session
  // check, the query hooks, the book fetchers, and the small parts the signed-in pages share:
  // permissions, dates, the retry and confirm dialogs): one file instead of a dozen of 0.2-4 KiB
  // fetched one round trip after the route's own chunk. Lighthouse mobile on /books, five rounds
  // alternated with the shared parts left to rolldown: LCP 3.4–3.5 s against 3.6–3.7 s (behind
  // nginx with HTTP/2, 2.6–2.8 s against 2.7–2.9 s).
  {
    name: 'signed-in',
    test: new RegExp(
      `${packages('axios', '@tanstack/react-query', '@tanstack/query-core').source}|${folders('src/api', 'src/features/auth/api', 'src/features/books/api').source}|/src/(?:contract/permissions|lib/dates|features/books/book-text|components/retry-alert|components/confirm-dialog)\\.tsx?$`,
    ),
    priority: 0,
  },
  // What a signed-in page reads of the device (Dexie and the hooks on it, the outboxes, this
  // device's reading progress and the rules it merges with): one file instead of seven of
  // 0.2–1 KiB that the books list's cards, the dashboard and the reader each fetch (the books
  // list on a phone: 31 files before it shows with it, 37 without).
  {
    name: 'device',
    test: new RegExp(
      `${packages('dexie', 'dexie-react-hooks').source}|/src/lib/db\\.ts$|${folders('src/lib/outbox', 'src/features/progress/api', 'src/features/progress/db').source}|/src/features/progress/merge\\.ts$|/src/contract/progress-rules\\.ts$`,
    ),
    priority: 0,
  },
];
