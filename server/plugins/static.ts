/**
 * Files: the built PWA (dist/) with the SPA fallback, and uploaded media with Range support,
 * long-lived caching and nosniff. The app shell and service worker are revalidated on every
 * use (no-cache), so a new version reaches users as soon as the worker updates; hashed assets
 * are immutable. The build writes `.br` and `.gz` copies beside each text file (vite.config.ts),
 * sent as they are with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
/** `index.html.br` is index.html as far as caching goes. */
const withoutEncoding = (file: string) => file.replace(/\.(?:br|gz)$/, '');

async function staticPlugin(app: FastifyInstance, options: { distDir?: string }) {
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
  // Uploaded files are data, never documents: they may not run anything even if opened directly.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/media/')) {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-origin');
    }
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
      if (NO_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
      else if (relative.startsWith('assets' + path.sep)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=86400');
    },
  });
}

export const staticFiles = fp(staticPlugin, { name: 'static-files', dependencies: ['repositories'] });
