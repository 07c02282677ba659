/**
 * Where uploaded media live. The API hands out `/media/<key>` URLs whatever the storage, so
 * chapters and covers never name a backend: the local folder (DATA_DIR/media, the default, for
 * one machine) or an S3-compatible bucket (several app instances).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** The requested bytes (all of them, or the asked range). */
  body: Readable;
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
  /** Set when a range was asked for and served. */
  range?: { start: number; end: number };
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under `key` (`images/2026-11/ab12.png`). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Moves a finished temporary file (a streamed video) to `key`; the temporary file is gone afterwards. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Reads an object, or a byte range of it; null when there is none. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** The storage key of a `/media/…` URL, or null when the URL is not one of ours. */
export function keyOfMediaUrl(url: string): string | null {
  if (!url.startsWith('/media/')) return null;
  const key = url.slice('/media/'.length);
  return /^[a-z]+\/[\w./-]+$/.test(key) && !key.split('/').includes('..') ? key : null;
}
