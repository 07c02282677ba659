import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { institute } from './src/content/institute';
import { INLINE_SCRIPT_HASHES, PRERENDERED_DIR, WEB_MANIFEST_PATH } from './src/contract/build-layout';
import { IMAGE_WITH_VARIANTS, imageSizes, imageSrcSet } from './src/contract/image-variants';
import { DOWNLOADED_HINT, type FirstImage, PAGE_READS, SESSION_READ } from './src/lib/early-reads';
import { STORAGE_KEYS } from './src/lib/storage-keys';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of
 * the build, so the server sends them as they are (server/plugins/static.ts, `preCompressed`)
 * instead of compressing on every request. Runs last, after vite-plugin-pwa has written sw.js.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const raw = readFileSync(file);
          const br = brotliCompressSync(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          // Every text file gets both, tiny ones too: the server then never compresses a file
          // on the fly (a missing copy would be compressed by @fastify/compress on each request).
          writeFileSync(`${file}.br`, br);
          writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * Prerendering of the public site, as a step of the PWA build: once the browser
 * bundle is written, src/entry-prerender.tsx is built for Node, each public page is rendered with
 * it into the built index.html (its own <title>, description, canonical path and critical MUI
 * styles in <head>, the markup in #root), and written to `prerendered/<path>.html`. The server
 * sends that file for exactly that path (server/plugins/static.ts), and main.tsx hydrates a
 * prerendered page instead of rendering it again. Every other path gets index.html, which holds
 * the app shell (the frame and 'Loading...'): the app renders in its place.
 */

/** `prerendered/…` file of a path: `/` → index.html, `/about/director` → about/director.html. */
function prerenderedFile(pathname: string): string {
  return path.posix.join(PRERENDERED_DIR, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
}

interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(pathname: string): Promise<{ body: string; head: string }>;
  renderAppShell(): Promise<{ body: string; head: string; afterRoot?: string }>;
}

/** A string pattern's one match replaced, or an error naming what index.html lacks. */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`index.html has no ${pattern.source}: the prerender cannot place the page`);
  return text.replace(pattern, () => by);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
/** vite-plugin-pwa's link to the manifest: the app adds it once the page is shown (WEB_MANIFEST_PATH). */
const MANIFEST_LINK = new RegExp(`\\s*<link rel="manifest" href="${WEB_MANIFEST_PATH.replace(/\./g, '\\.')}">`);
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * The prerendered pages' template: the built index.html, whose app starts only after the page
 * has been painted. A tiny module (its code returned here, with the template still holding the
 * entry's <script>, for the caller to replace: starterFile, inlineStarter) waits for the frame
 * after the first one, then preloads the app's chunks and runs them one task each, the entry
 * last: on a phone the page shows as soon as its HTML has arrived, the app's download does not
 * compete with the hero image, and starting the app is a few shorter tasks rather than one long
 * one that would hold up a tap. Given `signedInPages` (index.html's starter), it also preloads,
 * for somebody signed in, the chunks of the page at its path: they download beside the entry's
 * instead of once the entry has run and its router has asked for them (a round trip of 30
 * files on a phone), a few per task instead of all at once in the router's.
 */
function startAfterFirstPaint(template: string, signedInPages: SignedInPage[]): { template: string; code: string } {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script: the prerender cannot place the page');
  const chunks = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const pages = signedInPages.map((page) => [
    page.pattern,
    page.chunks.filter((chunk) => chunk !== entry && !chunks.includes(chunk)),
    page.reads,
    page.unlessDownloaded,
    page.firstImage ? firstImageSources(page.firstImage) : null,
  ]);
  const pageChunks = pages.length
    ? '// A signed-in page\'s own chunks and API reads, by path: its route would ask for them only once the entry has run.\n' +
      `const pages = ${JSON.stringify(pages)};\n` +
      'const stored = (key) => {\n' +
      '  try {\n' +
      '    return localStorage.getItem(key);\n' +
      '  } catch {\n' +
      '    return null;\n' +
      '  }\n' +
      '};\n' +
      `const token = stored(${JSON.stringify(STORAGE_KEYS.access)});\n` +
      'const matched = token === null ? [] : pages.map(([pattern, ...page]) => [new RegExp(pattern).exec(location.pathname), ...page]).filter(([match]) => match);\n' +
      'const pageChunks = () => matched.flatMap(([, files]) => files);\n' +
      '// The page\'s first API reads go now, beside the code (src/lib/early-reads.ts): the app takes their answers.\n' +
      'const downloaded = (bookId) => {\n' +
      '  try {\n' +
      `    const userId = JSON.parse(stored(${JSON.stringify(STORAGE_KEYS.user)}) ?? "null")?.user_id;\n` +
      `    const books = JSON.parse(stored(${JSON.stringify(DOWNLOADED_HINT)}) ?? "{}")[userId];\n` +
      '    return Array.isArray(books) && books.includes(Number(bookId));\n' +
      '  } catch {\n' +
      '    return false;\n' +
      '  }\n' +
      '};\n' +
      '// An expired access token (a returning user, most often) would only earn 401s: the app refreshes it first.\n' +
      'const fresh = (jwt) => {\n' +
      '  try {\n' +
      '    const { exp } = JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));\n' +
      '    return typeof exp === "number" && exp * 1000 > Date.now() + 10000;\n' +
      '  } catch {\n' +
      '    return false;\n' +
      '  }\n' +
      '};\n' +
      '// The largest image of the page\'s first screen, named by a read (FirstImage, src/lib/early-reads.ts): it downloads\n' +
      '// beside the code. Its srcset and sizes are the <img>\'s, so the file is fetched once. An answer it cannot read\n' +
      '// preloads nothing: the app asks for the image when it renders it.\n' +
      'const preloadFirstImage = (answer, { field, variants, srcset, placeholder, sizes }) => {\n' +
      '  let url;\n' +
      '  try {\n' +
      '    const body = JSON.parse(answer.body);\n' +
      '    url = (Array.isArray(body) ? body : body.results)[0][field];\n' +
      '  } catch {\n' +
      '    return;\n' +
      '  }\n' +
      '  if (typeof url !== "string" || url === "") return;\n' +
      '  const link = document.createElement("link");\n' +
      '  link.rel = "preload";\n' +
      '  link.as = "image";\n' +
      '  link.fetchPriority = "high";\n' +
      '  if (new RegExp(...variants).test(url)) {\n' +
      '    link.imageSrcset = srcset.split(placeholder).join(url);\n' +
      '    link.imageSizes = sizes;\n' +
      '  } else link.href = url;\n' +
      '  document.head.append(link);\n' +
      '};\n' +
      'if (matched.length > 0 && navigator.onLine && fresh(token)) {\n' +
      '  const authorization = `Bearer ${token}`;\n' +
      '  const reads = {};\n' +
      '  for (const [match, , paths, unlessDownloaded, image] of matched) {\n' +
      '    if (unlessDownloaded && downloaded(match[1])) continue;\n' +
      '    for (const path of paths.map((path) => path.replace(/\\$(\\d)/g, (_, group) => match[Number(group)]))) {\n' +
      '      const answer = fetch(`/api${path}`, { headers: { Accept: "application/json", Authorization: authorization } }).then(\n' +
      '        (response) => (response.status === 200 ? response.text().then((body) => ({ status: 200, body, headers: [...response.headers] })) : null),\n' +
      '        () => null,\n' +
      '      );\n' +
      '      reads[path] = { authorization, answer };\n' +
      '      if (image?.read === path) void answer.then((read) => read && preloadFirstImage(read, image));\n' +
      '    }\n' +
      '  }\n' +
      '  window.__earlyReads = reads;\n' +
      '}\n'
    : 'const pageChunks = () => [];\n';
  const code =
    '// Starts the app on a prerendered page once the page has been painted (vite.config.ts, prerender).\n' +
    `const chunks = ${JSON.stringify(chunks)};\n` +
    pageChunks +
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve));\n' +
    '// The browser may offer installation before the app listens (main.tsx): keep the offer for it.\n' +
    'let installOffer = null;\n' +
    'const keepInstallOffer = (event) => {\n' +
    '  event.preventDefault();\n' +
    '  installOffer = event;\n' +
    '};\n' +
    'addEventListener("beforeinstallprompt", keepInstallOffer);\n' +
    'async function start() {\n' +
    `  for (const [index, href] of [${JSON.stringify(entry)}, ...chunks, ...pageChunks()].entries()) {\n` +
    '    // Starting a download costs up to 20 ms on a phone (a modulepreload <link> appended, at 4x CPU): three per task.\n' +
    '    if (index > 0 && index % 3 === 0) await nextTask();\n' +
    '    const link = document.createElement("link");\n' +
    '    link.rel = "modulepreload";\n' +
    '    link.crossOrigin = "";\n' +
    '    link.href = href;\n' +
    '    document.head.append(link);\n' +
    '  }\n' +
    '  // Chunks in dependency order: each one runs in a task of its own, before the app needs it.\n' +
    '  for (const href of chunks) {\n' +
    '    await import(href);\n' +
    '    await nextTask();\n' +
    '  }\n' +
    `  await import(${JSON.stringify(entry)});\n` +
    '  removeEventListener("beforeinstallprompt", keepInstallOffer);\n' +
    '  if (installOffer) dispatchEvent(installOffer);\n' +
    '}\n' +
    'if (document.visibilityState === "hidden") void start();\n' +
    'else requestAnimationFrame(() => setTimeout(start));\n';
  return { template: template.replace(MODULE_PRELOAD, ''), code };
}

/** A starter as a file of its own in assets/ (named by its content), and the <script> that loads it. */
function starterFile(code: string): { name: string; tag: string } {
  const name = `assets/start-after-paint-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  return { name, tag: `<script type="module" crossorigin src="/${name}"></script>` };
}

/** A starter written into the page, and the CSP source that allows it (server/app.ts). */
function inlineStarter(code: string): { tag: string; hash: string } {
  if (code.includes('</script')) throw new Error('a starter containing </script cannot be written into the page');
  return { tag: `<script type="module">${code}</script>`, hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}

/**
 * A signed-in page's path (a regular expression's source, its parameters captured), the chunks
 * its route loads, and the API reads it starts with (src/lib/early-reads.ts).
 */
interface SignedInPage {
  pattern: string;
  chunks: string[];
  reads: string[];
  unlessDownloaded: boolean;
  firstImage?: FirstImage;
}

/** An uploaded image's path, standing for the one a read names in the starter's srcset. */
const IMAGE_PLACEHOLDER = '/media/images/first-image.webp';

/**
 * What the starter needs to preload a page's first image with the `srcset` and `sizes` its
 * `<img>` will have (components/safe-image.tsx): both are made here by the app's own functions,
 * the srcset for IMAGE_PLACEHOLDER, which the starter replaces with the image's path.
 */
function firstImageSources({ read, field, width }: FirstImage) {
  return {
    read,
    field,
    variants: [IMAGE_WITH_VARIANTS.source, IMAGE_WITH_VARIANTS.flags],
    srcset: imageSrcSet(IMAGE_PLACEHOLDER),
    placeholder: IMAGE_PLACEHOLDER,
    sizes: imageSizes(width),
  };
}

/** The protected area's route files (src/routes/_protected*.tsx): their pages are the signed-in ones. */
const PROTECTED_ROUTE = /\/src\/routes\/(_protected[^/?]*)\.tsx\?tsr-split/;

/**
 * The path a route file serves, as TanStack's flat file names spell it: `_protected.book.$bookId`
 * → `^/book/[^/]+/?$`. Segments starting with `_` are pathless layouts; a trailing `_` only
 * un-nests the route; `index` is the parent's own path.
 */
function routePattern(routeFile: string): string {
  const segments = routeFile
    .split('.')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment.startsWith('$') ? '([^/]+)' : segment));
  return `^/${segments.join('/')}/?$`;
}

/**
 * The modules whose dynamic imports every signed-in page loads as it starts, beside its route:
 * the session check's API client, the navbar's account menu. (The session's IndexedDB copy
 * waits until the first page is shown: src/lib/first-page.ts.)
 */
const SIGNED_IN_START_MODULES = ['src/features/auth/auth-store.ts', 'src/features/auth/components/navbar-session-slot.tsx'];

/**
 * Each signed-in page and every chunk it loads as it starts (its route's split chunks, the
 * protected area's, those of `startImports`, and what they import), from the browser build's bundle.
 */
function signedInPages(bundle: Rolldown.OutputBundle, startImports: string[]): SignedInPage[] {
  const files = new Map<string, Set<string>>();
  const collect = (key: string, fileName: string) => {
    const set = files.get(key) ?? new Set<string>();
    const add = (name: string) => {
      if (set.has(name)) return;
      set.add(name);
      const imported = bundle[name];
      if (imported?.type === 'chunk') imported.imports.forEach(add);
    };
    add(fileName);
    files.set(key, set);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds) {
      const routeFile = PROTECTED_ROUTE.exec(id)?.[1];
      if (routeFile) collect(routeFile, chunk.fileName);
      // Every signed-in page needs these, as the protected area's layout does.
      if (startImports.includes(id)) collect('_protected', chunk.fileName);
    }
  }
  const layout = files.get('_protected') ?? new Set<string>();
  // A route file renamed or removed would silently lose its early reads.
  const unknown = Object.keys(PAGE_READS).filter((routeFile) => !files.has(routeFile));
  if (unknown.length) throw new Error(`src/lib/early-reads.ts names route files the bundle does not have: ${unknown.join(', ')}`);
  return [...files]
    .filter(([routeFile]) => routeFile !== '_protected')
    .map(([routeFile, set]) => ({
      pattern: routePattern(routeFile),
      chunks: [...new Set([...layout, ...set])].map((fileName) => `/${fileName}`),
      reads: [SESSION_READ, ...(PAGE_READS[routeFile]?.reads ?? [])],
      unlessDownloaded: PAGE_READS[routeFile]?.unlessDownloaded ?? false,
      firstImage: PAGE_READS[routeFile]?.firstImage,
    }));
}

/** The prerendered pages' template with a page in it. */
function fillTemplate(template: string, page: { body: string; head: string }): string {
  let html = replaceOnce(template, /<title>[^<]*<\/title>\s*/, '');
  html = replaceOnce(html, /<meta name="description"[^>]*>\s*/, '');
  html = replaceOnce(html, /<\/head>/, `${page.head}</head>`);
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.body}</div>`);
  // The page reads without the script; the message asking for JavaScript is for index.html.
  return html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
}

/** index.html with the app shell in #root (its styles in <head>), marked so main.tsx renders the app in its place rather than hydrating it. */
function withAppShell(indexHtml: string, shell: { body: string; head: string; afterRoot?: string }): string {
  const html = replaceOnce(indexHtml, /<\/head>/, `${shell.head}</head>`);
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-app-shell>${shell.body}</div>${shell.afterRoot ?? ''}`);
}

/** In the Node build, DOMPurify gets a window of its own (jsdom) so the news HTML is sanitised as in a browser. */
function domPurifyOnNode(root: string): Plugin {
  const withWindow = path.join(root, 'src/prerender/dompurify-node.ts');
  return {
    name: 'prerender-dompurify-node',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'dompurify' && importer !== withWindow) return withWindow;
      return null;
    },
  };
}

/**
 * @param routerPlugins the same router and React plugins as the browser build, so routes are
 *   split and compiled alike and the markup matches what the browser hydrates.
 */
function prerender(options: { root: string; routerPlugins: () => PluginOption[] }): Plugin {
  let outDir = '';
  let mode = 'production';
  let pages: SignedInPage[] = [];
  return {
    name: 'prerender-public-site',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    generateBundle(_options, bundle) {
      const startImports = SIGNED_IN_START_MODULES.flatMap((file) => {
        const info = this.getModuleInfo(path.join(options.root, file));
        if (!info) throw new Error(`${file} (SIGNED_IN_START_MODULES in vite.config.ts) is not in the bundle: was it moved?`);
        return info.dynamicallyImportedIds;
      });
      pages = signedInPages(bundle, startImports);
    },
    closeBundle: {
      // Before precompress (order 'post'), so the pages get their .br and .gz copies too.
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        // A failed bundle has nothing to prerender; its own error is the one to report.
        if (error || !existsSync(path.join(outDir, 'index.html'))) return;
        // Inside the project, so the bundle's few external imports (jsdom) resolve from node_modules.
        const ssrDir = mkdtempSync(path.join(options.root, 'node_modules', '.prerender-'));
        try {
          await build({
            configFile: false,
            root: options.root,
            logLevel: 'warn',
            mode,
            plugins: [domPurifyOnNode(options.root), ...options.routerPlugins()],
            resolve: {
              alias: [
                // The router's server build renders other markup than its browser build (no
                // Suspense boundaries, no Transitioner). This variant leaves it to the router
                // instance, which src/entry-prerender.tsx creates in browser mode, so hydration
                // finds exactly what the browser renders.
                { find: /^@tanstack\/router-core\/isServer$/, replacement: path.join(options.root, 'node_modules/@tanstack/router-core/dist/esm/isServer/development.js') },
              ],
            },
            // React's build of the browser bundle's mode, whatever NODE_ENV the build runs with.
            define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
            ssr: { noExternal: true, external: ['jsdom'] },
            build: {
              ssr: path.join(options.root, 'src/entry-prerender.tsx'),
              outDir: ssrDir,
              emptyOutDir: true,
              target: 'node20',
              minify: false,
              copyPublicDir: false,
              rolldownOptions: { output: { entryFileNames: 'entry-prerender.mjs' } },
            },
          });
          const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.mjs')).href)) as PrerenderEntry;
          // Without the manifest's link: src/lib/install-prompt.ts adds it once the page is shown.
          const built = replaceOnce(readFileSync(path.join(outDir, 'index.html'), 'utf8'), MANIFEST_LINK, '');
          // The public pages' starter knows nothing of the signed-in pages: a visitor's first visit
          // does not download their chunk list.
          const publicStarter = startAfterFirstPaint(built, []);
          const file = starterFile(publicStarter.code);
          writeFileSync(path.join(outDir, file.name), publicStarter.code);
          const template = replaceOnce(publicStarter.template, ENTRY_SCRIPT, file.tag);
          for (const pathname of entry.PRERENDERED_PATHS) {
            const file = path.join(outDir, prerenderedFile(pathname));
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, fillTemplate(template, await entry.renderPage(pathname)));
          }
          // Last, index.html (the app shell, for every other path: the signed-in pages among
          // them) with the starter that also preloads a signed-in page's own chunks. The pages
          // above are filled from index.html as it was built.
          // Its starter is written into it: a file of its own was one more round trip before the
          // app's code and the page's data were even asked for, on every signed-in page (the
          // public pages' LCP is in their HTML, and their starter is cached across them). The
          // server allows it by its hash (INLINE_SCRIPT_HASHES, server/app.ts).
          const shell = startAfterFirstPaint(built, pages);
          const inline = inlineStarter(shell.code);
          writeFileSync(path.join(outDir, 'index.html'), withAppShell(replaceOnce(shell.template, ENTRY_SCRIPT, inline.tag), await entry.renderAppShell()));
          writeFileSync(path.join(outDir, INLINE_SCRIPT_HASHES), `${JSON.stringify([inline.hash])}\n`);
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/** The router (file routes, code splitting) and React plugins: the browser build and the prerender's Node build share them. */
const routerPlugins = (): PluginOption[] => [
  tanstackRouter({
    target: 'react',
    // Each route's component becomes its own chunk: public pages never load the editor,
    // the quiz engine or the offline library.
    autoCodeSplitting: true,
    // Loaders and pending screens too: the route tree is in the entry chunk, and a loader of
    // a signed-in page (API client, axios) would otherwise load on a first visit to /.
    codeSplittingOptions: {
      defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
    },
    routesDirectory: `${root}src/routes`,
    generatedRouteTree: `${root}src/routeTree.gen.ts`,
    quoteStyle: 'single',
  }),
  react(),
];

/** Module ids matching any of `paths`: path fragments, where `(a|b)` is a choice and a dot is a dot. */
const modules = (...paths: string[]) => new RegExp(paths.map((fragment) => fragment.replace(/\./g, '\\.')).join('|'));

/**
 * The small modules a signed-in page needs as it starts and no public page loads, each in one
 * chunk instead of a dozen or more files of a few hundred bytes. From the server directly
 * (HTTP/1.1) a phone fetches six files at a time, one round trip each: the books list started
 * with 24 files of its own and the reader with 38, and the list's first cover showed about
 * 0.3 s later on Lighthouse's phone (`npm run bench`). Behind TLS and HTTP/2 they share one
 * connection and it matters less.
 * - signed-in: the API client (without axios, which loads once the page is shown: lib/api-client),
 *   the session check, the query hooks and observers, the list's data, the protected area's
 *   layout and the navbar's account part with its icons: every signed-in page (since 26 Nov the
 *   list fetches 12 scripts before it shows, the reader 15).
 * - reader: what the reader starts with besides its route (its reads, loading states, reading
 *   position); the quiz editor and the offline code use some of it too.
 * Their dependencies stay where they are (`includeDependenciesRecursively: false`): React, MUI
 * and the query client, which the public pages share, would otherwise be pulled in, and `/`
 * would load the group. A module named here that a public page comes to use makes that page load
 * the whole chunk: for `signed-in`, tests/e2e/perf-first-visit.test.ts fails then; `reader` holds
 * nothing a public page has a use for.
 */
const SIGNED_IN_CHUNKS = [
  {
    name: 'signed-in',
    includeDependenciesRecursively: false,
    test: modules(
      'src/lib/api-client.ts',
      'src/features/auth/api/',
      'src/contract/(session-claims|permissions).ts',
      'src/components/retry-alert.tsx',
      'src/features/books/book-text.ts',
      'src/features/books/components/after-first-paint.tsx',
      'src/features/offline/components/download-control.ts',
      'src/features/books/api/(query-retry|book-keys|get-books).ts',
      '@mui/icons-material/(LogoutOutlined|MenuBookOutlined|OfflinePinOutlined|AddOutlined).mjs',
      '@tanstack/react-query/build/modern/(useQuery|useBaseQuery|queryOptions|useMutation|useSuspenseQuery).js',
      '@tanstack/query-core/build/modern/(suspense|mutationObserver).js',
      // The protected area's layout and the navbar's account part, with what the query hooks use.
      'src/routes/_protected.tsx',
      'src/components/signed-in-navbar-account.tsx',
      '@mui/icons-material/(AccountCircleOutlined|AddCircleOutlineOutlined|DashboardOutlined|SyncProblemOutlined).mjs',
      '@tanstack/query-core/build/modern/queryObserver.js',
      '@tanstack/react-query/build/modern/(IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense).js',
    ),
  },
  {
    name: 'reader',
    includeDependenciesRecursively: false,
    test: modules(
      'src/features/books/api/(get-book|get-chapters|upload-media|chapter-mutations).ts',
      'src/contract/rich-text-nodes.ts',
      'src/features/reader/(messages.ts|components/load-states.tsx)',
      'src/features/offline/reading/(reading-positions|needs-connection-error).ts',
      'src/lib/(stored-json|downloaded-hint).ts',
      'src/routes/-components/book-route-parts.tsx',
      '@mui/icons-material/DeleteOutlined.mjs',
    ),
  },
];

/**
 * MUI's overlays and what they share, in one chunk: the navbar's drawer, the dialogs and the
 * update prompt. Not needed to show a page, they load once it is shown (navbar.tsx,
 * confirm-dialog.tsx, update-prompt.tsx) instead of with the app's start, which they made
 * 12 KiB (compressed) heavier. Left to itself, rolldown split them into some twenty files of a
 * few hundred bytes (Modal, Transition, List, Divider, ownerWindow…), fetched six at a time
 * over HTTP/1.1 as a phone's page settles. Their dependencies that the app's start already
 * has stay there.
 */
const OVERLAY_CHUNKS = [
  {
    name: 'mui-overlays',
    includeDependenciesRecursively: false,
    test: modules(
      'node_modules/@mui/material/(Modal|Drawer|Slide|Fade|Backdrop|Portal|Unstable_TrapFocus|Dialog|DialogActions|DialogContent|DialogContentText|DialogTitle|Snackbar|SnackbarContent|ClickAwayListener|List|ListItem|ListItemButton|ListItemIcon|ListItemText|Divider)/',
      'node_modules/@mui/material/(Grow|ListItemSecondaryAction)/',
      // The helpers they share with MUI's menus and popovers (the forms' selects).
      'node_modules/@mui/utils/(contains|ownerWindow|ownerDocument|getActiveElement|createChainedFunction|debounce|setRef|getScrollbarSize|getReactElementRef)/',
      'node_modules/@mui/material/utils/(getActiveElement|contains|focusable|mergeSlotProps|debounce|ownerWindow|useEnhancedEffect).mjs',
      'src/components/router-list-item-button.tsx',
    ),
  },
];

/**
 * Everything the entry imports statically (rolldown's `$initial` tag: main.tsx and what it
 * imports, React, MUI's core, emotion, the router, the query client) in three chunks: React,
 * MUI with emotion, and the entry with the rest. Left to itself, rolldown splits the modules the
 * entry shares with the lazy routes into 28 small chunks (React, the JSX runtime, Typography,
 * Paper, Modal, the router's hooks…), which every page fetched before the app could start: over
 * HTTP/1.1 a phone fetches six at a time, one round trip each. Together they are the same code in
 * fewer bytes, and every page loads all of them anyway. Three rather than one: a page's starter
 * (startAfterFirstPaint) runs each chunk in a task of its own, and the app's start as one module
 * was one task of 550-650 ms at 4x CPU; in three it is tasks of 100-250 ms. Lighthouse's phone
 * showed the books list and the reader 0.5-0.7 s sooner (README, "One file for the app's start").
 * The groups take only `$initial` modules: what of MUI only a lazy route uses stays with it.
 */
const APP_START = [
  { name: 'app-react', tags: ['$initial' as const], test: modules('node_modules/(react|react-dom|scheduler)/'), priority: 3 },
  {
    name: 'app-mui',
    tags: ['$initial' as const],
    test: modules('node_modules/(@mui|@emotion|stylis|@babel|hoist-non-react-statics|react-is|prop-types|clsx|react-transition-group)/'),
    priority: 2,
  },
  { name: 'app', tags: ['$initial' as const], priority: 1 },
];

/**
 * The PWA build. The server (server/start.ts) runs Vite's build() with this file, so every
 * path is anchored to the repository root rather than to the caller's working directory.
 */
export default defineConfig({
  root,
  plugins: [
    ...routerPlugins(),
    // index.html's description is the site's one, defined once in src/content (PageMeta restores it).
    {
      name: 'site-description',
      transformIndexHtml: (html) => html.replace('__SITE_DESCRIPTION__', institute.description.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')),
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // src/lib/sw-bridge.ts registers the worker with workbox-window (no inline script: CSP).
      injectRegister: false,
      manifestFilename: WEB_MANIFEST_PATH.slice(1),
      manifest: {
        id: '/',
        name: 'Laparoscopic Surgery Training Institute',
        short_name: 'Lap Institute',
        description:
          'Laparoscopic surgery training, courses, news and e-books of the institute — readable offline on phones and tablets.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b4f6c',
        background_color: '#f4f7f9',
        categories: ['education', 'medical'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // PNGs and the manifest are added by the plugin itself (manifest icons); listing them
        // here precached them twice.
        globPatterns: ['**/*.{js,css,html,svg,webp,woff2}'],
        // The prerendered pages are for a first visit over the network; offline, index.html (the
        // app shell) renders every page, as before.
        globIgnores: ['**/node_modules/**/*', `${PRERENDERED_DIR}/**`],
        // One classic script (the worker is registered without type: 'module'). The plugin's
        // default 'es' build sets Rollup's inlineDynamicImports, which Vite 8 warns is deprecated.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    prerender({ root, routerPlugins }),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [...SIGNED_IN_CHUNKS, ...OVERLAY_CHUNKS, ...APP_START] } } },
  },
});
