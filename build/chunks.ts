/**
 * Chunk groups of the browser build (Rolldown's `codeSplitting.groups`), by package or by folder
 * or module of the project, never by a library's internal file. A group also takes in what its
 * modules import, unless a group of a higher priority takes it (so Dexie, which the API's
 * fetchers reach through lib/db, is in 'signed-in').
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
  // permissions, dates, the retry and confirm dialogs, the download control's place, this
  // device's reading positions): one file instead of a dozen of 0.2-4 KiB fetched one round trip
  // after the route's own chunk. Lighthouse mobile on /books, five rounds alternated with the
  // shared parts left to rolldown: LCP 3.4–3.5 s against 3.6–3.7 s (behind nginx with HTTP/2,
  // 2.6–2.8 s against 2.7–2.9 s).
  {
    name: 'signed-in',
    test: new RegExp(
      `${packages('axios', '@tanstack/react-query', '@tanstack/query-core').source}|${folders('src/api', 'src/features/auth/api', 'src/features/books/api').source}|/src/(?:contract/permissions|lib/dates|features/books/book-text|components/retry-alert|components/confirm-dialog|features/downloads/components/download-control-place|lib/reading-positions)\\.tsx?$`,
    ),
    priority: 0,
  },
  // An image with its variants and its fallback, on public and signed-in pages alike: one file
  // instead of two, and kept out of the chapter's chunk below, which a public page never loads.
  { name: 'safe-image', test: /\/src\/(?:components\/safe-image\.tsx|contract\/image-variants\.ts)$/, priority: 1 },
  // What a chapter needs to show and the book's screens share (the chapter's renderer and the
  // rules it reads a stored chapter with, the book's loading, error and offline states): one file
  // instead of six of 0.1–2 KiB fetched one round trip after the reader's own chunk. The editor
  // and the quiz load it too; a public page does not. With the two groups above, a reader's
  // chapter shows after 16 files instead of 25 and the books list after 20 instead of 22.
  // Lighthouse mobile, five rounds of three alternated with the build without them: reader
  // median 69 against 63 (round medians of LCP 3.7–4.0 s against 3.8–4.2 s, TBT 638–919 ms
  // against 694–1262 ms), /books 68 against 65; behind HTTP/2, 75 against 71 and 77 against 78.
  {
    name: 'chapter',
    test: new RegExp(
      [
        folders('src/features/editor/content').source,
        '/src/features/editor/(?:components/chapter-(?:view|document)|content-styles|theme|nodes/media-(?:label|views))\\.tsx?$',
        '/src/contract/(?:urls|rich-text-nodes|lexical-json|delta-to-lexical)\\.ts$',
        '/src/features/reader/(?:messages|components/(?:load-states|needs-connection)|local/needs-connection-error)\\.tsx?$',
        '/src/routes/-components/book-route-parts\\.tsx$',
      ].join('|'),
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
