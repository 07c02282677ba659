/**
 * The build's prerender entry (built for Node by build/prerender.ts, never shipped to browsers):
 * renders each public page of the site as a signed-out visitor sees it, with the MUI (emotion)
 * styles that page uses, and index.html's app shell. The server sends a page's HTML for its exact
 * path, so a phone paints it before any script has run; main.tsx then hydrates it. The tree is
 * the one main.tsx renders, so hydration finds the same markup.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppProviders } from './components/app-providers';
import { AppShell } from './components/app-shell';
import type { NavbarAccount } from './components/navbar/account-links';
import { newsPosts } from './content/news-posts';
import { siteBrand, siteFooter } from './content/site-frame';
import { teamMembers } from './content/team';
import { AreaLoading } from './features/auth/components/protected-area';
import { PRERENDERED_STYLES } from './lib/prerendered-styles';
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
  /** For <head>: the page's <title>, meta description and canonical link, then its styles. */
  head: string;
}

/** React 19 writes a page's <title>, <meta> and <link> (PageMeta) ahead of the markup when it renders a fragment. */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** Renders `pathname` as a signed-out visitor sees it before any script runs. */
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
  const { body, styles } = stylesIntoHead(html.slice(hoisted.length));
  return { body, head: hoisted + styles };
}

/**
 * A signed-in account standing in for whoever the device holds, which the shell cannot know: its
 * part of the bar is hidden (below), so a signed-in user never sees a visitor's Login flash. The
 * bar is one row either way, so it keeps its height when the app replaces the shell.
 */
const STAND_IN_ACCOUNT: NavbarAccount = { user: { email: 'learner@example.com', isSuperuser: false }, pendingScores: 0, onLogout: () => {} };

/** Hides the bar's account part (the boxes after its site links), neither shown nor announced. */
const hideAccountPart = { '& header nav[aria-label="Main"] ~ div': { visibility: 'hidden' } };

/**
 * The app shell: what index.html shows in #root for every other path (the signed-in pages,
 * Login, Register…) until the app has started: the frame of every screen (navbar, footer) and
 * the protected area's 'Loading...' in a screen-tall main, so the footer is below the fold.
 * A phone paints it as soon as the HTML has arrived instead of a blank screen while the app
 * downloads; the app then renders in its place (main.tsx: a shell is replaced, not hydrated).
 */
export async function renderAppShell(): Promise<PrerenderedPage> {
  const shell = createRootRoute({
    component: () => (
      <Box sx={hideAccountPart}>
        <AppShell navbar={{ brand: siteBrand, account: STAND_IN_ACCOUNT }} footer={siteFooter}>
          <AreaLoading />
        </AppShell>
      </Box>
    ),
  });
  const router = createRouter({ routeTree: shell, history: createMemoryHistory({ initialEntries: ['/'] }), isServer: false, origin: 'http://localhost' });
  await router.load();
  const { body, styles } = stylesIntoHead(
    renderWithStyles(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  );
  return { body, head: styles };
}

/** Every route of the app with the path it answers: the build gives each its copy of the app shell (build/route-preloads.ts). */
export function appRoutes(): { id: string; fullPath: string }[] {
  const router = createAppRouter(createQueryClient(), createMemoryHistory(), { origin: 'http://localhost' });
  return Object.values(router.routesById).map((route) => ({ id: route.id, fullPath: route.fullPath }));
}

/** Emotion's <style> elements as it renders them on a server: `data-emotion="css <name> …"`, then the rules. */
const EMOTION_STYLE = /<style data-emotion="css ([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/** Emotion's global <style> elements (MUI's CssBaseline): `data-emotion="css-global <name>"`, then the rules. */
const EMOTION_GLOBAL_STYLE = /<style data-emotion="css-global [^"]+"[^>]*>[\s\S]*?<\/style>/g;

/**
 * The markup without its emotion <style> elements, and one <style> for <head> with all their
 * rules in the same order, named as lib/prerendered-styles reads them: the page is styled from
 * its first paint, and the app's emotion cache neither compiles those styles again nor moves the
 * element. Global styles keep their own elements (emotion's Global takes its element over by that
 * name) and go to <head> after that one, as they came after it in the cascade.
 */
function stylesIntoHead(html: string): { body: string; styles: string } {
  const names: string[] = [];
  let rules = '';
  let globals = '';
  const body = html
    .replace(EMOTION_STYLE, (_element, styleNames: string, styleRules: string) => {
      names.push(...styleNames.split(' '));
      rules += styleRules;
      return '';
    })
    .replace(EMOTION_GLOBAL_STYLE, (element) => {
      globals += element;
      return '';
    });
  return { body, styles: (names.length ? `<style ${PRERENDERED_STYLES}="css ${[...new Set(names)].join(' ')}">${rules}</style>` : '') + globals };
}

/**
 * Emotion's own server rendering: each component's styles in a <style> right before its markup
 * (stylesIntoHead then gathers them for <head>). The browser composes class names exactly as
 * they are here.
 */
function renderWithStyles(tree: ReactNode): string {
  return renderToString(
    <CacheProvider value={createCache({ key: 'css' })}>
      <StrictMode>{tree}</StrictMode>
    </CacheProvider>,
  );
}
