/**
 * Files: the built PWA (dist/) with the SPA fallback, and uploaded media with Range support,
 * long-lived caching and nosniff. The app shell and service worker are revalidated on every
 * use (no-cache), so a new version reaches users as soon as the worker updates; hashed assets
 * are immutable. The build writes `.br` and `.gz` copies beside each text file (build/precompress.ts),
 * sent as they are with `Content-Encoding` and `Vary: Accept-Encoding`. The build also writes the
 * public site's pages prerendered (`prerendered/<path>.html`, see build/prerender.ts): each is sent
 * for exactly its path, revalidated like index.html. Every other path gets index.html, or the copy
 * of it that preloads the code of the route answering that path (`app-shell/`, see
 * build/route-preloads.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_SHELL_ROUTES, PRERENDERED_DIR } from '../../src/contract/build-layout';
import { keyOfMediaUrl } from '../storage';

const NO_CACHE = new Set(['sw.js', 'manifest.webmanifest', 'registerSW.js']);
/** `index.html.br` is index.html as far as caching goes. */
const withoutEncoding = (file: string) => file.replace(/\.(?:br|gz)$/, '');

/** `Range: bytes=a-b` or `bytes=a-` (one range); anything else is served whole. */
function rangeOf(header: string | undefined): { start: number; end?: number } | undefined {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, end };
}

/** Media kept in object storage, streamed through this server with Range support (videos seek). */
function mediaFromStorage(app: FastifyInstance) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      const key = keyOfMediaUrl(request.url.split('?')[0]!);
      if (!key) return reply.code(404).send({ detail: 'Not found.' });
      const range = rangeOf(request.headers.range);
      const object = await app.storage.get(key, range);
      if (!object) return reply.code(range ? 416 : 404).send({ detail: range ? 'Range not satisfiable.' : 'Not found.' });
      reply
        .header('content-type', object.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (object.range) {
        reply.code(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
        reply.header('content-length', String(object.range.end - object.range.start + 1));
      } else reply.header('content-length', String(object.size));
      if (request.method === 'HEAD') {
        object.body.destroy();
        return reply.send();
      }
      return reply.send(object.body);
    },
  });
}

async function staticPlugin(app: FastifyInstance, options: { distDir?: string }) {
  if (app.storage.kind === 'local')
    await app.register(fastifyStatic, {
      root: app.config.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
  else mediaFromStorage(app);
  // Uploaded files are data, never documents: they may not run anything even if opened directly.
  // Hooks that run for every request, the API's too, are synchronous: an async hook costs each
  // request a promise and a turn of the microtask queue.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/media/')) {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-origin');
    }
    done(null, payload);
  });

  const distDir = options.distDir;
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: ['index.html'],
    dotfiles: 'ignore',
    wildcard: true,
    preCompressed: true,
    setHeaders: (res, sent) => {
      const file = withoutEncoding(sent);
      const name = path.basename(file);
      const relative = path.relative(distDir, file);
      // HTML (index.html, the prerendered pages) names the current build's assets: always revalidated.
      if (NO_CACHE.has(name) || name.endsWith('.html')) res.header('Cache-Control', 'no-cache');
      else if (relative.startsWith('assets' + path.sep)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=86400');
    },
  });

  const pages = prerenderedPages(distDir);
  const appShellOf = appShellRoutes(distDir);
  if (pages.size === 0 && !appShellOf) return;
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?', 1)[0]!;
    const file = request.method === 'GET' || request.method === 'HEAD' ? (pages.get(pathname) ?? appShellOf?.(pathname)) : undefined;
    // Answered here: the hook chain ends with the page sent (done is not called).
    if (file) void reply.sendFile(file);
    else done();
  });
}

/** The prerendered pages of a build by path: `/` → prerendered/index.html, `/about/director` → prerendered/about/director.html. */
function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(distDir, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.html')) {
        const page = child.slice(PRERENDERED_DIR.length, -'.html'.length);
        pages.set(page === '/index' ? '/' : page, child);
      }
    }
  };
  if (existsSync(path.join(distDir, PRERENDERED_DIR))) walk(PRERENDERED_DIR);
  return pages;
}

/**
 * The app shell's copy for a path, by the build's list of route paths (`/book/$bookId` answers
 * `/book/7`; of two that answer, the one with more fixed segments); undefined without a list.
 */
export function appShellRoutes(distDir: string): ((pathname: string) => string | undefined) | undefined {
  const list = path.join(distDir, APP_SHELL_ROUTES);
  if (!existsSync(list)) return undefined;
  const segments = (route: string) => route.split('/').filter(Boolean);
  const routes = (JSON.parse(readFileSync(list, 'utf8')) as { path: string; file: string }[])
    .map(({ path: route, file }) => ({ parts: segments(route), file }))
    .sort((a, b) => b.parts.filter((part) => !part.startsWith('$')).length - a.parts.filter((part) => !part.startsWith('$')).length);
  return (pathname) => {
    // The API, media and files are never an app route, whatever a pattern's first segment.
    if (/^\/(?:api|media|assets)\//.test(pathname) || path.extname(pathname)) return undefined;
    const parts = segments(pathname);
    return routes.find((route) => route.parts.length === parts.length && route.parts.every((part, i) => part.startsWith('$') || part === parts[i]))?.file;
  };
}

export const staticFiles = fp(staticPlugin, { name: 'static-files', dependencies: ['repositories'] });
