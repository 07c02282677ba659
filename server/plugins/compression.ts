/**
 * Smaller and conditional API answers: ETags on every answer with a body (a client's
 * conditional GET of a book, chapter or quiz gets a 304 and no body), and brotli or gzip for
 * answers of 1 KiB and more (chapter texts run to tens of KB). The built PWA is compressed at
 * build time and sent precompressed (plugins/static.ts); a body that already carries a
 * Content-Encoding is left as it is.
 */
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compressionPlugin(app: FastifyInstance) {
  // Weak: the tag names the JSON, whichever encoding carries it (RFC 9110 §8.8.1).
  await app.register(etag, { weak: true });
  // Request bodies are not inflated: the API accepts plain JSON and multipart only, as before.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
}

/** Register before the routes: @fastify/compress attaches itself to each route as it is added. */
export const compression = fp(compressionPlugin, { name: 'compression' });
