import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { listenForInstallPrompt } from './lib/install-prompt';
import { createQueryClient, persistQueryCache } from './lib/query-client';
import { getAccessToken, getRefreshToken, mirrorSession } from './lib/session';
import { registerServiceWorker } from './lib/sw-bridge';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// The books list, quiz history and members keep their last known answers across reloads (offline).
persistQueryCache(queryClient);
const router = createAppRouter(queryClient);

listenForInstallPrompt();
// The service worker reads the session from IndexedDB: copy what localStorage holds now. A
// visitor has nothing to copy (every sign-out already cleared the copy), and their first
// visit does not load Dexie.
if (getAccessToken() || getRefreshToken()) void mirrorSession();
// Registered once the page has loaded: installing the worker downloads the whole precache,
// which must not compete with the first paint on a phone's slow connection.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', () => registerServiceWorker(), { once: true });
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
