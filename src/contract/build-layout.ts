/**
 * Where the PWA's build (build/) puts what the server (server/plugins/static.ts) reads besides
 * the assets. Constants only: the build imports this file too.
 */

/** The public pages, prerendered: `/` → prerendered/index.html, `/about` → prerendered/about.html. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The web app manifest. The build leaves its `<link>` out of the HTML and the app adds it once
 * the page is idle (src/lib/install-prompt.ts): reading it makes Chromium fetch the manifest
 * and an icon for its install check, which on a phone's first visit competed with the page's
 * code for the connection.
 */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
