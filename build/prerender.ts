/**
 * Prerendering of the public site, a step of the PWA build. Once the browser bundle is written,
 * src/entry-prerender.tsx is built for Node with the same router and React plugins and imported;
 * each public page it lists is rendered into the built index.html (its own <title>, description,
 * canonical link and MUI styles in <head>, the markup in #root) and written to
 * `prerendered/<path>.html`. The server sends that file for exactly that path
 * (server/plugins/static.ts), and src/main.tsx hydrates it. index.html itself gets the app shell
 * (the frame and 'Loading...') for every other path: the app renders in its place. Each route that
 * index.html answers also gets its own copy, which preloads the route's code (build/route-preloads.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import { APP_SHELL_DIR, APP_SHELL_ROUTES, PRERENDERED_DIR } from '../src/contract/build-layout.ts';
import { type AppRoute, type AppShellRoute, chunksByRouteFile, routeFileStem, routePreloads, withPreloads } from './route-preloads.ts';

/** What src/entry-prerender.tsx exports. */
interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(pathname: string): Promise<RenderedPage>;
  renderAppShell(): Promise<RenderedPage>;
  appRoutes(): AppRoute[];
}

interface RenderedPage {
  /** What goes into #root. */
  body: string;
  /** What goes at the end of <head>: the page's title, description and canonical link, its styles. */
  head: string;
}

/** The `prerendered/…` file of a path: `/` → index.html, `/about/director` → about/director.html. */
function prerenderedFile(pathname: string): string {
  return path.posix.join(PRERENDERED_DIR, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
}

/** `pattern`'s one match in index.html replaced, or an error naming what index.html lacks. */
function replaceOnce(html: string, pattern: RegExp, by: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${pattern.source}: the prerender cannot place the page`);
  return html.replace(pattern, () => by);
}

/** index.html with a public page in it, in place of the site's own title and description. */
function withPage(indexHtml: string, page: RenderedPage): string {
  let html = replaceOnce(indexHtml, /<title>[^<]*<\/title>\s*/, '');
  html = replaceOnce(html, /<meta name="description"[^>]*>\s*/, '');
  html = replaceOnce(html, /<\/head>/, `${page.head}</head>`);
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.body}</div>`);
  // The page reads without JavaScript; the message asking for it is for index.html.
  return html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
}

/** index.html with the app shell in #root, marked so main.tsx renders the app in its place rather than hydrating it. */
function withAppShell(indexHtml: string, shell: RenderedPage): string {
  const html = replaceOnce(indexHtml, /<\/head>/, `${shell.head}</head>`);
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-app-shell>${shell.body}</div>`);
}

/** In the Node build, `dompurify` resolves to src/prerender/dompurify-node.ts (DOMPurify on a jsdom window). */
function domPurifyOnNode(root: string): Plugin {
  const withWindow = path.join(root, 'src/prerender/dompurify-node.ts');
  return {
    name: 'prerender-dompurify-node',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'dompurify' && importer !== withWindow ? withWindow : null),
  };
}

/** Builds src/entry-prerender.tsx for Node into `outDir` and imports it. */
async function buildEntry(root: string, mode: string, routerPlugins: () => PluginOption[], outDir: string): Promise<PrerenderEntry> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode,
    plugins: [domPurifyOnNode(root), ...routerPlugins()],
    resolve: {
      alias: [
        // The router's server build renders other markup than its browser build (no Suspense
        // boundaries, no Transitioner). This variant leaves it to the router instance, which
        // entry-prerender creates in browser mode, so hydration finds what the browser renders.
        { find: /^@tanstack\/router-core\/isServer$/, replacement: path.join(root, 'node_modules/@tanstack/router-core/dist/esm/isServer/development.js') },
      ],
    },
    // React's build of the browser bundle's mode, whatever NODE_ENV the build runs with.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
    ssr: { noExternal: true, external: ['jsdom'] },
    build: {
      ssr: path.join(root, 'src/entry-prerender.tsx'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry-prerender.mjs' } },
    },
  });
  return (await import(pathToFileURL(path.join(outDir, 'entry-prerender.mjs')).href)) as PrerenderEntry;
}

/**
 * @param routerPlugins the browser build's router and React plugins, so routes are split and
 *   compiled alike and the markup matches what the browser hydrates.
 */
export function prerender(options: { root: string; routerPlugins: () => PluginOption[] }): Plugin {
  let outDir = '';
  let mode = 'production';
  let routeChunks = new Map<string, Set<string>>();
  return {
    name: 'prerender-public-site',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    generateBundle(_options, bundle) {
      routeChunks = chunksByRouteFile(bundle, path.join(options.root, 'src/routes'));
    },
    closeBundle: {
      // Before precompress (order 'post'), so the pages get their .br and .gz copies too.
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        // A failed bundle has nothing to prerender; its own error is the one to report.
        if (error || !existsSync(path.join(outDir, 'index.html'))) return;
        // Inside the project, so the bundle's one external import (jsdom) resolves from node_modules.
        const ssrDir = mkdtempSync(path.join(options.root, 'node_modules', '.prerender-'));
        try {
          const entry = await buildEntry(options.root, mode, options.routerPlugins, ssrDir);
          const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          for (const pathname of entry.PRERENDERED_PATHS) {
            const file = path.join(outDir, prerenderedFile(pathname));
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, withPage(indexHtml, await entry.renderPage(pathname)));
          }
          const appShell = withAppShell(indexHtml, await entry.renderAppShell());
          writeFileSync(path.join(outDir, 'index.html'), appShell);
          const shells: AppShellRoute[] = [];
          mkdirSync(path.join(outDir, APP_SHELL_DIR), { recursive: true });
          for (const { route, files } of routePreloads(entry.appRoutes(), routeChunks, entry.PRERENDERED_PATHS)) {
            const file = path.posix.join(APP_SHELL_DIR, `${routeFileStem(route.id)}.html`);
            writeFileSync(path.join(outDir, file), withPreloads(appShell, files));
            shells.push({ path: route.fullPath, file });
          }
          writeFileSync(path.join(outDir, APP_SHELL_ROUTES), JSON.stringify(shells, null, 2));
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
