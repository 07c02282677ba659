/**
 * Uploads for chapter images, videos and book covers. Images are identified by their bytes
 * and re-encoded (a PNG header followed by HTML is not an image); SVG is refused. Videos
 * are streamed to disk, never held whole in memory, and must be MP4 by content.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { MAX_IMAGE_SIDE } from '../../src/contract/image-variants';
import { imageUploadedSchema, videoUploadedSchema } from '../../src/contract/media';
import { canUploadMedia } from '../../src/contract/permissions';
import { forbidden, HttpError } from '../lib/errors';
import { nowIso } from '../lib/time';
import { userOf } from '../plugins/auth';
import { errors, json } from './schemas';

const MAX_PIXELS = 40_000_000;
const IMAGE_TYPES: Record<string, { ext: string; format: 'jpeg' | 'png' | 'webp' | 'gif' }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
  'image/gif': { ext: 'gif', format: 'gif' },
};

const uploadError = (status: number, error: string) => new HttpError(status, { error });
const MALFORMED = 'The upload was malformed or cut short.';

/**
 * An error met while reading or storing an upload, in the API's words: a full disk is a 507,
 * the limits a 413 (the app's handler), and anything the multipart parser refuses (no
 * boundary, a body cut short, a broken header) a 400 — never a 500.
 */
function uploadFailure(error: unknown, tooLarge: string): unknown {
  if (error instanceof HttpError) return error;
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadError(413, tooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return uploadError(415, 'Send the file as multipart/form-data.');
  if (code === 'ENOSPC' || code === 'EDQUOT') return uploadError(507, 'The server has no space left for this upload.');
  // Other Fastify errors (parts and files limits) and system errors keep their own handling.
  if ((code && code.startsWith('FST_')) || syscall) return error;
  return uploadError(400, MALFORMED);
}
const randomName = (ext: string) => `${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${ext}`;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, config } = app;

  async function requireUploader(request: FastifyRequest) {
    const user = userOf(request);
    if (!canUploadMedia(user, user.is_superuser || (await repos.books.ownsAny(user.user_id))))
      throw forbidden('Only superusers and book owners may upload media.');
    return user;
  }

  /** The single file part of the request, under the expected field name. */
  async function filePart(request: FastifyRequest, field: string, maxBytes: number) {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBytes + 64 * 1024) throw uploadError(413, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
    let part;
    try {
      part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    } catch (error) {
      throw uploadFailure(error, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
    }
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw uploadError(400, `No file was sent in the '${field}' field.`);
    }
    return part;
  }

  /**
   * Records the file, then writes it: a crash between the two leaves a record of a file nobody
   * was given (harmless), never a file without its record. A failed write takes the record back.
   */
  async function store(
    relative: string,
    kind: 'image' | 'video',
    contentType: string,
    size: number,
    userId: number,
    write: () => Promise<void>,
  ): Promise<string> {
    const url = `/media/${kind}s/${relative}`;
    await repos.media.record({ path: url, kind, content_type: contentType, size, uploaded_by: userId, created_at: nowIso() });
    try {
      await write();
    } catch (error) {
      await repos.media.forget(url);
      throw error;
    }
    return url;
  }

  app.route({
    method: 'POST',
    url: '/media/upload-image/',
    schema: {
      summary: 'Upload an image (field `image`): JPEG, PNG, WebP or GIF, re-encoded',
      tags: ['media'],
      consumes: ['multipart/form-data'],
      response: {
        201: json('Stored', imageUploadedSchema),
        400: json('Not an acceptable image', z.object({ error: z.string() })),
        401: errors[401],
        403: errors[403],
        413: json('Too large', z.object({ error: z.string() })),
        415: json('Not a supported image type', z.object({ error: z.string() })),
      },
    },
    handler: async (request, reply) => {
      const user = await requireUploader(request);
      const part = await filePart(request, 'image', config.maxImageBytes);
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        throw uploadFailure(error, `The image is larger than ${Math.round(config.maxImageBytes / 1024 / 1024)} MiB.`);
      }
      const detected = await fileTypeFromBuffer(buffer);
      const type = detected && IMAGE_TYPES[detected.mime];
      if (!type) throw uploadError(415, 'Only JPEG, PNG, WebP and GIF images can be uploaded.');
      let output: Buffer;
      try {
        const image = sharp(buffer, { limitInputPixels: MAX_PIXELS, animated: type.format === 'gif' || type.format === 'webp' });
        // For an animation sharp reports the height of all frames stacked: that is the pixel count.
        const { width = 0, height = 0, pages = 1 } = await image.metadata();
        if (width * height > MAX_PIXELS) throw uploadError(413, 'The image has more than 40 megapixels.');
        // Re-encoding drops anything that is not pixels (scripts, trailing HTML, metadata). A
        // still image is kept at most MAX_IMAGE_SIDE px on its longest side: a camera's 6000 px
        // photo is never sent to a phone; smaller copies are made on request (plugins/image-variants.ts).
        const upright = image.rotate();
        const fitted = pages > 1 ? upright : upright.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
        output = await fitted.toFormat(type.format).toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const message = (error as Error).message ?? '';
        if (/pixel limit/i.test(message)) throw uploadError(413, 'The image has more than 40 megapixels.');
        throw uploadError(400, 'The image could not be read. It may be damaged.');
      }
      const relative = randomName(type.ext);
      const url = await store(relative, 'image', detected!.mime, output.length, user.user_id, async () => {
        try {
          await app.storage.put(`images/${relative}`, output, detected!.mime);
        } catch (error) {
          throw uploadFailure(error, 'The image is too large.');
        }
      });
      reply.code(201);
      return { imageUrl: url };
    },
  });

  app.route({
    method: 'POST',
    url: '/media/upload-video/',
    schema: {
      summary: 'Upload an MP4 video (field `video`), streamed to disk',
      tags: ['media'],
      consumes: ['multipart/form-data'],
      response: {
        201: json('Stored', videoUploadedSchema),
        400: json('No video', z.object({ error: z.string() })),
        401: errors[401],
        403: errors[403],
        413: json('Too large', z.object({ error: z.string() })),
        415: json('Not an MP4 video', z.object({ error: z.string() })),
      },
    },
    handler: async (request, reply) => {
      const user = await requireUploader(request);
      const part = await filePart(request, 'video', config.maxVideoBytes);
      const tmpDir = path.join(config.mediaDir, 'tmp');
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
      try {
        try {
          await pipeline(part.file, createWriteStream(tmp, { flags: 'wx' }));
        } catch (error) {
          throw uploadFailure(error, `The video is larger than ${Math.round(config.maxVideoBytes / 1024 / 1024)} MiB.`);
        }
        if (part.file.truncated) throw uploadError(413, `The video is larger than ${Math.round(config.maxVideoBytes / 1024 / 1024)} MiB.`);
        const detected = await fileTypeFromFile(tmp);
        if (detected?.mime !== 'video/mp4') throw uploadError(415, 'Only MP4 videos can be uploaded.');
        const relative = randomName('mp4');
        const { size } = await stat(tmp);
        const videoUrl = await store(relative, 'video', 'video/mp4', size, user.user_id, async () => {
          try {
            await app.storage.putFile(`videos/${relative}`, tmp, 'video/mp4');
          } catch (error) {
            throw uploadFailure(error, 'The video is too large.');
          }
        });
        reply.code(201);
        return { videoUrl };
      } finally {
        await rm(tmp, { force: true });
      }
    },
  });
};
