/**
 * Images for phones: an upload is kept at most MAX_IMAGE_SIDE px on its longest side, and
 * `?w=` answers a stored WebP copy of that width (never wider than the original) that the PWA
 * lists in srcset. Real images made with sharp, real files under the test's media folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, MAX_IMAGE_SIDE } from '../../src/contract/image-variants';
import { createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'root@x.example', superuser: true });
  token = (await login(t, 'root@x.example')).access;
});
afterAll(() => t?.close());

async function uploadImage(data: Buffer, type: string, filename: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([data], { type }), filename);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload-image/',
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ imageUrl: string }>().imageUrl;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .composite([{ input: { create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: '#f4a259' } }, left: 10, top: 10 }])
    .png()
    .toBuffer();

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('uploaded images on a phone', () => {
  it('keeps a camera-sized upload at most MAX_IMAGE_SIDE px on its longest side, in proportion', async () => {
    const url = await uploadImage(await picture(4000, 3000), 'image/png', 'theatre.png');
    const { width, height } = await sharp((await get(url)).rawPayload).metadata();
    expect(width).toBe(MAX_IMAGE_SIDE);
    expect(height).toBe(Math.round((MAX_IMAGE_SIDE * 3) / 4));
  });

  it('answers each listed width with a WebP copy that wide, stored and sent again as it is', async () => {
    const url = await uploadImage(await picture(1800, 1200), 'image/png', 'port-sites.png');
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const first = await get(`${url}?w=${width}`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toContain('immutable');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(first.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 1800));
      const again = await get(`${url}?w=${width}`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers['content-length']).toBe(String(first.rawPayload.length));
      const head = await t.app.inject({ method: 'HEAD', url: `${url}?w=${width}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
    }
    const key = url.slice('/media/images/'.length);
    expect(existsSync(path.join(t.config.mediaDir, 'variants', 'w480', `${key}.webp`))).toBe(true);
    // Far smaller than the original for a phone.
    expect((await get(`${url}?w=480`)).rawPayload.length).toBeLessThan((await get(url)).rawPayload.length);
  });

  it('never enlarges a small image', async () => {
    const url = await uploadImage(await picture(300, 200), 'image/png', 'small.png');
    const { width } = await sharp((await get(`${url}?w=1440`)).rawPayload).metadata();
    expect(width).toBe(300);
  });

  it('sends the original for another width, and a 404 for an image that is not there', async () => {
    const url = await uploadImage(await picture(1000, 800), 'image/png', 'any.png');
    const other = await get(`${url}?w=123`);
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('image/png');
    const missing = await get('/media/images/2026-01/00000000000000000000000000000000.png?w=480');
    expect(missing.statusCode).toBe(404);
  });

  it('makes one copy when many phones ask for it at once', async () => {
    const url = await uploadImage(await picture(1600, 900), 'image/png', 'crowd.png');
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${url}?w=960`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('lists the copies in srcset for uploaded still images only', () => {
    expect(imageSrcSet('/media/images/2026-11/ab.png')).toBe(
      '/media/images/2026-11/ab.png?w=480 480w, /media/images/2026-11/ab.png?w=960 960w, /media/images/2026-11/ab.png?w=1440 1440w',
    );
    expect(imageSrcSet('/media/images/2026-11/ab.gif')).toBeUndefined();
    // A figure 1200 px wide: the copies narrower than it, then itself; one of 400 px has none.
    expect(imageSrcSet('/media/images/2026-11/ab.png', 1200)).toBe(
      '/media/images/2026-11/ab.png?w=480 480w, /media/images/2026-11/ab.png?w=960 960w, /media/images/2026-11/ab.png 1200w',
    );
    expect(imageSrcSet('/media/images/2026-11/ab.png', 400)).toBeUndefined();
    expect(imageSrcSet('/images/hero.svg')).toBeUndefined();
    expect(imageSrcSet('https://example.org/x.png')).toBeUndefined();
  });
});
