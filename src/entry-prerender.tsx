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
import Box from '@mui/material/Box';
import { AppProviders } from './components/app-providers';
import { AppShell } from './components/app-shell';
import { SignedInNavbarAccount } from './components/signed-in-navbar-account';
import { siteBrand, siteFooter } from './content/site-frame';
import { newsPosts } from './content/news-posts';
import { AreaLoading } from './features/auth/components/protected-area';
import { bookKeys } from './features/books/api/book-keys';
import type { BookListItem } from './features/books/api/types';
import { BooksPage } from './features/books/components/books-page';
import { ChapterView } from './features/editor/components/chapter-view';
import { DownloadForOfflineButton } from './features/offline/components/download-for-offline-button';
import { BookReader } from './features/reader/components/book-reader';
import { teamMembers } from './content/team';
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
  /** For after #root: the app shell's styles of the signed-in screens, which it does not show. */
  afterRoot?: string;
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
  const { body, styles } = stylesIntoHead(html.slice(hoisted.length));
  return { body, head: hoisted + styles };
}

/**
 * The app shell: what index.html shows in #root for every other path (the signed-in pages,
 * Login, Register…) until the app has started. The frame of every screen (navbar, footer) with
 * an empty account slot, since who is signed in is known only on the device, and the protected
 * area's 'Loading...' in a screen-tall main, so the footer is below the fold. A phone paints
 * it as soon as the HTML has arrived instead of a blank screen while the app downloads; the app
 * then renders in its place (main.tsx: a shell is replaced, not hydrated). After the shell, the
 * styles of the signed-in screens (renderSignedInScreens).
 */
export async function renderAppShell(): Promise<PrerenderedPage> {
  const shell = createRootRoute({
    component: () => (
      <AppShell navbar={{ brand: siteBrand, renderAccount: (variant) => (variant === 'bar' ? <AccountPlace /> : null) }} footer={siteFooter}>
        <AreaLoading />
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: shell, history: createMemoryHistory({ initialEntries: ['/'] }), isServer: false, origin: 'http://localhost' });
  await router.load();
  const html = renderWithStyles(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const { body, styles } = stylesIntoHead(html);
  // After #root, so that they are parsed after the shell's first paint, as they were at the end of its markup.
  const later = stylesIntoHead(newStyles(await renderSignedInScreens(), html)).styles;
  return { body, head: styles, afterRoot: later };
}

/**
 * The signed-in account part's place in the shell's bar, kept but neither shown nor announced.
 * index.html is the page of the signed-in screens (the public ones, Login and Register are
 * prerendered), and from the lg breakpoint their account part takes the bar's second line at most
 * widths: with its place kept, the bar has the height the app's will have, instead of growing a
 * line when the app replaces the shell. A visitor sent to Login meanwhile sees the bar one line
 * shorter there. The address is a stand-in of a common length (the greeting is cut at 240 px).
 */
function AccountPlace() {
  return (
    <Box aria-hidden inert sx={{ display: 'flex', visibility: 'hidden' }}>
      <SignedInNavbarAccount variant="bar" email="learner@example.com" isSuperuser={false} onLogout={() => {}} />
    </Box>
  );
}

/** A stand-in for a book of the list: what is written in it does not change its styles. */
const standInBook = (id: number, cover: string): BookListItem => ({
  id,
  title: 'Book',
  author: 'Author',
  description: 'Description',
  cover_image_url: cover,
  chapter_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  owner: null,
  quiz: null,
});

/** A chapter's text: one paragraph (the chapter's styles are one rule for all its elements). */
const STAND_IN_TEXT = {
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        textStyle: '',
        children: [{ type: 'text', version: 1, text: 'Text', detail: 0, format: 0, mode: 'normal', style: '' }],
      },
    ],
  },
};

/**
 * The screens a signed-in user opens first (the books list and a reader page, on a phone, with
 * the navbar's account part), rendered with stand-in books only for their styles. index.html
 * carries those styles beside the shell's: in the browser emotion registers them before the app
 * renders (as it does the shell's), so rendering these screens does not compile and insert them
 * again. On a phone that was half of the task that puts the list on screen (`npm run bench`).
 * The same goes for the books' 'Download for offline' control, rendered once the list has painted.
 * A style the stand-ins do not use is inserted when it is first used, as before; class names
 * are the same either way (a hash of the style).
 */
async function renderSignedInScreens(): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(bookKeys.lists(), [standInBook(1, '/media/images/cover.webp'), standInBook(2, '')]);
  const noop = () => Promise.resolve({ id: 0 });
  const screens = createRootRoute({
    component: () => (
      <AppShell
        navbar={{
          brand: siteBrand,
          renderAccount: (variant, onNavigate) => <SignedInNavbarAccount variant={variant} onNavigate={onNavigate} email="user@example.com" isSuperuser={false} onLogout={() => {}} />,
        }}
        footer={siteFooter}
      >
        <BooksPage />
        <BookReader
          book={{ ...standInBook(1, '/media/images/cover.webp'), quiz: null }}
          chapters={[1, 2].map((id) => ({ id, title: 'Chapter', order: id, content_delta: STAND_IN_TEXT, updated_at: '2026-01-01T00:00:00Z' }))}
          canEdit={false}
          renderContent={(chapter) => <ChapterView content={chapter.content_delta} label={chapter.title} />}
          renderEditor={() => null}
          renderQuiz={() => null}
          onCreateChapter={noop}
          onUpdateChapter={noop}
          onDeleteChapter={noop}
        />
        {/* Rendered once the list has painted (it reads IndexedDB): its styles come with the shell too. */}
        <DownloadForOfflineButton compact bookTitle="Book" onOpen={() => {}} onPreload={() => {}} />
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: screens, history: createMemoryHistory({ initialEntries: ['/'] }), isServer: false, origin: 'http://localhost' });
  try {
    await router.load();
    return renderWithStyles(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  } finally {
    // Its cache's timers would keep the build's process alive.
    queryClient.clear();
  }
}

/** Emotion's <style> elements as it renders them on a server: `data-emotion="css <name> …"`, then the rules. */
const EMOTION_STYLE = /<style data-emotion="css ([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/** Emotion's global <style> elements (MUI's CssBaseline): `data-emotion="css-global <name>"`, then the rules. */
const EMOTION_GLOBAL_STYLE = /<style data-emotion="css-global [^"]+"[^>]*>[\s\S]*?<\/style>/g;

/**
 * The markup without its emotion <style> elements, and one <style> for <head> with all their
 * rules in the same order, named as lib/prerendered-styles reads them. The page is styled from
 * its first paint as before, and the app's emotion cache neither compiles those styles again nor
 * moves the element (emotion would move, and so parse again, every `data-emotion` element).
 * Global styles (`css-global`) keep their own elements (emotion's Global takes its element over
 * by that name) and go to <head> too, after that one as they came after it in the cascade: left
 * in the markup, the browser could show the page once before reaching them (a frame with the
 * body's default 8 px margin was seen at the first paint, the page then moving by it).
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

/** The <style> elements of `html` with a style `known` does not already have, each once. */
function newStyles(html: string, known: string): string {
  const seen = new Set([...known.matchAll(EMOTION_STYLE)].flatMap((match) => match[1]!.split(' ')));
  let styles = '';
  for (const match of html.matchAll(EMOTION_STYLE)) {
    const names = match[1]!.split(' ');
    if (names.every((name) => seen.has(name))) continue;
    for (const name of names) seen.add(name);
    styles += match[0];
  }
  return styles;
}

/**
 * Emotion's own server rendering: each component's styles in a <style> right before its markup
 * (stylesIntoHead then gathers them for <head>). The browser composes class names exactly as
 * they are here. (@emotion/server's
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
