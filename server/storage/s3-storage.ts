/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, …), signed with AWS
 * Signature V4. Videos are streamed up from their temporary file, never held in memory.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { MediaStorage, StoredObject } from './media-storage';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` (MinIO and most self-hosted servers) rather than `https://bucket.endpoint/key`. */
  pathStyle: boolean;
}

export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  constructor(private readonly options: S3Options) {
    // Bodies are streams: a failed request cannot be replayed, so no automatic retries.
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      retries: 0,
    });
  }

  private urlOf(key: string): string {
    const endpoint = new URL(this.options.endpoint);
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    if (this.options.pathStyle) return `${endpoint.origin}/${this.options.bucket}/${encoded}`;
    return `${endpoint.protocol}//${this.options.bucket}.${endpoint.host}/${encoded}`;
  }

  private static async failure(response: Response, action: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    return new Error(`S3 ${action} failed with ${response.status}: ${text.slice(0, 200)}`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'PUT', body: Uint8Array.from(body), headers: { 'content-type': contentType } });
    if (!response.ok) throw await S3Storage.failure(response, `PUT ${key}`);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream;
    // A streamed request body needs `duplex: 'half'` in Node's fetch; aws4fetch's RequestInit type does not name it.
    const init = {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType, 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      duplex: 'half' as const,
    };
    const response = await this.client.fetch(this.urlOf(key), init);
    if (!response.ok) throw await S3Storage.failure(response, `PUT ${key}`);
    await rm(file, { force: true });
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
    const response = await this.client.fetch(this.urlOf(key), { method: 'GET', headers });
    if (response.status === 404) return null;
    if (response.status === 416) return null;
    if (!response.ok || !response.body) throw await S3Storage.failure(response, `GET ${key}`);
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream);
    const contentRange = response.headers.get('content-range');
    if (response.status === 206 && contentRange) {
      const match = /bytes (\d+)-(\d+)\/(\d+)/.exec(contentRange);
      if (match) return { body, size: Number(match[3]), contentType, range: { start: Number(match[1]), end: Number(match[2]) } };
    }
    return { body, size: Number(response.headers.get('content-length') ?? 0), contentType };
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw await S3Storage.failure(response, `DELETE ${key}`);
  }
}
