/**
 * The build's prerender entry (built for Node by build/prerender.ts, never shipped to browsers):
 * renders each public page of the site as a signed-out visitor sees it, with the MUI (emotion)
 * styles that page uses. The server sends that HTML for the page's exact path, so a phone paints
 * the page before any script has run; main.tsx then hydrates it. The tree is the one main.tsx
 * renders, so hydration finds the same markup.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppProviders } from './components/app-providers';
import { AppShell } from './components/app-shell';
import { siteBrand, siteFooter } from './content/site-frame';
import { newsPosts } from './content/news-posts';
import { AreaLoading } from './features/auth/components/protected-area';
import { teamMembers } from './content/team';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

/** The public site's pages (SPEC §1–2), each path exactly as the server matches it. */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/home',
  '/about',
  ...teamMembers.map((member) => `/about/${member.slug}`),
  '/training-programs',
  '/news-updates',
  ...newsPosts.map((post) => `/news-updates/${post.id}`),
  '/contacts',
  '/innovations',
];

export interface PrerenderedPage {
  /** What goes into #root. */
  body: string;
  /** The page's <title>, meta description and canonical link, for <head>. */
  head: string;
}

/** React 19 writes a page's <title>, <meta> and <link> (PageMeta) ahead of the markup when it renders a fragment. */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** Renders `pathname` as a signed-out visitor on `origin` sees it before any script runs. */
export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  // The router in its browser mode (Suspense boundaries, reactive stores), which is the markup
  // main.tsx hydrates; the origin only stands in for window.location's (no link uses it).
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [pathname] }), { origin: 'http://localhost' });
  await router.load();
  const html = renderWithStyles(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const hoisted = LEADING_HOISTABLES.exec(html)?.[0] ?? '';
  return { body: html.slice(hoisted.length), head: hoisted };
}

/**
 * The app shell: what index.html shows in #root for every other path (the signed-in pages,
 * Login, Register…) until the app has started. The frame of every screen (navbar, footer) with
 * an empty account slot, since who is signed in is known only on the device, and the protected
 * area's 'Loading...' in a screen-tall main, so the footer is below the fold. A phone paints
 * it as soon as the HTML has arrived instead of a blank screen while the app downloads; the app
 * then renders in its place (main.tsx: a shell is replaced, not hydrated).
 */
export async function renderAppShell(): Promise<string> {
  const shell = createRootRoute({
    component: () => (
      <AppShell navbar={{ brand: siteBrand, renderAccount: () => null }} footer={siteFooter}>
        <AreaLoading />
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: shell, history: createMemoryHistory({ initialEntries: ['/'] }), isServer: false, origin: 'http://localhost' });
  await router.load();
  return renderWithStyles(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/**
 * Emotion's own server rendering: each component's styles in a <style> right before its markup,
 * so the page is styled as it arrives. In the browser, emotion moves those into <head> before
 * React hydrates, and composes class names exactly as it did here. (@emotion/server's
 * extraction registers styles differently on the server, and the browser then computed other
 * class names and inserted every style a second time.)
 */
function renderWithStyles(tree: ReactNode): string {
  return renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <StrictMode>{tree}</StrictMode>
    </CacheProvider>,
  );
}
