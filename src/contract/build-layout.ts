/**
 * Where the PWA's build (vite.config.ts) puts what the server (server/plugins/static.ts,
 * server/app.ts) reads besides the assets. Constants only: the build imports this file too.
 */

/** The public pages, prerendered: `/` → prerendered/index.html, `/about` → prerendered/about.html. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * A JSON array of the CSP sources (`'sha256-…'`) of the scripts written into the build's HTML
 * (index.html's starter): the server adds them to its Content-Security-Policy's script-src.
 */
export const INLINE_SCRIPT_HASHES = 'inline-script-hashes.json';

/**
 * The web app manifest. The build leaves its `<link>` out of the HTML and the app adds it once
 * the page is shown (src/lib/install-prompt.ts): reading it makes Chromium fetch the manifest
 * and an icon for its install check, which on a phone's first visit competed with the page's
 * code for the connection.
 */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
