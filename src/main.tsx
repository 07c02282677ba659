import { CacheProvider } from '@emotion/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { markAppStarted } from './lib/app-started';
import { linkWebManifest, listenForInstallPrompt } from './lib/install-prompt';
import { createAppEmotionCache } from './lib/prerendered-styles';
import { createQueryClient, persistQueryCache } from './lib/query-client';
import { getAccessToken, getRefreshToken, getStoredUser, mirrorSession } from './lib/session';
import { registerServiceWorker } from './lib/sw-bridge';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// The books list, quiz history and members keep their last known answers across reloads (offline).
persistQueryCache(queryClient);
const router = createAppRouter(queryClient);

// The browser may offer installation before React renders.
listenForInstallPrompt();

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

/**
 * What the first screen does not need, once the browser is idle after it: the parts of pages
 * that wait for the app to have started (lib/app-started), the session's copy
 * for the service worker (a visitor has none, and never loads Dexie), the reading positions of
 * earlier users of a shared device put away (also done at sign-in, which a reload may cut short),
 * the manifest's link (the install check's downloads) and the worker's registration (which
 * downloads the whole precache).
 */
function afterFirstRender(): void {
  markAppStarted();
  if (getAccessToken() || getRefreshToken()) void mirrorSession();
  const user = getStoredUser();
  if (user) {
    import('./lib/reading-positions')
      .then(({ keepOnlyPositionsOf }) => keepOnlyPositionsOf(user.user_id))
      .catch((error: unknown) => console.warn('The reading positions could not be loaded', error));
  }
  linkWebManifest();
  if (import.meta.env.PROD) void registerServiceWorker();
}

const whenIdle = (task: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));

// A prerendered public page (build/prerender.ts) is taken over as it is; index.html's app shell
// (the frame and 'Loading...', data-app-shell) is replaced by the app. The route's code and data
// load first, so the app's first render is the page, not an empty frame. In a transition, React
// renders in short slices and the page stays responsive meanwhile.
const appShell = rootElement.hasAttribute('data-app-shell');
const prerendered = !appShell && rootElement.firstElementChild !== null;
void router
  .load()
  .catch((error: unknown) => console.error('The page could not be loaded before rendering', error))
  .then(() => {
    startTransition(() => {
      if (prerendered) hydrateRoot(rootElement, app);
      else createRoot(rootElement).render(app);
    });
    whenIdle(afterFirstRender);
  });
