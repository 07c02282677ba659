/**
 * Phone-sized copies of uploaded images: `GET /media/images/<file>?w=<width>` (a width of
 * IMAGE_VARIANT_WIDTHS) answers a WebP copy that wide — never wider than the original — made
 * with sharp on the first request, stored beside the uploads (`variants/w<width>/<file>.webp`,
 * in the same storage, so every app instance shares it) and streamed as stored afterwards. Any
 * other query, a GIF, or an image that is not there falls through to the original file (or
 * its 404). Concurrent first requests for one copy make it once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { hasImageVariants, IMAGE_VARIANT_WIDTHS } from '../../src/contract/image-variants';
import { keyOfMediaUrl, type MediaStorage } from '../storage';

const variantKeyOf = (key: string, width: number) => `variants/w${width}/${key.slice('images/'.length)}.webp`;

/** Removes an upload's bytes, and an image's phone-sized copies with it (an upload no content names any more). */
export async function removeUpload(storage: MediaStorage, url: string): Promise<void> {
  const key = keyOfMediaUrl(url);
  if (!key) return;
  await storage.delete(key);
  if (hasImageVariants(url)) await Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => storage.delete(variantKeyOf(key, width))));
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function makeVariant(app: FastifyInstance, key: string, width: number): Promise<Buffer | null> {
  const variantKey = variantKeyOf(key, width);
  const stored = await readAll(app.storage, variantKey);
  if (stored) return stored;
  const original = await readAll(app.storage, key);
  if (!original) return null;
  let output: Buffer;
  try {
    output = await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch (error) {
    // An original sharp cannot read again: the original itself is sent.
    app.log.warn({ err: (error as Error).message, key }, 'Could not make a smaller copy of an image');
    return null;
  }
  try {
    await app.storage.put(variantKey, output, 'image/webp');
  } catch (error) {
    // Another instance stored it first (EEXIST), or the disk is full: this copy is still sent.
    if ((error as { code?: string }).code !== 'EEXIST') app.log.warn({ err: (error as Error).message, variantKey }, 'Could not store a copy of an image');
  }
  return output;
}

async function imageVariantsPlugin(app: FastifyInstance) {
  const making = new Map<string, Promise<Buffer | null>>();
  /** The variant's bytes, or null when the original is to be served instead. */
  const variantOf = (key: string, width: number): Promise<Buffer | null> => {
    const id = `${width}:${key}`;
    let pending = making.get(id);
    if (!pending) {
      pending = makeVariant(app, key, width).finally(() => making.delete(id));
      making.set(id, pending);
    }
    return pending;
  };
  /** Sends the copy: streamed as stored, or the bytes just made. False when there is none (the original goes instead). */
  const sendVariant = async (request: FastifyRequest, reply: FastifyReply, key: string, width: number): Promise<boolean> => {
    const stored = await app.storage.get(variantKeyOf(key, width));
    const made = stored ? null : await variantOf(key, width);
    if (!stored && !made) return false;
    void reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(stored ? stored.size : made!.length));
    if (request.method === 'HEAD') {
      stored?.body.destroy();
      void reply.send();
    } else void reply.send(stored ? stored.body : made);
    return true;
  };
  // Runs for every request, the API's too: synchronous until it meets a variant's address.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/media/images/') || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    const [pathname = '', search] = request.url.split('?', 2);
    if (!search || !hasImageVariants(pathname)) return done();
    const width = Number(new URLSearchParams(search).get('w'));
    const key = (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width) ? keyOfMediaUrl(pathname) : null;
    if (!key) return done();
    // Answered here when there is a copy: the hook chain then ends with it sent (done is not called).
    sendVariant(request, reply, key, width).then((sent) => {
      if (!sent) done();
    }, done);
  });
}

export const imageVariants = fp(imageVariantsPlugin, { name: 'image-variants' });
