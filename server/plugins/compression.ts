/**
 * Smaller and conditional API answers: ETags on every answer with a body (a client's
 * conditional GET of a book, chapter or quiz gets a 304 and no body), and brotli or gzip for
 * answers of 1 KiB and more (chapter texts run to tens of KB). The built PWA is compressed at
 * build time and sent precompressed (plugins/static.ts); a body that already carries a
 * Content-Encoding is left as it is.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compressedCopiesOf, etagHash } from '../lib/json-body';

export const SYNC_THRESHOLD_BYTES = 1024 * 1024;

/**
 * zlib for @fastify/compress: a body the server keeps and sends again (lib/json-body.ts) is
 * compressed once per encoding and that copy sent from then on; any other payload as usual.
 */
const rememberingZlib = {
  brotliCompressSync: (bytes: Buffer, options?: zlib.BrotliOptions) => remembered(bytes, 'br', () => zlib.brotliCompressSync(bytes, options)),
  gzipSync: (bytes: Buffer, options?: zlib.ZlibOptions) => remembered(bytes, 'gzip', () => zlib.gzipSync(bytes, options)),
};

function remembered(bytes: Buffer, encoding: string, compress: () => Buffer): Buffer {
  const copies = compressedCopiesOf(bytes);
  if (!copies) return compress();
  let copy = copies.get(encoding);
  if (!copy) copies.set(encoding, (copy = compress()));
  return copy;
}

async function compressionPlugin(app: FastifyInstance) {
  // Weak: the tag names the JSON, whichever encoding carries it (RFC 9110 §8.8.1). The same
  // hash as answers prepared in advance (lib/json-body.ts), which arrive with their tag set.
  await app.register(etag, { weak: true, hashFn: etagHash });
  // Request bodies are not inflated: the API accepts plain JSON and multipart only, as before.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    zlib: rememberingZlib,
    // Buffered answers up to this size are compressed in one call (where kept bodies' copies
    // are reused) rather than through a stream: a chapter page runs to tens of KB.
    syncThreshold: SYNC_THRESHOLD_BYTES,
  });
}

/** Register before the routes: @fastify/compress attaches itself to each route as it is added. */
export const compression = fp(compressionPlugin, { name: 'compression' });
