/**
 * Media behind the storage interface: the local folder by default, and an S3-compatible bucket
 * (here s3rver, an S3-protocol server from npm, started by the test) for several instances.
 * With S3 nothing is written to DATA_DIR/media, uploads land in the bucket, and /media/ URLs are
 * served from it with Range support (videos seek).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../server/storage/local-storage';
import { S3Storage } from '../../server/storage/s3-storage';
import { createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

function box(type: string, body: Buffer) {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}
const mp4 = (mdatBytes: number) =>
  Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')])),
    box('free', Buffer.alloc(8)),
    box('mdat', randomBytes(mdatBytes)),
  ]);

async function upload(t: TestApp, token: string, kind: 'image' | 'video', data: Buffer) {
  const form = new FormData();
  form.append(kind, new Blob([data], { type: kind === 'image' ? 'image/png' : 'video/mp4' }), kind === 'image' ? 'a.png' : 'a.mp4');
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/media/upload-${kind}/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe('media in an S3-compatible bucket (MEDIA_STORAGE=s3)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'lap-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'media', configs: [] }] });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    t = await createTestApp({
      env: { MEDIA_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    await createUser(t, { email: 'su@x.example', superuser: true });
    token = (await login(t, 'su@x.example')).access;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores an uploaded image in the bucket, not on the local disk, and serves it at its /media/ URL', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload(t, token, 'image', png);
    expect(res.statusCode).toBe(201);
    const { imageUrl } = res.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/media\/images\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(filesUnder(path.join(t.config.mediaDir, 'images'))).toEqual([]);

    const bucket = new S3Storage({ endpoint, bucket: 'media', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', pathStyle: true });
    const stored = await bucket.get(imageUrl.slice('/media/'.length));
    expect(stored).not.toBeNull();

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('streams a video up to the bucket and serves byte ranges of it', async () => {
    const video = mp4(20_000);
    const res = await upload(t, token, 'video', video);
    expect(res.statusCode).toBe(201);
    const { videoUrl } = res.json() as { videoUrl: string };
    expect(filesUnder(path.join(t.config.mediaDir, 'tmp'))).toEqual([]);
    const whole = await t.app.inject({ method: 'GET', url: videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: videoUrl, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 1100))).toBe(true);
  });

  it('answers 404 for a media URL the bucket does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/images/2026-01/0123456789abcdef0123456789abcdef.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await t.app.inject({ method: 'GET', url: '/media/../secret_key' })).statusCode).toBe(404);
  });

  it('refuses to start without the bucket settings', async () => {
    await expect(createTestApp({ env: { MEDIA_STORAGE: 's3', S3_ENDPOINT: endpoint } })).rejects.toThrow(/S3_BUCKET: required when MEDIA_STORAGE=s3/);
  });
});

describe('media in the local folder (the default)', () => {
  it('puts, reads a range of, and deletes an object under DATA_DIR/media', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lap-local-'));
    try {
      const storage = new LocalStorage(root);
      await storage.put('images/2026-01/a.png', Buffer.from('0123456789'), 'image/png');
      const part = await storage.get('images/2026-01/a.png', { start: 2, end: 5 });
      const chunks: Buffer[] = [];
      for await (const chunk of part!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('2345');
      expect(part).toMatchObject({ size: 10, contentType: 'image/png', range: { start: 2, end: 5 } });
      await expect(storage.put('images/2026-01/a.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
      await storage.delete('images/2026-01/a.png');
      expect(await storage.get('images/2026-01/a.png')).toBeNull();
      await expect(storage.get('../outside')).rejects.toThrow(/Invalid media key/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
