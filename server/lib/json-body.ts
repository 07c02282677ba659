/**
 * A JSON answer built once and sent many times: its bytes and its ETag, computed when it is
 * built instead of for every request (hashing a 48 KB chapter page was a large part of
 * answering it), and its brotli and gzip copies made once, when a client first asks for each
 * (plugins/compression.ts). The tag is the one plugins/compression.ts gives any other answer.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The hash behind every ETag the server sends (SHA-1, base64), as @fastify/etag computes it by default. */
export const etagHash = (payload: string | Buffer) => createHash('sha1').update(payload).digest('base64');

/** The compressed copies of kept bodies, by encoding, made on first use (plugins/compression.ts); gone with the body. */
const compressedCopies = new WeakMap<Buffer, Map<string, Buffer>>();

/** The copies of `bytes` compressed so far when it is a kept body's, to be reused; undefined for any other payload. */
export const compressedCopiesOf = (bytes: Buffer): Map<string, Buffer> | undefined => compressedCopies.get(bytes);

export class JsonBody {
  readonly bytes: Buffer;
  /** Weak: the tag names the JSON, whichever encoding carries it (RFC 9110 §8.8.1). */
  readonly etag: string;

  constructor(text: string) {
    this.bytes = Buffer.from(text);
    this.etag = `W/"${etagHash(this.bytes)}"`;
    compressedCopies.set(this.bytes, new Map());
  }
}

/** Sends a prepared body: the ETag plugin sees the tag already set and only answers a matching If-None-Match with a 304. */
export function sendJsonBody(reply: FastifyReply, body: JsonBody) {
  return reply.type('application/json; charset=utf-8').header('etag', body.etag).send(body.bytes);
}
