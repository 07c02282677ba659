/**
 * Where the PWA's build (build/) puts what the server (server/plugins/static.ts) reads besides
 * the assets. Constants only: the build imports this file too.
 */

/** The public pages, prerendered: `/` → prerendered/index.html, `/about` → prerendered/about.html. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The app shell with a route's code named for preloading (build/route-preloads.ts), one copy per
 * route under `app-shell/`, and `app-shell/routes.json` listing `{ path, file }`: the server sends
 * the copy of the route that answers a path (`/book/$bookId` answers `/book/7`).
 */
export const APP_SHELL_DIR = 'app-shell';
export const APP_SHELL_ROUTES = 'app-shell/routes.json';

/**
 * The web app manifest. The build leaves its `<link>` out of the HTML and the app adds it once
 * the page is idle (src/lib/install-prompt.ts): reading it makes Chromium fetch the manifest
 * and an icon for its install check, which on a phone's first visit competed with the page's
 * code for the connection.
 */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
