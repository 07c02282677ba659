import { CacheProvider } from '@emotion/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { linkWebManifest, listenForInstallPrompt } from './lib/install-prompt';
import { dropEarlyReads } from './lib/early-reads';
import { afterFirstPage, firstScreenImages, framePresented, holdUntilFirstPage, releaseFirstPage } from './lib/first-page';
import { createQueryClient, persistQueryCache } from './lib/query-client';
import { createAppEmotionCache } from './lib/prerendered-styles';
import { getAccessToken, getRefreshToken, mirrorSession } from './lib/session';
import { registerServiceWorker } from './lib/sw-bridge';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// The books list, quiz history and members keep their last known answers across reloads (offline).
persistQueryCache(queryClient);
const router = createAppRouter(queryClient);

listenForInstallPrompt();

// What is not needed to show the page waits until it is shown (lib/first-page): until the page
// has loaded and the router has rendered its first route, or 5 s after the load whatever the
// page is doing, then until the images on the first screen have loaded and been decoded (at
// most 3 s more), and then until the frame that shows them is on screen. (On a signed-in page the
// load event comes before the page's data, while the app still renders behind 'Loading...'.
// Released in a task of its own right after the render, the waiting work could run before the
// browser drew that frame, and hold it back: IndexedDB's code, its opening, the worker.)
holdUntilFirstPage();
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
const rendered = new Promise<void>((resolve) => {
  const stop = router.subscribe('onRendered', () => {
    stop();
    resolve();
  });
});
void loaded
  .then(() => Promise.race([rendered, new Promise((resolve) => setTimeout(resolve, 5000))]))
  // The first screen's images (a cover, a chapter's figure) before the background's downloads.
  .then(() => firstScreenImages(3000))
  .then(() => framePresented(1000))
  .then(releaseFirstPage);

// The service worker reads the session from IndexedDB: copy what localStorage holds once the
// page is shown. The page does not wait for the copy: a token refresh takes the worker's newer
// pair first (lib/http-client). The tasks given after it here and the score sync's do (at most a
// second, lib/first-page): the copy opens the database, and their reads would otherwise all
// come back in the one task that finishes the opening. A visitor has nothing to copy (every
// sign-out already cleared the copy) and never loads Dexie.
if (getAccessToken() || getRefreshToken()) afterFirstPage(() => mirrorSession());
// The starter's reads the first page did not take are getting old (lib/early-reads).
afterFirstPage(dropEarlyReads);
// The install check's downloads (the manifest, an icon) wait for the page too (lib/install-prompt).
afterFirstPage(linkWebManifest);
// Installing the worker downloads the whole precache, which must not compete with the page's
// data and images on a phone's slow connection.
if (import.meta.env.PROD) afterFirstPage(() => registerServiceWorker());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    {/* The page's HTML brought the styles of its markup (lib/prerendered-styles). */}
    <CacheProvider value={createAppEmotionCache()}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

// index.html's app shell (the frame and 'Loading...', painted while this script downloaded) is
// not a page to take over: the app renders in its place, replacing it in its first commit.
const appShell = rootElement.hasAttribute('data-app-shell');
rootElement.removeAttribute('data-app-shell');

if (rootElement.firstElementChild && !appShell) {
  // The server sent this page prerendered (vite.config.ts, src/entry-prerender.tsx): it is on
  // screen already. Load the page's route (its code chunk) first, then take the markup over as
  // it is instead of painting it again; as a transition, React hydrates it in short slices and
  // the phone stays responsive meanwhile.
  // The first step waits for a task of its own: starting the app has been one long task so far.
  new Promise((resolve) => setTimeout(resolve))
    .then(() => router.load())
    .then(() => startTransition(() => void hydrateRoot(rootElement, app)))
    .catch((error: unknown) => {
      console.error('The prerendered page could not be taken over; rendering it again', error);
      createRoot(rootElement).render(app);
    });
} else {
  const root = createRoot(rootElement);
  const render = () => startTransition(() => root.render(app));
  if (appShell) {
    // The shell stays on screen while the page's route loads (its code, its data): rendered
    // before that, the app would replace the shell with an empty page until the route had
    // loaded. Then the app renders with everything it needs, in a transition (short slices,
    // no store changing meanwhile), and replaces the shell in one commit.
    // The router's first load (matching the path, the route's code and data) starts in a task
    // of its own, after the one that evaluated the app's modules, as on a prerendered page.
    new Promise((resolve) => setTimeout(resolve))
      .then(() => router.load())
      .then(render, (error: unknown) => {
        console.error('The page could not be loaded before rendering', error);
        render();
      });
  } else render();
}
